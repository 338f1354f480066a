// kubectl splits a YAML stream at its "---" lines and decodes each document on its own, so a
// UTF-8 byte order mark may open any document, not only the stream. This filter drops one at the
// start of a document that follows a separator line, as that per-document decoding ignores it.
#pragma once

#include <string>

#include "input.h"

namespace podfit {

class DocumentBomFilter final : public Input {
 public:
  explicit DocumentBomFilter(Input& inner) : inner_(inner) {}
  size_t read(char* dst, size_t n) override;
  const std::string& name() const override { return inner_.name(); }
  std::optional<uint64_t> size_hint() const override { return inner_.size_hint(); }

 private:
  // Where the current line stands as a separator candidate: "---", then blanks or a comment.
  enum class Separator { Dashes, Tail, Comment, No };

  void take(char c, std::string& out);

  Input& inner_;
  char buffer_[1 << 14];
  size_t pos_ = 0, len_ = 0;
  bool at_end_ = false;
  Separator separator_ = Separator::Dashes;
  int dashes_ = 0;
  int bom_matched_ = -1;  // bytes of a BOM matched at a document's start; -1 when none is sought
  std::string pending_;   // bytes to hand on before reading more
  size_t pending_pos_ = 0;
};

}  // namespace podfit
