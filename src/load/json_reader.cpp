#include "json_reader.h"

#include <array>
#include <cmath>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

#include <fmt/format.h>
#include <simdjson.h>

#include "decode_pipeline.h"
#include "json_scan.h"
#include "json_syntax.h"
#include "stream_buffer.h"

namespace podfit {
namespace {

namespace dom = simdjson::dom;

// The text of the object being decoded and the line it starts on, for line numbers.
struct JsonText {
  JsonText(std::string_view text, int line, int max_depth) : text(text), line(line), max_depth(max_depth) {}

  std::string_view text;
  int line;  // line of text[0]
  int max_depth;

  // Line numbers are asked for in roughly increasing offsets (fields in order): counting on from
  // the last answer keeps a document's line lookups linear in its size.
  int line_at(size_t offset) const {
    if (offset < counted_to_) {
      counted_to_ = 0;
      counted_lines_ = 0;
    }
    counted_lines_ += count_newlines(text.data() + counted_to_, offset - counted_to_);
    counted_to_ = offset;
    return line + static_cast<int>(counted_lines_);
  }

 private:
  mutable size_t counted_to_ = 0;
  mutable size_t counted_lines_ = 0;
};

class JsonValue final : public Value {
 public:
  JsonValue(dom::element element, const JsonText& doc, const Value* parent, std::string_view key, int index)
      : Value(parent, key, index), e_(element), doc_(doc) {}

  Type type() const override {
    switch (e_.type()) {
      case dom::element_type::ARRAY: return Type::Array;
      case dom::element_type::OBJECT: return Type::Object;
      case dom::element_type::INT64:
      case dom::element_type::UINT64:
      case dom::element_type::DOUBLE: return Type::Number;
      case dom::element_type::STRING: return Type::String;
      case dom::element_type::BOOL: return Type::Bool;
      case dom::element_type::NULL_VALUE: return Type::Null;
    }
    return Type::Null;
  }

  std::string string() const override {
    if (e_.is_null()) return {};
    std::string_view s;
    if (e_.get_string().get(s)) fail_type("a string");
    return std::string(s);
  }

  bool boolean() const override {
    if (e_.is_null()) return false;
    bool b = false;
    if (e_.get_bool().get(b)) fail_type("a boolean");
    return b;
  }

  int64_t int64() const override {
    if (e_.is_null()) return 0;
    int64_t v = 0;
    if (e_.type() == dom::element_type::INT64 && !e_.get_int64().get(v)) return v;
    if (e_.type() == dom::element_type::UINT64) fail("number is out of range for a 64-bit integer");
    double d = 0;
    if (!e_.get_double().get(d) && std::fabs(d) >= 9.2e18) fail("number is out of range for a 64-bit integer");
    if (e_.type() == dom::element_type::DOUBLE) fail(fmt::format("expected an integer, got {}", raw_text()));
    fail_type("an integer");
  }

  std::string quantity_text() const override {
    if (e_.is_null()) return {};
    if (e_.is_string()) return string();
    if (e_.is_number()) return raw_text();
    fail_type("a quantity (a string or a number)");
  }

  void fields(FunctionRef<void(std::string_view, const Value&)> visit) const override {
    if (e_.is_null()) return;
    dom::object obj;
    if (e_.get_object().get(obj)) fail_type("an object");
    // Duplicate keys are rejected as the API server's strict decoding rejects them. A 64-bit
    // filter of key hashes lets nearly every key through without comparing it to the others.
    // Left uninitialised (zeroing them was a quarter of this function's time): only the first
    // seen_count entries are read.
    constexpr size_t kSeenMax = 32;
    const char* seen_data[kSeenMax];
    size_t seen_size[kSeenMax];
    size_t seen_count = 0;
    std::unordered_set<std::string_view> seen_set;
    uint64_t filter = 0;
    for (dom::key_value_pair field : obj) {
      std::string_view key = field.key;
      const uint64_t bit = uint64_t{1} << ((key.size() * 31 + (key.empty() ? 0 : key.back() * 7 + key.front())) & 63);
      bool dup = false;
      if (!seen_set.empty()) {
        dup = !seen_set.insert(key).second;
      } else {
        if (filter & bit) {
          for (size_t i = 0; i < seen_count && !dup; ++i) dup = std::string_view(seen_data[i], seen_size[i]) == key;
        }
        seen_data[seen_count] = key.data();
        seen_size[seen_count] = key.size();
        if (++seen_count == kSeenMax) {
          for (size_t i = 0; i < seen_count; ++i) seen_set.emplace(seen_data[i], seen_size[i]);
        }
      }
      filter |= bit;
      JsonValue child(field.value, doc_, this, key, -1);
      if (dup) child.fail(fmt::format("duplicate field \"{}\"", key));
      visit(key, child);
    }
  }

