#include "yaml_reader.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <memory>
#include <new>
#include <span>
#include <limits>
#include <string>
#include <type_traits>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include <fmt/format.h>
#include <yaml.h>

#include "decode_pipeline.h"
#include "yaml_scalar.h"

namespace podfit {
namespace {

// A node of one YAML document. An alias is a node of its own that points at the anchored
// node, so the tree is a DAG whose alias edges can be told apart.
struct YamlNode {
  enum class Kind : uint8_t { Scalar, Sequence, Mapping, Alias };
  Kind kind = Kind::Scalar;
  bool plain = false;        // unquoted and untagged: typed by go-yaml's resolution
  bool string_tag = false;   // explicitly tagged !!str
  int line = 0;
  std::string_view text;                        // held by the node's arena
  std::span<const YamlNode* const> children;  // sequence items, or key, value, key, value ...
  const YamlNode* target = nullptr;       // Alias: the anchored node
};

// The node an alias stands for; any other node itself.
const YamlNode* resolve(const YamlNode* n) { return n->kind == YamlNode::Kind::Alias ? n->target : n; }

bool is_merge_key(const YamlNode* key);

// go-yaml's guard against alias bombs (decode.go, allowedAliasRatio), counted as go-yaml counts
// while it decodes a whole document: every node each time it is reached, keys included, and
// those reached through an alias as aliased too. Up to 400,000 decoded nodes 99% may be
// aliased, falling to 10% at 4,000,000. podfit holds each object whole, so the scalar bytes that
// aliases repeat are bounded by the object size limit as well.
class AliasBudget {
 public:
  AliasBudget(size_t max_bytes, int max_depth) : max_bytes_(max_bytes), max_depth_(max_depth) {}

  // Counts `node` and everything decoding would reach from it.
  void walk(const YamlNode* node, int alias_depth = 0, int depth = 0) {
    if (depth > max_depth_) throw DecodeError{fmt::format("nesting deeper than {} levels", max_depth_), node->line};
    ++decoded_;
    if (alias_depth > 0) ++aliased_;
    if (aliased_ > 100 && decoded_ > 1000 &&
        static_cast<double>(aliased_) > allowed_ratio() * static_cast<double>(decoded_)) {
      throw DecodeError{"document contains excessive aliasing", node->line};
    }
    switch (node->kind) {
      case YamlNode::Kind::Alias: walk(node->target, alias_depth + 1, depth); return;
      case YamlNode::Kind::Scalar:
        if (alias_depth > 0 && (aliased_bytes_ += node->text.size()) > max_bytes_) {
          throw DecodeError{fmt::format("object larger than {} bytes once its YAML aliases are expanded: raise the "
                                        "limit with --max-object-bytes",
                                        max_bytes_),
                            node->line};
        }
        return;
      case YamlNode::Kind::Sequence:
        for (const YamlNode* child : node->children) walk(child, alias_depth, depth + 1);
        return;
      case YamlNode::Kind::Mapping:
        for (size_t i = 0; i + 1 < node->children.size(); i += 2) {
          // A merge key itself is not decoded; what it merges is.
          if (!is_merge_key(node->children[i])) walk(node->children[i], alias_depth, depth + 1);
          walk(node->children[i + 1], alias_depth, depth + 1);
        }
        return;
    }
  }

 private:
  double allowed_ratio() const {
    constexpr double kLow = 400'000;
    constexpr double kHigh = 4'000'000;
    const double n = static_cast<double>(decoded_);
    if (n <= kLow) return 0.99;
    if (n >= kHigh) return 0.10;
    return 0.99 - 0.89 * ((n - kLow) / (kHigh - kLow));
  }

  size_t max_bytes_;
  int max_depth_;
  size_t decoded_ = 0;
  size_t aliased_ = 0;
  size_t aliased_bytes_ = 0;
};

bool is_merge_key(const YamlNode* key) {
  key = resolve(key);
  return key->kind == YamlNode::Kind::Scalar && key->plain && key->text == "<<";
}

class YamlValue final : public Value {
 public:
  YamlValue(const YamlNode* node, const Value* parent, std::string_view key, int index)
      : Value(parent, key, index), n_(resolve(node)) {}

