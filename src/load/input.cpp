#include "input.h"

#include <cerrno>
#include <cstring>
#include <sys/stat.h>
#include <unistd.h>

#include <fmt/format.h>

#include "document/value.h"

namespace podfit {
namespace {

class FdInput final : public Input {
 public:
  FdInput(int fd, std::string name, bool owns) : fd_(fd), name_(std::move(name)), owns_(owns) {
    struct stat st {};
    if (::fstat(fd_, &st) == 0 && S_ISREG(st.st_mode)) {
      const off_t at = ::lseek(fd_, 0, SEEK_CUR);
      if (at >= 0 && st.st_size >= at) size_hint_ = static_cast<uint64_t>(st.st_size - at);
    }
  }
  ~FdInput() override {
    if (owns_) ::close(fd_);
  }
  size_t read(char* dst, size_t n) override {
    for (;;) {
      ssize_t got = ::read(fd_, dst, n);
      if (got >= 0) return static_cast<size_t>(got);
      if (errno == EINTR) continue;
      throw DecodeError{fmt::format("cannot read: {}", std::strerror(errno)), 0};
    }
  }
  const std::string& name() const override { return name_; }
  std::optional<uint64_t> size_hint() const override { return size_hint_; }

 private:
  int fd_;
  std::string name_;
  bool owns_;
  std::optional<uint64_t> size_hint_;
};

class TextInput final : public Input {
 public:
  TextInput(std::string_view text, std::string name) : text_(text), name_(std::move(name)) {}
  size_t read(char* dst, size_t n) override {
    size_t k = std::min(n, text_.size() - pos_);
    std::memcpy(dst, text_.data() + pos_, k);
    pos_ += k;
    return k;
  }
  const std::string& name() const override { return name_; }
  std::optional<uint64_t> size_hint() const override { return text_.size() - pos_; }

 private:
  std::string_view text_;
  size_t pos_ = 0;
  std::string name_;
};

}  // namespace

std::unique_ptr<Input> open_fd_input(int fd, std::string name, bool owns_fd) {
  return std::make_unique<FdInput>(fd, std::move(name), owns_fd);
}

std::unique_ptr<Input> open_text_input(std::string_view text, std::string name) {
  return std::make_unique<TextInput>(text, std::move(name));
}

}  // namespace podfit