  void elements(FunctionRef<void(const Value&)> visit) const override {
    if (e_.is_null()) return;
    dom::array arr;
    if (e_.get_array().get(arr)) fail_type("a list");
    int i = 0;
    for (dom::element item : arr) {
      JsonValue child(item, doc_, this, {}, i++);
      visit(child);
    }
  }

  int line() const override { return doc_.line_at(offset().value_or(0)); }

 private:
  static constexpr size_t kUnknown = static_cast<size_t>(-1);

  // Where this value starts in the text: its parent's start, then a scan onward from where the
  // parent's previous child was found, so visiting every element or field in order, each
  // asking for its line, costs one pass over the text, not one per element.
  std::optional<size_t> offset() const {
    if (offset_ != kUnknown) return offset_;
    const auto* parent = static_cast<const JsonValue*>(parent_);
    std::optional<size_t> at;
    if (parent == nullptr) {
      at = skip_json_ws(doc_.text, 0);
    } else if (index_ >= 0) {
      at = parent->locate_element(static_cast<size_t>(index_));
    } else {
      at = parent->locate_field(key_);
    }
    if (at) offset_ = *at;
    return at;
  }

  std::optional<size_t> locate_element(size_t index) const {
    const std::string_view t = doc_.text;
    std::optional<size_t> start = offset();
    if (!start || *start >= t.size() || t[*start] != '[') return std::nullopt;
    size_t p = skip_json_ws(t, *start + 1), i = 0;
    if (cursor_ != kUnknown && cursor_index_ <= index) p = cursor_, i = cursor_index_;
    for (; i < index; ++i) {
      if (p >= t.size() || t[p] == ']') return std::nullopt;
      p = skip_json_ws(t, skip_json_value(t, p));
      if (p < t.size() && t[p] == ',') p = skip_json_ws(t, p + 1);
    }
    if (p >= t.size() || t[p] == ']') return std::nullopt;
    cursor_ = p;
    cursor_index_ = index;
    return p;
  }

  std::optional<size_t> locate_field(std::string_view key) const {
    const std::string_view t = doc_.text;
    std::optional<size_t> start = offset();
    if (!start || *start >= t.size() || t[*start] != '{') return std::nullopt;
    const size_t first = skip_json_ws(t, *start + 1);
    // From the last field found to the end, then from the first field up to it.
    auto scan = [&](size_t p, size_t stop) -> std::optional<size_t> {
      while (p < t.size() && p < stop && t[p] == '"') {
        const size_t key_at = p;
        std::string k = read_json_string(t, p);
        p = skip_json_ws(t, p);
        if (p < t.size() && t[p] == ':') ++p;
        p = skip_json_ws(t, p);
        if (k == key) {
          cursor_ = key_at;
          return p;
        }
        p = skip_json_ws(t, skip_json_value(t, p));
        if (p < t.size() && t[p] == ',') p = skip_json_ws(t, p + 1);
      }
      return std::nullopt;
    };
    if (cursor_ != kUnknown) {
      if (auto found = scan(cursor_, kUnknown)) return found;
      return scan(first, cursor_);
    }
    return scan(first, kUnknown);
  }

  // The number exactly as written (resource.Quantity parses the literal, not a double).
  std::string raw_text() const {
    std::optional<size_t> at = offset();
    if (!at) return simdjson::minify(e_);
    size_t end = skip_json_value(doc_.text, *at);
    return std::string(doc_.text.substr(*at, end - *at));
  }

