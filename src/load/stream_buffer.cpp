#include "stream_buffer.h"

#include <algorithm>
#include <optional>

#include "json_scan.h"
#include "document/value.h"

namespace podfit {

StreamBuffer::StreamBuffer(Input& input, size_t chunk) : input_(input), chunk_(chunk) {
  size_t room = chunk_;
  // A small input is read whole into a buffer its size, with a small chunk to spare for the
  // read that sees its end, so that the buffer never grows.
  if (std::optional<uint64_t> left = input_.size_hint(); left && *left < chunk_) {
    chunk_ = std::min(chunk_, kMinChunk);
    room = static_cast<size_t>(*left) + chunk_;
  }
  capacity_ = room + kPadding;
  data_ = std::make_unique_for_overwrite<char[]>(capacity_);
  std::memset(data_.get(), 0, kPadding);
}

void StreamBuffer::count_lines_to(uint64_t pos) {
  if (pos <= line_pos_) return;
  const char* from = ptr(line_pos_);
  line_ += static_cast<int>(count_newlines(from, static_cast<size_t>(pos - line_pos_)));
  line_pos_ = pos;
}

int StreamBuffer::line_of(uint64_t pos) {
  if (pos < base_) return 0;  // dropped from the window: no longer known
  if (pos < line_pos_) {
    // Rare: an earlier position (an error inside an object already scanned past).
    const char* from = ptr(pos);
    return line_ - static_cast<int>(count_newlines(from, static_cast<size_t>(line_pos_ - pos)));
  }
  count_lines_to(pos);
  return line_;
}

bool StreamBuffer::fill_until(uint64_t pos) {
  while (pos >= base_ + size_) {
    if (eof_) return false;
    if (capacity_ - kPadding - size_ < chunk_) {
      // Make room: drop what is no longer needed (after counting its lines), then grow
      // if what must be kept still fills the buffer.
      uint64_t drop_to = std::min<uint64_t>(keep_, base_ + size_);
      if (drop_to > base_) {
        count_lines_to(drop_to);
        size_t drop = static_cast<size_t>(drop_to - base_);
        std::memmove(data_.get(), data_.get() + drop, size_ - drop);
        size_ -= drop;
        base_ = drop_to;
      }
      if (capacity_ - kPadding - size_ < chunk_) {
        size_t wanted = std::max(capacity_ * 2, size_ + chunk_ + kPadding);
        auto bigger = std::make_unique_for_overwrite<char[]>(wanted);
        std::memcpy(bigger.get(), data_.get(), size_);
        data_ = std::move(bigger);
        capacity_ = wanted;
      }
    }
    size_t got = input_.read(data_.get() + size_, capacity_ - kPadding - size_);
    if (got == 0) eof_ = true;
    size_ += got;
    std::memset(data_.get() + size_, 0, kPadding);
  }
  return true;
}

}  // namespace podfit
