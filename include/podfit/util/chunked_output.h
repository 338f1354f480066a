// An output stream that hands what is written to another stream a chunk at a time: large
// reports go out as they are made instead of growing one string, and the owner learns when a
// chunk is about to go (to clear a progress line off the terminal first).
#pragma once

#include <functional>
#include <ostream>
#include <streambuf>
#include <vector>

namespace podfit {

class ChunkedOutputBuffer : public std::streambuf {
 public:
  ChunkedOutputBuffer(std::ostream& out, std::size_t chunk_bytes, std::function<void()> before_write = {})
      : out_(out), chunk_(chunk_bytes), before_write_(std::move(before_write)) {
    setp(chunk_.data(), chunk_.data() + chunk_.size());
  }
  ChunkedOutputBuffer(const ChunkedOutputBuffer&) = delete;
  ChunkedOutputBuffer& operator=(const ChunkedOutputBuffer&) = delete;
  ~ChunkedOutputBuffer() override { write_chunk(); }

 protected:
  int_type overflow(int_type ch) override {
    write_chunk();
    if (traits_type::eq_int_type(ch, traits_type::eof())) return traits_type::not_eof(ch);
    *pptr() = traits_type::to_char_type(ch);
    pbump(1);
    return ch;
  }
  std::streamsize xsputn(const char* text, std::streamsize n) override {
    const std::streamsize room = epptr() - pptr();
    if (n <= room) {
      traits_type::copy(pptr(), text, static_cast<std::size_t>(n));
      pbump(static_cast<int>(n));
      return n;
    }
    write_chunk();
    // A piece larger than a chunk goes out as it is; a smaller one starts the next chunk.
    if (n >= static_cast<std::streamsize>(chunk_.size())) {
      if (before_write_) before_write_();
      out_.write(text, n);
      return n;
    }
    return xsputn(text, n);
  }
  int sync() override {
    write_chunk();
    out_.flush();
    return out_ ? 0 : -1;
  }

 private:
  void write_chunk() {
    const std::streamsize n = pptr() - pbase();
    if (n == 0) return;
    if (before_write_) before_write_();
    out_.write(pbase(), n);
    setp(chunk_.data(), chunk_.data() + chunk_.size());
  }

  std::ostream& out_;
  std::vector<char> chunk_;
  std::function<void()> before_write_;
};

}  // namespace podfit