  dom::element e_;
  const JsonText& doc_;
  mutable size_t offset_ = kUnknown;        // where this value starts, once located
  mutable size_t cursor_ = kUnknown;        // where the last child located starts (arrays) or its key (objects)
  mutable size_t cursor_index_ = 0;         // that child's index (arrays)
};

// Objects copied out of the stream, for a worker to parse and decode.
struct JsonBatch {
  struct Item {
    size_t offset;  // in text
    size_t size;
    int line;
    int document;
    int item;
    uint64_t object;
    std::string list_kind;
  };
  std::string text;  // the objects back to back, then StreamBuffer::kPadding bytes for simdjson
  std::vector<Item> items;
};

// A worker's half of the reader: parses each object of the batch and hands it over.
void decode_batch(const JsonBatch& batch, ObjectBatch& sink, int max_depth) {
  thread_local dom::parser parser;
  for (const JsonBatch::Item& item : batch.items) {
    std::string_view text(batch.text.data() + item.offset, item.size);
    std::optional<std::string> repaired;  // the object with its lone surrogates written as Go reads them
    JsonText doc{text, item.line, max_depth};
    try {
      dom::element root;
      // The next object, or the batch's padding, keeps the bytes after this one readable.
      bool failed = parser.parse(text.data(), text.size(), false).get(root) != simdjson::SUCCESS;
      if (failed && (repaired = replace_lone_surrogates(text))) {
        doc.text = *repaired;
        failed = parser.parse(repaired->data(), repaired->size(), true).get(root) != simdjson::SUCCESS;
      }
      if (failed) {
        if (auto err = check_json_syntax(text, max_depth)) {
          throw DecodeError{err->message, doc.line_at(err->offset), item.document};
        }
        throw DecodeError{"invalid JSON", item.line, item.document};
      }
      JsonValue value(root, doc, nullptr, {}, -1);
      sink.handle(value, ObjectContext{item.document, item.line, item.item, item.list_kind, item.object});
    } catch (DecodeError& e) {
      if (e.document == 0) e.document = item.document;
      sink.failed(e);
      return;
    }
  }
}

class JsonStreamReader {
 public:
  JsonStreamReader(Input& input, const ReadLimits& limits, BatchFactory make_batch, size_t workers,
                   std::vector<std::string>* list_kinds = nullptr)
      : buf_(input), limits_(limits), make_batch_(make_batch), list_kinds_(list_kinds), pipeline_(workers) {}

  void run() {
    read_then_commit([&] { read_stream(); }, [&] { finish(); });
  }

 private:
  void read_stream() {
    uint64_t pos = 0;
    // A UTF-8 byte order mark is accepted, as kubectl accepts it.
    if (buf_.available(2) && buf_.at(0) == '\xEF' && buf_.at(1) == '\xBB' && buf_.at(2) == '\xBF') pos = 3;
    for (;;) {
      pos = skip_ws(pos);
      if (!buf_.available(pos)) return;
      if (static_cast<size_t>(++document_) > limits_.max_documents) {
        fail(pos, fmt::format("more than {} documents in one file", limits_.max_documents));
      }
      if (buf_.at(pos) != '{') {
        if (buf_.at(pos) == '[') fail(pos, "expected a JSON object or a List, found a JSON array");
        syntax_fail(pos, "invalid character {} looking for beginning of value");
      }
      pos = read_top_object(pos);
    }
  }

  [[noreturn]] void fail(uint64_t pos, std::string message) {
    // A List's start may have left the window while its items were read.
    const int line = pos == top_start_ ? top_line_ : buf_.line_of(pos);
    throw DecodeError{std::move(message), line, document_};
  }

  // Hands the batch being filled to a worker.
  void submit() {
    if (batch_.items.empty()) return;
    batch_.text.append(StreamBuffer::kPadding, '\0');
    auto batch = std::make_shared<JsonBatch>(std::move(batch_));
    batch_ = JsonBatch{};
    std::shared_ptr<ObjectBatch> sink = make_batch_();
    const int max_depth = limits_.max_depth;
    pipeline_.submit([batch, sink, max_depth] { decode_batch(*batch, *sink, max_depth); },
                     [sink] { sink->commit(); });
  }

