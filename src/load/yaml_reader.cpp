#include "yaml_reader.h"

#include <cmath>
#include <deque>
#include <limits>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include <fmt/format.h>
#include <yaml.h>

#include "yaml_scalar.h"

namespace podfit {
namespace {

// A node of one YAML document. Aliases point at the anchored node, so the tree is a DAG.
struct YamlNode {
  enum class Kind : uint8_t { Scalar, Sequence, Mapping };
  Kind kind = Kind::Scalar;
  bool plain = false;        // unquoted and untagged: typed by go-yaml's resolution
  bool string_tag = false;   // explicitly tagged !!str
  int line = 0;
  std::string text;
  std::vector<const YamlNode*> children;  // sequence items, or key, value, key, value ...
};

// Per-document state shared by every value of the document.
struct YamlDocument {
  size_t visits = 0;
  size_t max_visits = 0;
};

bool is_merge_key(const YamlNode* key) {
  return key->kind == YamlNode::Kind::Scalar && key->plain && key->text == "<<";
}

class YamlValue final : public Value {
 public:
  YamlValue(const YamlNode* node, YamlDocument& doc, const Value* parent, std::string_view key, int index)
      : Value(parent, key, index), n_(node), doc_(doc) {
    // Long scalars weigh more: aliases may repeat one string many times.
    doc_.visits += 1 + node->text.size() / 64;
    if (doc_.visits > doc_.max_visits) {
      throw DecodeError{fmt::format("document expands to more than {} values (YAML aliases)", doc_.max_visits),
                        node->line};
    }
  }

  YamlScalar scalar() const {
    if (n_->plain) return resolve_plain_scalar(n_->text);
    return YamlScalar{};  // quoted, block or !!str: a string
  }

  Type type() const override {
    switch (n_->kind) {
      case YamlNode::Kind::Sequence: return Type::Array;
      case YamlNode::Kind::Mapping: return Type::Object;
      case YamlNode::Kind::Scalar: break;
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
    YamlScalar s = scalar();
    switch (s.kind) {
      case YamlScalar::Kind::Null: return {};
      case YamlScalar::Kind::Bool: return s.b ? "true" : "false";
      case YamlScalar::Kind::Int: return std::to_string(s.i);
      case YamlScalar::Kind::Uint: return std::to_string(s.u);
      case YamlScalar::Kind::Float: return format_go_float32(s.f);
      case YamlScalar::Kind::String: return n_->text;
    }
    return n_->text;
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
      case YamlScalar::Kind::String: return n_->text;
    }
    return n_->text;
  }

  void fields(FunctionRef<void(std::string_view, const Value&)> visit) const override {
    if (n_->kind == YamlNode::Kind::Scalar && scalar().kind == YamlScalar::Kind::Null) return;
    if (n_->kind != YamlNode::Kind::Mapping) fail_type("an object");
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
        YamlValue child(n_->children[i + 1], doc_, this, key, -1);
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
      YamlValue child(n_->children[i + 1], doc_, this, key, -1);
      visit(child.key_, child);
    }
  }

  void elements(FunctionRef<void(const Value&)> visit) const override {
    if (n_->kind == YamlNode::Kind::Scalar && scalar().kind == YamlScalar::Kind::Null) return;
    if (n_->kind != YamlNode::Kind::Sequence) fail_type("a list");
    int i = 0;
    for (const YamlNode* item : n_->children) {
      YamlValue child(item, doc_, this, {}, i++);
      visit(child);
    }
  }

  int line() const override { return n_->line; }

 private:
  // Map keys become JSON member names as sigs.k8s.io/yaml converts them.
  std::string key_string(const YamlNode* k) const {
    if (k->kind != YamlNode::Kind::Scalar) {
      throw DecodeError{fmt::format("{}: a mapping key must be a scalar", path().empty() ? "document" : path()), k->line};
    }
    if (!k->plain) return k->text;
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
      case YamlScalar::Kind::String: return k->text;
    }
    return k->text;
  }

