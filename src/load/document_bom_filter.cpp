#include "document_bom_filter.h"

#include <algorithm>
#include <cstring>

namespace podfit {
namespace {

constexpr char kBom[] = "\xEF\xBB\xBF";

}  // namespace

void DocumentBomFilter::take(char c, std::string& out) {
  if (bom_matched_ >= 0) {
    if (c == kBom[bom_matched_]) {
      if (++bom_matched_ == 3) bom_matched_ = -1;  // a whole mark: dropped
      return;
    }
    out.append(kBom, static_cast<size_t>(bom_matched_));  // not a mark after all
    bom_matched_ = -1;
  }
  out.push_back(c);
  if (c == '\n') {
    // A separator line: the next line opens a document, which may start with a mark.
    const bool separator = (separator_ == Separator::Tail || separator_ == Separator::Comment);
    bom_matched_ = separator ? 0 : -1;
    separator_ = Separator::Dashes;
    dashes_ = 0;
    return;
  }
  switch (separator_) {
    case Separator::Dashes:
      if (c == '-' && ++dashes_ == 3) separator_ = Separator::Tail;
      else if (c != '-') separator_ = Separator::No;
      break;
    case Separator::Tail:
      if (c == '#') separator_ = Separator::Comment;
      else if (c != ' ' && c != '\t' && c != '\r') separator_ = Separator::No;
      break;
    case Separator::Comment:
    case Separator::No: break;
  }
}

size_t DocumentBomFilter::read(char* dst, size_t n) {
  while (pending_pos_ == pending_.size()) {
    pending_.clear();
    pending_pos_ = 0;
    if (pos_ == len_) {
      if (at_end_) return 0;
      len_ = inner_.read(buffer_, sizeof buffer_);
      pos_ = 0;
      if (len_ == 0) {
        at_end_ = true;
        // A partial mark at the very end is text.
        if (bom_matched_ > 0) pending_.append(kBom, static_cast<size_t>(bom_matched_));
        bom_matched_ = -1;
        if (pending_.empty()) return 0;
        break;
      }
    }
    while (pos_ < len_) {
      // Once a line is known to be no separator (or a separator's comment), its bytes up to the
      // newline go on as they are.
      if (bom_matched_ < 0 && (separator_ == Separator::No || separator_ == Separator::Comment)) {
        const void* newline = std::memchr(buffer_ + pos_, '\n', len_ - pos_);
        const size_t end = newline != nullptr ? static_cast<size_t>(static_cast<const char*>(newline) - buffer_) : len_;
        pending_.append(buffer_ + pos_, end - pos_);
        pos_ = end;
        if (newline == nullptr) break;
      }
      take(buffer_[pos_++], pending_);
    }
  }
  const size_t k = std::min(n, pending_.size() - pending_pos_);
  std::memcpy(dst, pending_.data() + pending_pos_, k);
  pending_pos_ += k;
  return k;
}

}  // namespace podfit