  YamlScalar scalar() const {
    if (n_->plain) return resolve_plain_scalar(n_->text);
    return YamlScalar{};  // quoted, block or !!str: a string
  }

  Type type() const override {
    switch (n_->kind) {
      case YamlNode::Kind::Sequence: return Type::Array;
      case YamlNode::Kind::Mapping: return Type::Object;
      case YamlNode::Kind::Scalar:
      case YamlNode::Kind::Alias: break;  // values hold resolved nodes: never an alias
    }
    switch (scalar().kind) {
      case YamlScalar::Kind::Null: return Type::Null;
      case YamlScalar::Kind::Bool: return Type::Bool;
      case YamlScalar::Kind::Int:
      case YamlScalar::Kind::Uint:
      case YamlScalar::Kind::Float: return Type::Number;
      case YamlScalar::Kind::String: return Type::String;
    }
    return Type::String;
  }

  std::string string() const override {
    if (n_->kind != YamlNode::Kind::Scalar) fail_type("a string");
    // kubectl sends YAML as the JSON it converts to: `yes`, `1.0` or `!!int 5` arrive as a
    // boolean or number, which a string field refuses.
    YamlScalar s = scalar();
    if (s.kind == YamlScalar::Kind::Null) return {};
    if (s.kind != YamlScalar::Kind::String) fail_type("a string");
    return std::string(n_->text);
  }

  bool boolean() const override {
    if (n_->kind == YamlNode::Kind::Scalar) {
      YamlScalar s = scalar();
      if (s.kind == YamlScalar::Kind::Bool) return s.b;
      if (s.kind == YamlScalar::Kind::Null) return false;
    }
    fail_type("a boolean");
  }

  int64_t int64() const override {
    if (n_->kind == YamlNode::Kind::Scalar) {
      YamlScalar s = scalar();
      switch (s.kind) {
        case YamlScalar::Kind::Null: return 0;
        case YamlScalar::Kind::Int: return s.i;
        case YamlScalar::Kind::Uint: fail("number is out of range for a 64-bit integer");
        case YamlScalar::Kind::Float:
          // The YAML is converted to JSON first: an integral float is written as an integer.
          if (std::isfinite(s.f) && s.f == std::floor(s.f) && std::fabs(s.f) < 9.2e18) {
            return static_cast<int64_t>(s.f);
          }
          if (s.f == std::floor(s.f)) fail("number is out of range for a 64-bit integer");
          fail(fmt::format("expected an integer, got {}", n_->text));
        default: break;
      }
    }
    fail_type("an integer");
  }

  std::string quantity_text() const override {
    if (n_->kind != YamlNode::Kind::Scalar) fail_type("a quantity (a string or a number)");
    YamlScalar s = scalar();
    switch (s.kind) {
      case YamlScalar::Kind::Null: return {};
      case YamlScalar::Kind::Int: return std::to_string(s.i);
      case YamlScalar::Kind::Uint: return std::to_string(s.u);
      case YamlScalar::Kind::Float:
        if (!std::isfinite(s.f)) fail(fmt::format("unsupported value: {}", n_->text));
        return format_json_float(s.f);
      case YamlScalar::Kind::Bool: fail_type("a quantity (a string or a number)");
      case YamlScalar::Kind::String: return std::string(n_->text);
    }
    return std::string(n_->text);
  }