  void visit_merge(const YamlNode* source, const std::unordered_set<std::string>& explicit_keys,
                   std::unordered_set<std::string>& merged,
                   FunctionRef<void(std::string_view, const Value&)> visit) const {
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
      YamlValue child(source->children[i + 1], doc_, this, *merged.find(key), -1);
      visit(child.key_, child);
    }
  }

  const YamlNode* n_;
  YamlDocument& doc_;
};

// Pulls libyaml events and builds nodes; streams the items of a top-level List.
class YamlStreamReader {
 public:
  YamlStreamReader(Input& input, const ReadLimits& limits, ObjectHandler handle)
      : input_(input), limits_(limits), handle_(handle) {
    yaml_parser_initialize(&parser_);
    yaml_parser_set_input(&parser_, &YamlStreamReader::read_handler, this);
  }
  ~YamlStreamReader() {
    if (has_event_) yaml_event_delete(&event_);
    yaml_parser_delete(&parser_);
  }

  void run() {
    next();  // STREAM_START
    for (;;) {
      next();
      if (event_.type == YAML_STREAM_END_EVENT) return;
      if (event_.type != YAML_DOCUMENT_START_EVENT) fail_here("unexpected YAML event");
      ++document_;
      read_document();
    }
  }

 private:
  static int read_handler(void* data, unsigned char* buffer, size_t size, size_t* size_read) {
    auto* self = static_cast<YamlStreamReader*>(data);
    try {
      size_t got = self->input_.read(reinterpret_cast<char*>(buffer), size);
      // A UTF-8 byte order mark at the start is accepted (libyaml handles it itself).
      self->bytes_ += got;
      *size_read = got;
      return 1;
    } catch (DecodeError& e) {
      self->io_error_ = e.message;
      return 0;
    }
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
      std::string message = parser_.problem ? parser_.problem : "invalid YAML";
      if (parser_.context) message = fmt::format("{} {}", parser_.context, message);
      int line = static_cast<int>(parser_.problem_mark.line) + 1;
      throw DecodeError{message, line, in_document_ ? document_ : document_ + 1};
    }
    has_event_ = true;
    if (event_.type == YAML_DOCUMENT_START_EVENT) in_document_ = true;
    if (event_.type == YAML_DOCUMENT_END_EVENT) in_document_ = false;
  }

  int event_line() const { return static_cast<int>(event_.start_mark.line) + 1; }

  YamlNode* make(YamlNode::Kind kind) {
    YamlNode& n = arena_.emplace_back();
    n.kind = kind;
    n.line = event_line();
    if (++node_count_ > limits_.max_alias_visits) fail(n.line, "document has too many values");
    return &n;
  }

  void remember_anchor(const yaml_char_t* anchor, const YamlNode* node) {
    if (anchor != nullptr) anchors_[reinterpret_cast<const char*>(anchor)] = node;
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
        return it->second;
      }
      case YAML_SCALAR_EVENT: {
        YamlNode* n = make(YamlNode::Kind::Scalar);
        n->text.assign(reinterpret_cast<const char*>(event_.data.scalar.value), event_.data.scalar.length);
        const char* tag = reinterpret_cast<const char*>(event_.data.scalar.tag);
        n->string_tag = tag != nullptr && std::string_view(tag) == "tag:yaml.org,2002:str";
        n->plain = !n->string_tag && (event_.data.scalar.plain_implicit != 0 || (tag != nullptr && event_.data.scalar.style == YAML_PLAIN_SCALAR_STYLE));
        remember_anchor(event_.data.scalar.anchor, n);
        return n;
      }
      case YAML_SEQUENCE_START_EVENT: {
        YamlNode* n = make(YamlNode::Kind::Sequence);
        std::string anchor = event_.data.sequence_start.anchor ? reinterpret_cast<const char*>(event_.data.sequence_start.anchor) : "";
        for (;;) {
          next();
          if (event_.type == YAML_SEQUENCE_END_EVENT) break;
          n->children.push_back(build(depth + 1));
        }
        if (!anchor.empty()) anchors_[anchor] = n;
        return n;
      }
      case YAML_MAPPING_START_EVENT: {
        YamlNode* n = make(YamlNode::Kind::Mapping);
        std::string anchor = event_.data.mapping_start.anchor ? reinterpret_cast<const char*>(event_.data.mapping_start.anchor) : "";
        for (;;) {
          next();
          if (event_.type == YAML_MAPPING_END_EVENT) break;
          n->children.push_back(build(depth + 1));
          next();
          n->children.push_back(build(depth + 1));
        }
        if (!anchor.empty()) anchors_[anchor] = n;
        return n;
      }
      default:
        fail_here("unexpected YAML event");
    }
  }

  void hand_over(const YamlNode* node, int line, int item, const std::string& list_kind) {
    YamlDocument doc{0, limits_.max_alias_visits};
    YamlValue value(node, doc, nullptr, {}, -1);
    ObjectContext context{document_, line, item, list_kind};
    try {
      handle_(value, context);
    } catch (DecodeError& e) {
      if (e.document == 0) e.document = document_;
      throw;
    }
  }

  static bool is_null_scalar(const YamlNode* n) {
    return n->kind == YamlNode::Kind::Scalar && n->plain && resolve_plain_scalar(n->text).kind == YamlScalar::Kind::Null;
  }

  void read_document() {
    arena_.clear();
    anchors_.clear();
    node_count_ = 0;
    next();
    int root_line = event_line();
    if (event_.type != YAML_MAPPING_START_EVENT || event_.data.mapping_start.anchor != nullptr) {
      const YamlNode* root = build(0);
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
    std::string kind;
    bool is_list = false;
    for (;;) {
      next();
      if (event_.type == YAML_MAPPING_END_EVENT) break;
      const YamlNode* key = build(1);
      next();
      bool items = key->kind == YamlNode::Kind::Scalar && key->text == "items" &&
                   event_.type == YAML_SEQUENCE_START_EVENT && event_.data.sequence_start.anchor == nullptr;
      if (!items) {
        const YamlNode* value = build(1);
        root->children.push_back(key);
        root->children.push_back(value);
        if (key->kind == YamlNode::Kind::Scalar && key->text == "kind" && value->kind == YamlNode::Kind::Scalar) {
          kind = value->text;
        }
        continue;
      }
      is_list = true;
      int index = 0;
      for (;;) {
        next();
        if (event_.type == YAML_SEQUENCE_END_EVENT) break;
        size_t mark = arena_.size();
        size_t anchors_before = anchors_.size();
        int line = event_line();
        const YamlNode* item = build(2);
        if (item->kind != YamlNode::Kind::Mapping) {
          if (is_null_scalar(item)) fail(line, fmt::format("items[{}]: a List item must be an object, found null", index));
          fail(line, fmt::format("items[{}]: a List item must be an object", index));
        }
        hand_over(item, line, index++, kind.ends_with("List") ? kind : "");
        // Items without anchors are not referenced again: free their nodes.
        if (anchors_.size() == anchors_before && anchors_before == 0) {
          node_count_ -= arena_.size() - mark;
          while (arena_.size() > mark) arena_.pop_back();
        }
      }
    }
    next();  // DOCUMENT_END
    if (!is_list) {
      hand_over(root, root_line, -1, "");
    } else if (!kind.empty() && !kind.ends_with("List")) {
      fail(root_line, fmt::format("an object of kind {} has \"items\"; only Lists carry items", kind));
    }
  }

  Input& input_;
  const ReadLimits& limits_;
  ObjectHandler handle_;
  yaml_parser_t parser_{};
  yaml_event_t event_{};
  bool has_event_ = false;
  std::string io_error_;
  size_t bytes_ = 0;
  int document_ = 0;
  bool in_document_ = false;
  std::deque<YamlNode> arena_;
  size_t node_count_ = 0;
  std::unordered_map<std::string, const YamlNode*> anchors_;
};

}  // namespace

void read_yaml_stream(Input& input, const ReadLimits& limits, ObjectHandler handle) {
  YamlStreamReader(input, limits, handle).run();
}

}  // namespace podfit