  // Every object read so far decoded and committed.
  void finish() {
    submit();
    pipeline_.finish();
  }
  // Go-style "invalid character 'x' <context>" or "unexpected end of JSON input".
  [[noreturn]] void syntax_fail(uint64_t pos, std::string_view format) {
    if (!buf_.available(pos)) fail(pos, "unexpected end of JSON input");
    char c = buf_.at(pos);
    std::string shown = (c >= 0x20 && c < 0x7f) ? fmt::format("'{}'", c) : fmt::format("'\\x{:02x}'", static_cast<unsigned char>(c));
    fail(pos, fmt::format(fmt::runtime(format), shown));
  }

  uint64_t skip_ws(uint64_t pos) {
    while (buf_.available(pos)) {
      char c = buf_.at(pos);
      if (c != ' ' && c != '\n' && c != '\t' && c != '\r') break;
      ++pos;
    }
    return pos;
  }

  char need(uint64_t pos) {
    if (!buf_.available(pos)) fail(pos, "unexpected end of JSON input");
    return buf_.at(pos);
  }

  // End (exclusive) of the JSON value starting at pos: strings and nesting are tracked,
  // everything else is validated by the full parse of the object that contains it.
  uint64_t skip_value(uint64_t pos, uint64_t object_start) {
    char c = need(pos);
    if (c == '"') return skip_string(pos, object_start);
    if (c != '{' && c != '[') {
      while (buf_.available(pos)) {
        char d = buf_.at(pos);
        if (d == ',' || d == '}' || d == ']' || d == ' ' || d == '\n' || d == '\t' || d == '\r') break;
        ++pos;
        check_size(pos, object_start);
      }
      return pos;
    }
    // The outermost bracket's match, 64 bytes at a time.
    JsonValueScanner scanner;
    scanner.reset();
    uint64_t scanned = pos;
    for (;;) {
      if (!buf_.available(scanned)) fail(scanned, "unexpected end of JSON input");
      const size_t length = static_cast<size_t>(buf_.end() - scanned);
      const size_t found = scanner.scan(buf_.ptr(scanned), length);
      if (scanner.max_depth_seen() > limits_.max_depth) {
        fail(pos, fmt::format("nesting deeper than {} levels", limits_.max_depth));
      }
      if (found != JsonValueScanner::kNotFound) {
        check_size(scanned + found, object_start);
        return scanned + found;
      }
      scanned += length;
      check_size(scanned, object_start);
    }
  }

  // An object or List item is held whole in memory: no more than max_object_bytes of it.
  void check_size(uint64_t pos, uint64_t object_start) {
    if (pos - object_start > limits_.max_object_bytes) fail(object_start, object_too_large(limits_.max_object_bytes));
  }

  uint64_t skip_string(uint64_t pos, uint64_t object_start) {
    ++pos;
    for (;;) {
      char c = need(pos);
      if (c == '"') return pos + 1;
      pos += (c == '\\') ? 2 : 1;
      check_size(pos, object_start);
    }
  }

  std::string read_key(uint64_t& pos, uint64_t object_start) {
    uint64_t end = skip_string(pos, object_start);
    std::string_view raw(buf_.ptr(pos), end - pos);
    size_t p = 0;
    std::string key = read_json_string(raw, p);
    pos = end;
    return key;
  }