  void fields(FunctionRef<void(std::string_view, const Value&)> visit) const override {
    if (n_->kind == YamlNode::Kind::Scalar && scalar().kind == YamlScalar::Kind::Null) return;
    if (n_->kind != YamlNode::Kind::Mapping) fail_type("an object");
    if (visit_string_keys(visit)) return;
    // Explicit keys win over merged ones (<<: *anchor), and only explicit duplicates are errors.
    std::unordered_set<std::string> explicit_keys;
    bool has_merge = false;
    for (size_t i = 0; i + 1 < n_->children.size(); i += 2) {
      const YamlNode* k = n_->children[i];
      if (is_merge_key(k)) {
        has_merge = true;
        continue;
      }
      std::string key = key_string(k);
      if (!explicit_keys.insert(key).second) {
        YamlValue child(n_->children[i + 1], this, key, -1);
        child.fail(fmt::format("duplicate field \"{}\"", key));
      }
    }
    if (has_merge) {
      std::unordered_set<std::string> merged;
      for (size_t i = 0; i + 1 < n_->children.size(); i += 2) {
        if (is_merge_key(n_->children[i])) visit_merge(n_->children[i + 1], explicit_keys, merged, visit);
      }
    }
    for (size_t i = 0; i + 1 < n_->children.size(); i += 2) {
      const YamlNode* k = n_->children[i];
      if (is_merge_key(k)) continue;
      std::string key = key_string(k);
      YamlValue child(n_->children[i + 1], this, key, -1);
      visit(child.key_, child);
    }
  }

  void elements(FunctionRef<void(const Value&)> visit) const override {
    if (n_->kind == YamlNode::Kind::Scalar && scalar().kind == YamlScalar::Kind::Null) return;
    if (n_->kind != YamlNode::Kind::Sequence) fail_type("a list");
    int i = 0;
    for (const YamlNode* item : n_->children) {
      YamlValue child(item, this, {}, i++);
      visit(child);
    }
  }

  int line() const override { return n_->line; }

 private:
  // The common mapping, visited without allocating: at most 32 keys, each a string as written,
  // none repeated and no merge. Returns false, having visited nothing, for any other mapping.
  bool visit_string_keys(FunctionRef<void(std::string_view, const Value&)> visit) const {
    constexpr size_t kMaxKeys = 32;
    const size_t count = n_->children.size() / 2;
    if (count > kMaxKeys) return false;
    std::array<std::string_view, kMaxKeys> keys;
    for (size_t i = 0; i < count; ++i) {
      const YamlNode* k = resolve(n_->children[2 * i]);
      if (k->kind != YamlNode::Kind::Scalar) return false;
      if (k->plain && (k->text == "<<" || resolve_plain_scalar(k->text).kind != YamlScalar::Kind::String)) return false;
      keys[i] = k->text;
      for (size_t j = 0; j < i; ++j) {
        if (keys[j] == keys[i]) return false;  // the general path names the duplicate
      }
    }
    for (size_t i = 0; i < count; ++i) {
      YamlValue child(n_->children[2 * i + 1], this, keys[i], -1);
      visit(child.key_, child);
    }
    return true;
  }

  // Map keys become JSON member names as sigs.k8s.io/yaml converts them.
  std::string key_string(const YamlNode* k) const {
    k = resolve(k);
    if (k->kind != YamlNode::Kind::Scalar) {
      throw DecodeError{fmt::format("{}: a mapping key must be a scalar", path().empty() ? "document" : path()), k->line};
    }
    if (!k->plain) return std::string(k->text);
    YamlScalar s = resolve_plain_scalar(k->text);
    switch (s.kind) {
      case YamlScalar::Kind::Null:
        throw DecodeError{fmt::format("{}: a null mapping key is not supported", path().empty() ? "document" : path()), k->line};
      case YamlScalar::Kind::Bool: return s.b ? "true" : "false";
      case YamlScalar::Kind::Int: return std::to_string(s.i);
      case YamlScalar::Kind::Uint: return std::to_string(s.u);
      case YamlScalar::Kind::Float: {
        std::string f = format_go_float32(s.f);
        if (f == "+Inf") return ".inf";
        if (f == "-Inf") return "-.inf";
        if (f == "NaN") return ".nan";
        return f;
      }
      case YamlScalar::Kind::String: return std::string(k->text);
    }
    return std::string(k->text);
  }

