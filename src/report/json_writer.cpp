#include "json_writer.h"

#include <array>
#include <charconv>
#include <stdexcept>

#include <nlohmann/json.hpp>

namespace podfit {
namespace {

// Bytes a string cannot hold as they are: control characters, the quote, the backslash, and
// the start of a multi-byte UTF-8 sequence (checked, never altered).
constexpr std::array<bool, 256> kSpecial = [] {
  std::array<bool, 256> special{};
  for (int c = 0; c < 256; ++c) special[c] = c < 0x20 || c == '"' || c == '\\' || c >= 0x80;
  return special;
}();

// The length of the well-formed UTF-8 sequence at s[i] (Unicode Table 3-7), 0 if it is not one.
size_t utf8_sequence_length(std::string_view s, size_t i) {
  auto byte = [&](size_t k) { return i + k < s.size() ? static_cast<unsigned char>(s[i + k]) : 0u; };
  auto in = [](unsigned c, unsigned lo, unsigned hi) { return c >= lo && c <= hi; };
  const unsigned lead = byte(0);
  if (in(lead, 0xC2, 0xDF)) return in(byte(1), 0x80, 0xBF) ? 2 : 0;
  if (in(lead, 0xE0, 0xEF)) {
    const unsigned lo = lead == 0xE0 ? 0xA0 : 0x80, hi = lead == 0xED ? 0x9F : 0xBF;
    return in(byte(1), lo, hi) && in(byte(2), 0x80, 0xBF) ? 3 : 0;
  }
  if (in(lead, 0xF0, 0xF4)) {
    const unsigned lo = lead == 0xF0 ? 0x90 : 0x80, hi = lead == 0xF4 ? 0x8F : 0xBF;
    return in(byte(1), lo, hi) && in(byte(2), 0x80, 0xBF) && in(byte(3), 0x80, 0xBF) ? 4 : 0;
  }
  return 0;
}

// dump() names the offending byte in its exception: let it throw that very one.
[[noreturn]] void throw_invalid_utf8(std::string_view s) {
  (void)nlohmann::json(std::string(s)).dump();
  throw std::logic_error("invalid UTF-8 accepted by nlohmann::json");
}

}  // namespace

void append_json_string(std::string& out, std::string_view s) {
  out += '"';
  size_t plain_from = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (!kSpecial[c]) continue;
    if (c >= 0x80) {
      const size_t length = utf8_sequence_length(s, i);
      if (length == 0) throw_invalid_utf8(s);
      i += length - 1;
      continue;
    }
    out.append(s.data() + plain_from, i - plain_from);
    plain_from = i + 1;
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\b': out += "\\b"; break;
      case '\t': out += "\\t"; break;
      case '\n': out += "\\n"; break;
      case '\f': out += "\\f"; break;
      case '\r': out += "\\r"; break;
      default: {
        static constexpr char kHex[] = "0123456789abcdef";
        out += "\\u00";
        out += kHex[c >> 4];
        out += kHex[c & 0xF];
      }
    }
  }
  out.append(s.data() + plain_from, s.size() - plain_from);
  out += '"';
}

void JsonWriter::key(std::string_view name) {
  separate();
  append_json_string(out_, name);
  out_ += ": ";
  after_key_ = true;
}

void JsonWriter::string(std::string_view s) {
  before_value();
  append_json_string(out_, s);
}

void JsonWriter::integer(int64_t n) {
  before_value();
  char digits[24];
  out_.append(digits, std::to_chars(digits, digits + sizeof digits, n).ptr);
}

void JsonWriter::boolean(bool b) {
  before_value();
  out_ += b ? "true" : "false";
}

void JsonWriter::null() {
  before_value();
  out_ += "null";
}

void JsonWriter::before_value() {
  if (after_key_) {
    after_key_ = false;
  } else if (!has_items_.empty()) {
    separate();
  }
}

void JsonWriter::separate() {
  out_ += has_items_.back() ? ",\n" : "\n";
  has_items_.back() = true;
  out_.append(2 * has_items_.size(), ' ');
}

void JsonWriter::open(char bracket) {
  before_value();
  out_ += bracket;
  has_items_.push_back(false);
}

void JsonWriter::close(char bracket) {
  const bool had_items = has_items_.back();
  has_items_.pop_back();
  if (had_items) {
    out_ += '\n';
    out_.append(2 * has_items_.size(), ' ');
  }
  out_ += bracket;
}

}  // namespace podfit
