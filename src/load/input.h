// Byte sources the loader reads: files, standard input, or text held in memory (tests).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace podfit {

class Input {
 public:
  virtual ~Input() = default;
  // Up to n bytes into dst; 0 at end of input. Throws DecodeError on I/O failure.
  virtual size_t read(char* dst, size_t n) = 0;
  // The name messages use: the path as given, or "<stdin>".
  virtual const std::string& name() const = 0;
  // The bytes left to read when known in advance (a regular file, a text), so buffers fit small inputs.
  virtual std::optional<uint64_t> size_hint() const { return std::nullopt; }
};

// Reads a file descriptor (file or pipe) without buffering of its own.
std::unique_ptr<Input> open_fd_input(int fd, std::string name, bool owns_fd);
// Reads an in-memory text.
std::unique_ptr<Input> open_text_input(std::string_view text, std::string name);

}  // namespace podfit