  void visit_merge(const YamlNode* source, const std::unordered_set<std::string>& explicit_keys,
                   std::unordered_set<std::string>& merged,
                   FunctionRef<void(std::string_view, const Value&)> visit) const {
    source = resolve(source);
    if (source->kind == YamlNode::Kind::Sequence) {
      // Earlier mappings of a merge list take precedence.
      for (const YamlNode* m : source->children) visit_merge(m, explicit_keys, merged, visit);
      return;
    }
    if (source->kind != YamlNode::Kind::Mapping) {
      throw DecodeError{"map merge requires map or sequence of maps as the value", source->line};
    }
    for (size_t i = 0; i + 1 < source->children.size(); i += 2) {
      if (is_merge_key(source->children[i])) continue;
      std::string key = key_string(source->children[i]);
      if (explicit_keys.count(key) || !merged.insert(key).second) continue;
      YamlValue child(source->children[i + 1], this, *merged.find(key), -1);
      visit(child.key_, child);
    }
  }

  const YamlNode* n_;
};

// The nodes of a run of objects, their scalars and child lists: a node costs no allocation of
// its own, and a batch's nodes are freed at once.
class YamlArena {
 public:
  YamlNode& make() {
    static_assert(std::is_trivially_destructible_v<YamlNode>, "nodes are freed with their blocks");
    ++nodes_;
    return *new (allocate(sizeof(YamlNode), alignof(YamlNode))) YamlNode{};
  }
  size_t size() const { return nodes_; }

  std::string_view copy_text(const char* text, size_t size) {
    if (size == 0) return {};
    char* out = static_cast<char*>(allocate(size, 1));
    std::memcpy(out, text, size);
    return {out, size};
  }
  std::span<const YamlNode* const> copy_children(const std::vector<const YamlNode*>& children, size_t from) {
    const size_t count = children.size() - from;
    if (count == 0) return {};
    auto* out = static_cast<const YamlNode**>(allocate(count * sizeof(const YamlNode*), alignof(const YamlNode*)));
    std::copy(children.begin() + static_cast<std::ptrdiff_t>(from), children.end(), out);
    return {out, count};
  }

 private:
  void* allocate(size_t size, size_t align) {
    used_ = (used_ + align - 1) & ~(align - 1);
    if (blocks_.empty() || used_ + size > block_size_) {
      block_size_ = std::max(kBlockBytes, size);
      blocks_.push_back(std::make_unique<char[]>(block_size_));
      used_ = 0;
    }
    void* out = blocks_.back().get() + used_;
    used_ += size;
    return out;
  }

  static constexpr size_t kBlockBytes = size_t{64} << 10;
  size_t nodes_ = 0;
  std::vector<std::unique_ptr<char[]>> blocks_;
  size_t block_size_ = 0;
  size_t used_ = 0;
};

// Objects built from the stream, for a worker to decode. Nodes stay where they were built: in
// the batch's arena, or, through an alias, in an earlier arena of the same document.
struct YamlBatch {
  struct Item {
    const YamlNode* node;
    int line;
    int document;
    int item;
    uint64_t object;
    std::string list_kind;
  };
  std::shared_ptr<const YamlArena> arena;
  std::vector<std::shared_ptr<const YamlArena>> anchored;  // earlier arenas aliases may point into
  std::vector<Item> items;
};

// A worker's half of the reader: hands each object of the batch over.
void decode_batch(const YamlBatch& batch, ObjectBatch& sink) {
  for (const YamlBatch::Item& item : batch.items) {
    try {
      sink.handle(YamlValue(item.node, nullptr, {}, -1),
                  ObjectContext{item.document, item.line, item.item, item.list_kind, item.object});
    } catch (DecodeError& e) {
      if (e.document == 0) e.document = item.document;
      sink.failed(e);
      return;
    }
  }
}

// Pulls libyaml events and builds nodes; streams the items of a top-level List.
class YamlStreamReader {
 public:
  YamlStreamReader(Input& input, const ReadLimits& limits, BatchFactory make_batch, size_t workers,
                   std::vector<std::string>* list_kinds = nullptr)
      : input_(input), limits_(limits), make_batch_(make_batch), list_kinds_(list_kinds), pipeline_(workers) {
    yaml_parser_initialize(&parser_);
    yaml_parser_set_input(&parser_, &YamlStreamReader::read_handler, this);
  }
  ~YamlStreamReader() {
    if (has_event_) yaml_event_delete(&event_);
    yaml_parser_delete(&parser_);
  }