  // Reads one top-level object. A List's items are handed over one by one as they are
  // found; any other object is handed over whole.
  uint64_t read_top_object(uint64_t start) {
    buf_.release_before(start);
    top_start_ = start;
    top_line_ = buf_.line_of(start);
    uint64_t pos = skip_ws(start + 1);
    std::string kind;
    bool is_list = false;
    // Values read before "items" turned the object into a List; they are checked then.
    std::vector<std::pair<uint64_t, uint64_t>> unchecked;
    if (need(pos) != '}') {
      for (;;) {
        if (need(pos) != '"') syntax_fail(pos, "invalid character {} looking for beginning of object key string");
        // Once the object is a List, only its items are held whole: its own keys are measured alone.
        std::string key = read_key(pos, is_list ? pos : start);
        pos = skip_ws(pos);
        if (need(pos) != ':') syntax_fail(pos, "invalid character {} after object key");
        pos = skip_ws(pos + 1);
        if (key == "items" && need(pos) == '[') {
          is_list = true;
          for (auto [from, to] : unchecked) check_syntax(from, to);
          unchecked.clear();
          pos = read_items(pos, kind);
        } else {
          uint64_t value_start = pos;
          pos = skip_value(pos, is_list ? value_start : start);
          if (is_list) check_syntax(value_start, pos);
          else unchecked.emplace_back(value_start, pos);
          if (key == "kind" && buf_.at(value_start) == '"') {
            size_t p = 0;
            kind = read_json_string(std::string_view(buf_.ptr(value_start), pos - value_start), p);
          }
        }
        pos = skip_ws(pos);
        char c = need(pos);
        if (c == ',') {
          pos = skip_ws(pos + 1);
          continue;
        }
        if (c == '}') break;
        syntax_fail(pos, "invalid character {} after object key:value pair");
      }
    }
    uint64_t end = pos + 1;
    if (!is_list) {
      decode(start, end, -1, "");
    } else if (!kind.empty() && !kind.ends_with("List")) {
      fail(start, fmt::format("an object of kind {} has \"items\"; only Lists carry items", kind));
    } else if (list_kinds_ != nullptr) {
      list_kinds_->push_back(kind);
    }
    return end;
  }

  uint64_t read_items(uint64_t pos, const std::string& list_kind) {
    pos = skip_ws(pos + 1);
    if (need(pos) == ']') return pos + 1;
    int index = 0;
    for (;;) {
      uint64_t item_start = pos;
      buf_.release_before(item_start);
      char c = need(pos);
      if (c != '{') {
        if (c == ']' || c == ',') syntax_fail(pos, "invalid character {} looking for beginning of value");
        fail(pos, fmt::format("items[{}]: a List item must be an object", index));
      }
      uint64_t end = skip_value(pos, item_start);
      decode(item_start, end, index++, list_kind);
      pos = skip_ws(end);
      c = need(pos);
      if (c == ',') {
        pos = skip_ws(pos + 1);
        continue;
      }
      if (c == ']') return pos + 1;
      syntax_fail(pos, "invalid character {} after array element");
    }
  }

  void check_syntax(uint64_t start, uint64_t end) {
    std::string_view text(buf_.ptr(start), end - start);
    if (auto err = check_json_syntax(text, limits_.max_depth)) fail(start + err->offset, err->message);
  }

  void decode(uint64_t start, uint64_t end, int item, const std::string& list_kind) {
    if (batch_.items.empty()) batch_.text.reserve(kBatchBytes + StreamBuffer::kPadding);
    batch_.items.push_back(JsonBatch::Item{batch_.text.size(), static_cast<size_t>(end - start), buf_.line_of(start),
                                           document_, item, objects_++, list_kind});
    batch_.text.append(buf_.ptr(start), end - start);
    if (batch_.text.size() >= kBatchBytes) submit();
  }

  // Big enough to keep a worker busy for a while, small enough that batches waiting for
  // their commit hold little memory.
  static constexpr size_t kBatchBytes = size_t{1} << 20;

  StreamBuffer buf_;
  const ReadLimits& limits_;
  BatchFactory make_batch_;
  std::vector<std::string>* list_kinds_;
  int document_ = 0;
  uint64_t objects_ = 0;             // objects handed over so far
  uint64_t top_start_ = UINT64_MAX;  // where the current top-level object starts
  int top_line_ = 0;                 // and its line
  JsonBatch batch_;
  // Last, so that it is destroyed first: its workers may still be reading batches.
  DecodePipeline pipeline_;
};

}  // namespace

void read_json_batches(Input& input, const ReadLimits& limits, BatchFactory make_batch,
                       std::vector<std::string>* list_kinds) {
  JsonStreamReader(input, limits, make_batch, DecodePipeline::default_workers(), list_kinds).run();
}

void read_json_stream(Input& input, const ReadLimits& limits, ObjectHandler handle) {
  JsonStreamReader(input, limits, [&] { return std::make_unique<ForwardingBatch>(handle); }, 1).run();
}

}  // namespace podfit