  void run() {
    read_then_commit([&] { read_stream(); }, [&] { finish(); });
  }

 private:
  void read_stream() {
    next();  // STREAM_START
    for (;;) {
      next();
      if (event_.type == YAML_STREAM_END_EVENT) return;
      if (event_.type != YAML_DOCUMENT_START_EVENT) fail_here("unexpected YAML event");
      if (static_cast<size_t>(++document_) > limits_.max_documents) {
        fail_here(fmt::format("more than {} documents in one file", limits_.max_documents));
      }
      read_document();
    }
  }

  // Hands the batch being filled to a worker; its arena goes with it.
  void submit() {
    if (batch_.items.empty()) return;
    // Aliases further on in this document may point into this arena: keep it for them.
    if (anchors_defined_ != arena_anchors_mark_) anchored_arenas_.push_back(arena_);
    batch_.arena = std::move(arena_);
    batch_.anchored.insert(batch_.anchored.end(), anchored_arenas_.begin(), anchored_arenas_.end());
    auto batch = std::make_shared<YamlBatch>(std::move(batch_));
    batch_ = YamlBatch{};
    arena_ = std::make_shared<YamlArena>();
    arena_anchors_mark_ = anchors_defined_;
    std::shared_ptr<ObjectBatch> sink = make_batch_();
    pipeline_.submit([batch, sink] { decode_batch(*batch, *sink); }, [sink] { sink->commit(); });
  }

  // Every object read so far decoded and committed.
  void finish() {
    submit();
    pipeline_.finish();
  }

  static int read_handler(void* data, unsigned char* buffer, size_t size, size_t* size_read) {
    auto* self = static_cast<YamlStreamReader*>(data);
    try {
      size_t got = self->input_.read(reinterpret_cast<char*>(buffer), size);
      // A UTF-8 byte order mark at the start is accepted (libyaml handles it itself).
      self->remember_chunk(reinterpret_cast<const char*>(buffer), got);
      *size_read = got;
      return 1;
    } catch (DecodeError& e) {
      self->io_error_ = e.message;
      return 0;
    }
  }

  // The last two chunks handed to libyaml, to find the line of a byte it rejects (its reader
  // errors give a byte offset only).
  void remember_chunk(const char* data, size_t size) {
    Chunk& older = recent_[0];
    older = std::move(recent_[1]);
    Chunk& newest = recent_[1];
    newest.start = older.start + older.bytes.size();
    newest.lines_before = older.lines_before + static_cast<int>(std::count(older.bytes.begin(), older.bytes.end(), '\n'));
    newest.bytes.assign(data, size);
  }

  // 1-based line of byte `offset`, or 0 when it is no longer known.
  int line_of_offset(size_t offset) const {
    for (const Chunk& c : recent_) {
      if (offset >= c.start && offset < c.start + c.bytes.size()) {
        return c.lines_before + 1 + static_cast<int>(std::count(c.bytes.begin(), c.bytes.begin() + (offset - c.start), '\n'));
      }
    }
    return 0;
  }

  // libyaml's message, made to say what a user needs to fix.
  std::string parse_error() const {
    std::string message = parser_.problem ? parser_.problem : "invalid YAML";
    if (parser_.error == YAML_READER_ERROR) {
      // Not text at all, or not UTF-8: most likely not a manifest.
      std::string what = parser_.problem_value >= 0 ? fmt::format("0x{:02x} at byte {}", parser_.problem_value,
                                                                   parser_.problem_offset)
                                                     : fmt::format("at byte {}", parser_.problem_offset);
      return fmt::format("{} ({}): is this a YAML or JSON file?", message, what);
    }
    if (parser_.context) message = fmt::format("{} {}", parser_.context, message);
    // A key on one line longer than YAML's simple-key limit (1024 characters, in libyaml and
    // go-yaml alike) is dropped, and its ':' then fails as if misplaced: say which it is.
    if (parser_.error == YAML_SCANNER_ERROR && parser_.problem_mark.column > 1024 && parser_.problem != nullptr &&
        (std::string_view(parser_.problem) == "mapping values are not allowed in this context" ||
         std::string_view(parser_.problem) == "could not find expected ':'")) {
      message += " (is a mapping key longer than 1024 characters? YAML limits a key on one line to 1024)";
    }
    // libyaml does not name the character; when it is a tab, say that YAML indents with spaces.
    if (parser_.error == YAML_SCANNER_ERROR && parser_.buffer.pointer != nullptr &&
        parser_.buffer.pointer < parser_.buffer.last && *parser_.buffer.pointer == '\t') {
      message += " (a tab: YAML indents with spaces only)";
    }
    return message;
  }

  [[noreturn]] void fail(int line, std::string message) {
    throw DecodeError{std::move(message), line, document_};
  }
  [[noreturn]] void fail_here(std::string message) { fail(static_cast<int>(event_.start_mark.line) + 1, std::move(message)); }

  void next() {
    if (has_event_) {
      yaml_event_delete(&event_);
      has_event_ = false;
    }
    if (!yaml_parser_parse(&parser_, &event_)) {
      if (!io_error_.empty()) throw DecodeError{io_error_, 0, document_};
      int line = parser_.error == YAML_READER_ERROR ? line_of_offset(parser_.problem_offset)
                                                    : static_cast<int>(parser_.problem_mark.line) + 1;
      throw DecodeError{parse_error(), line, in_document_ ? document_ : document_ + 1};
    }
    has_event_ = true;
    if (event_.type == YAML_DOCUMENT_START_EVENT) in_document_ = true;
    if (event_.type == YAML_DOCUMENT_END_EVENT) in_document_ = false;
  }

  int event_line() const { return static_cast<int>(event_.start_mark.line) + 1; }

  YamlNode* make(YamlNode::Kind kind) {
    // The object being built is held whole in memory: no more than max_object_bytes of text.
    if (event_.end_mark.index - object_start_ > limits_.max_object_bytes) {
      fail(object_line_, object_too_large(limits_.max_object_bytes));
    }
    YamlNode& n = arena_->make();
    n.kind = kind;
    n.line = event_line();
    return &n;
  }

  void remember_anchor(const yaml_char_t* anchor, const YamlNode* node) {
    if (anchor == nullptr) return;
    anchors_[reinterpret_cast<const char*>(anchor)] = node;
    ++anchors_defined_;
  }

  // Where the object (document or List item) whose size is checked starts.
  void start_object() {
    object_start_ = event_.start_mark.index;
    object_line_ = event_line();
  }

  // Builds the node whose first event is the current one; consumes through its last event.
  const YamlNode* build(int depth) {
    if (depth > limits_.max_depth) fail_here(fmt::format("nesting deeper than {} levels", limits_.max_depth));
    switch (event_.type) {
      case YAML_ALIAS_EVENT: {
        auto it = anchors_.find(reinterpret_cast<const char*>(event_.data.alias.anchor));
        if (it == anchors_.end()) {
          fail_here(fmt::format("unknown anchor '{}' referenced", reinterpret_cast<const char*>(event_.data.alias.anchor)));
        }
        YamlNode* n = make(YamlNode::Kind::Alias);
        n->target = it->second;
        return n;
      }
      case YAML_SCALAR_EVENT: {
        YamlNode* n = make(YamlNode::Kind::Scalar);
        n->text = arena_->copy_text(reinterpret_cast<const char*>(event_.data.scalar.value), event_.data.scalar.length);
        const char* tag = reinterpret_cast<const char*>(event_.data.scalar.tag);
        n->string_tag = tag != nullptr && std::string_view(tag) == "tag:yaml.org,2002:str";
        n->plain = !n->string_tag && (event_.data.scalar.plain_implicit != 0 || (tag != nullptr && event_.data.scalar.style == YAML_PLAIN_SCALAR_STYLE));
        remember_anchor(event_.data.scalar.anchor, n);
        return n;
      }
      case YAML_SEQUENCE_START_EVENT: {
        YamlNode* n = make(YamlNode::Kind::Sequence);
        std::string anchor = event_.data.sequence_start.anchor ? reinterpret_cast<const char*>(event_.data.sequence_start.anchor) : "";
        const size_t from = children_.size();
        for (;;) {
          next();
          if (event_.type == YAML_SEQUENCE_END_EVENT) break;
          children_.push_back(build(depth + 1));
        }
        n->children = arena_->copy_children(children_, from);
        children_.resize(from);
        if (!anchor.empty()) remember_anchor(reinterpret_cast<const yaml_char_t*>(anchor.c_str()), n);
        return n;
      }
      case YAML_MAPPING_START_EVENT: {
        YamlNode* n = make(YamlNode::Kind::Mapping);
        std::string anchor = event_.data.mapping_start.anchor ? reinterpret_cast<const char*>(event_.data.mapping_start.anchor) : "";
        const size_t from = children_.size();
        for (;;) {
          next();
          if (event_.type == YAML_MAPPING_END_EVENT) break;
          children_.push_back(build(depth + 1));
          next();
          children_.push_back(build(depth + 1));
        }
        n->children = arena_->copy_children(children_, from);
        children_.resize(from);
        if (!anchor.empty()) remember_anchor(reinterpret_cast<const yaml_char_t*>(anchor.c_str()), n);
        return n;
      }
      default:
        fail_here("unexpected YAML event");
    }
  }

  // Adds `node` to the document's alias budget; `item` names the List item it belongs to.
  void count_aliases(const YamlNode* node, int depth = 0, int item = -1) {
    try {
      aliasing_.walk(node, 0, depth);
    } catch (DecodeError& e) {
      if (item >= 0) e.message = fmt::format("items[{}]: {}", item, e.message);
      e.document = document_;
      throw;
    }
  }

  void hand_over(const YamlNode* node, int line, int item, const std::string& list_kind) {
    batch_.items.push_back(YamlBatch::Item{node, line, document_, item, objects_++, list_kind});
    if (arena_->size() >= kBatchNodes) submit();
  }

  // About a hundred pods: enough to keep a worker busy for a while, few enough that batches
  // waiting for their commit hold little memory.
  static constexpr size_t kBatchNodes = 32768;

  static bool is_null_scalar(const YamlNode* n) {
    n = resolve(n);
    return n->kind == YamlNode::Kind::Scalar && n->plain && resolve_plain_scalar(n->text).kind == YamlScalar::Kind::Null;
  }

  void read_document() {
    // A new document: its aliases can only point at its own anchors. The batch being filled
    // keeps the arenas the previous document's objects may point into.
    anchors_.clear();
    batch_.anchored.insert(batch_.anchored.end(), anchored_arenas_.begin(), anchored_arenas_.end());
    anchored_arenas_.clear();
    aliasing_ = AliasBudget(limits_.max_object_bytes, limits_.max_depth);
    next();
    int root_line = event_line();
    start_object();
    if (event_.type != YAML_MAPPING_START_EVENT || event_.data.mapping_start.anchor != nullptr) {
      const YamlNode* root = build(0);
      count_aliases(root);
      next();  // DOCUMENT_END
      if (is_null_scalar(root)) return;  // an empty document
      if (root->kind != YamlNode::Kind::Mapping) {
        fail(root->line, root->kind == YamlNode::Kind::Sequence
                             ? "expected an object (with apiVersion and kind), found a list"
                             : "expected an object (with apiVersion and kind), found a scalar");
      }
      hand_over(root, root_line, -1, "");
      return;
    }
    // A top-level mapping: stream its "items" if it is a List.
    YamlNode* root = make(YamlNode::Kind::Mapping);
    // Its children are set once the document ends, and only if it is no List: then no batch
    // was handed over meanwhile, and its arena is still the one being filled.
    std::vector<const YamlNode*> root_children;
    count_aliases(root);
    std::string kind;
    bool is_list = false;
    for (;;) {
      next();
      if (event_.type == YAML_MAPPING_END_EVENT) break;
      const YamlNode* written_key = build(1);
      count_aliases(written_key, 1);
      const YamlNode* key = resolve(written_key);
      next();
      bool items = key->kind == YamlNode::Kind::Scalar && key->text == "items" &&
                   event_.type == YAML_SEQUENCE_START_EVENT && event_.data.sequence_start.anchor == nullptr;
      if (!items) {
        const YamlNode* value = build(1);
        count_aliases(value, 1);
        root_children.push_back(key);
        root_children.push_back(value);
        if (key->kind == YamlNode::Kind::Scalar && key->text == "kind" && resolve(value)->kind == YamlNode::Kind::Scalar) {
          kind = resolve(value)->text;
        }
        continue;
      }
      is_list = true;
      int index = 0;
      for (;;) {
        next();
        if (event_.type == YAML_SEQUENCE_END_EVENT) break;
        int line = event_line();
        start_object();
        const YamlNode* written_item = build(2);
        count_aliases(written_item, 2, index);
        const YamlNode* item = resolve(written_item);
        if (item->kind != YamlNode::Kind::Mapping) {
          if (is_null_scalar(item)) fail(line, fmt::format("items[{}]: a List item must be an object, found null", index));
          fail(line, fmt::format("items[{}]: a List item must be an object", index));
        }
        hand_over(item, line, index++, kind.ends_with("List") ? kind : "");
      }
      // The rest of the List object is measured from here.
      start_object();
    }
    next();  // DOCUMENT_END
    if (!is_list) {
      root->children = arena_->copy_children(root_children, 0);
      hand_over(root, root_line, -1, "");
    } else if (!kind.empty() && !kind.ends_with("List")) {
      fail(root_line, fmt::format("an object of kind {} has \"items\"; only Lists carry items", kind));
    } else if (list_kinds_ != nullptr) {
      list_kinds_->push_back(kind);
    }
  }

  Input& input_;
  const ReadLimits& limits_;
  BatchFactory make_batch_;
  std::vector<std::string>* list_kinds_;
  yaml_parser_t parser_{};
  yaml_event_t event_{};
  bool has_event_ = false;
  std::string io_error_;
  struct Chunk {
    size_t start = 0;      // byte offset of bytes[0] in the input
    int lines_before = 0;  // newlines before it
    std::string bytes;
  };
  std::array<Chunk, 2> recent_;
  int document_ = 0;
  uint64_t objects_ = 0;  // objects handed over so far
  bool in_document_ = false;
  std::shared_ptr<YamlArena> arena_ = std::make_shared<YamlArena>();  // where nodes are built
  size_t arena_anchors_mark_ = 0;  // anchors_defined_ when arena_ was started
  std::vector<std::shared_ptr<const YamlArena>> anchored_arenas_;  // this document's, with anchors
  YamlBatch batch_;
  std::vector<const YamlNode*> children_;  // of the nodes being built, innermost last
  std::unordered_map<std::string, const YamlNode*> anchors_;
  size_t anchors_defined_ = 0;  // anchors defined so far, redefinitions included
  AliasBudget aliasing_{0, 0};  // alias expansion of the current document, all its items together
  size_t object_start_ = 0;     // character index where the object being read starts
  int object_line_ = 0;
  // Last, so that it is destroyed first: its workers may still be reading batches.
  DecodePipeline pipeline_;
};

}  // namespace

void read_yaml_batches(Input& input, const ReadLimits& limits, BatchFactory make_batch,
                       std::vector<std::string>* list_kinds) {
  YamlStreamReader(input, limits, make_batch, DecodePipeline::default_workers(), list_kinds).run();
}

void read_yaml_stream(Input& input, const ReadLimits& limits, ObjectHandler handle) {
  YamlStreamReader(input, limits, [&] { return std::make_unique<ForwardingBatch>(handle); }, 1).run();
}

}  // namespace podfit
