#include "podfit/model/field_errors.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>

namespace podfit::field {
namespace {

// Decodes one UTF-8 sequence at text[i]; returns the code point and its length, or -1 and 1
// for an invalid byte (Go's utf8.RuneError with width 1).
std::pair<int32_t, size_t> decode_rune(std::string_view text, size_t i) {
  auto byte = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
  unsigned char b0 = byte(i);
  if (b0 < 0x80) return {b0, 1};
  size_t length = 0;
  int32_t rune = 0;
  int32_t minimum = 0;
  if (b0 >= 0xC2 && b0 <= 0xDF) {
    length = 2, rune = b0 & 0x1F, minimum = 0x80;
  } else if (b0 >= 0xE0 && b0 <= 0xEF) {
    length = 3, rune = b0 & 0x0F, minimum = 0x800;
  } else if (b0 >= 0xF0 && b0 <= 0xF4) {
    length = 4, rune = b0 & 0x07, minimum = 0x10000;
  } else {
    return {-1, 1};
  }
  if (i + length > text.size()) return {-1, 1};
  for (size_t k = 1; k < length; ++k) {
    unsigned char b = byte(i + k);
    if ((b & 0xC0) != 0x80) return {-1, 1};
    rune = (rune << 6) | (b & 0x3F);
  }
  if (rune < minimum || rune > 0x10FFFF || (rune >= 0xD800 && rune <= 0xDFFF)) return {-1, 1};
  return {rune, length};
}

// strconv.IsPrint for runes beyond ASCII: the common non-printing ones (controls, spaces other
// than ' ', format characters, private use, non-characters).
bool is_printable_wide(int32_t r) {
  if (r <= 0xA0 || r == 0xAD) return false;
  if (r == 0x1680 || (r >= 0x2000 && r <= 0x200F) || (r >= 0x2028 && r <= 0x202F)) return false;
  if ((r >= 0x205F && r <= 0x206F) || r == 0x3000 || r == 0xFEFF) return false;
  if ((r >= 0xE000 && r <= 0xF8FF) || (r >= 0xFFF9 && r <= 0xFFFB) || r == 0xFFFE || r == 0xFFFF) return false;
  if (r >= 0xF0000) return false;
  return true;
}

}  // namespace

std::string go_quote(std::string_view text) {
  std::string out = "\"";
  for (size_t i = 0; i < text.size();) {
    auto [rune, width] = decode_rune(text, i);
    if (rune < 0) {
      out += fmt::format("\\x{:02x}", static_cast<unsigned char>(text[i]));
    } else if (rune == '"' || rune == '\\') {
      out += '\\';
      out += static_cast<char>(rune);
    } else if (rune >= 0x20 && rune < 0x7F) {
      out += static_cast<char>(rune);
    } else if (rune >= 0x80 && is_printable_wide(rune)) {
      out.append(text.substr(i, width));
    } else {
      switch (rune) {
        case '\a': out += "\\a"; break;
        case '\b': out += "\\b"; break;
        case '\f': out += "\\f"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        case '\v': out += "\\v"; break;
        default:
          if (rune < 0x20 || rune == 0x7F) {
            out += fmt::format("\\x{:02x}", rune);
          } else if (rune < 0x10000) {
            out += fmt::format("\\u{:04x}", rune);
          } else {
            out += fmt::format("\\U{:08x}", rune);
          }
      }
    }
    i += width;
  }
  out += '"';
  return out;
}

std::string json_quote(std::string_view text) {
  std::string out = "\"";
  for (size_t i = 0; i < text.size();) {
    auto [rune, width] = decode_rune(text, i);
    if (rune < 0) {
      out += "\\ufffd";
    } else if (rune == '"' || rune == '\\') {
      out += '\\';
      out += static_cast<char>(rune);
    } else if (rune == '<' || rune == '>' || rune == '&' || rune == 0x2028 || rune == 0x2029) {
      out += fmt::format("\\u{:04x}", rune);
    } else if (rune < 0x20) {
      switch (rune) {
        case '\b': out += "\\b"; break;
        case '\f': out += "\\f"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        default: out += fmt::format("\\u{:04x}", rune);
      }
    } else {
      out.append(text.substr(i, width));
    }
    i += width;
  }
  out += '"';
  return out;
}

std::string json_list(const std::vector<std::string>& values) {
  if (values.empty()) return "null";
  std::string out = "[";
  for (size_t i = 0; i < values.size(); ++i) {
    if (i > 0) out += ',';
    out += json_quote(values[i]);
  }
  out += ']';
  return out;
}

std::string json_map(const StringMap& map) {
  if (map.empty()) return "null";
  std::string out = "{";
  for (const auto& [key, value] : map) {
    if (out.size() > 1) out += ',';
    out += json_quote(key);
    out += ':';
    out += json_quote(value);
  }
  out += '}';
  return out;
}

std::string quantity_value(const Quantity& q, bool as_json) {
  const std::string text = q.to_string();
  if (as_json) return json_quote(text);
  std::string_view format = "DecimalSI";
  if (q.format() == Quantity::Format::BinarySI) format = "BinarySI";
  if (q.format() == Quantity::Format::DecimalExponent) format = "DecimalExponent";
  const int64_t value = q.is_dec() ? 0 : q.int64_value();
  const int32_t scale = q.is_dec() ? 0 : q.int64_scale();
  return fmt::format(
      "resource.Quantity{{i:resource.int64Amount{{value:{}, scale:{}}}, d:resource.infDecAmount{{Dec:(*inf.Dec)({})}}, "
      "s:{}, Format:\"{}\"}}",
      value, scale, q.is_dec() ? "<address>" : "nil", go_quote(text), format);
}

std::string child(std::string_view path, std::string_view name) {
  if (path.empty()) return std::string(name);
  return fmt::format("{}.{}", path, name);
}

std::string index(std::string_view path, size_t i) { return fmt::format("{}[{}]", path, i); }

std::string key(std::string_view path, std::string_view k) { return fmt::format("{}[{}]", path, k); }

std::string invalid(std::string_view path, std::string_view value, std::string_view detail) {
  std::string out = fmt::format("{}: Invalid value: {}", path, value);
  if (!detail.empty()) out += fmt::format(": {}", detail);
  return out;
}

std::string not_supported(std::string_view path, std::string_view value,
                          const std::vector<std::string>& supported) {
  std::string out = fmt::format("{}: Unsupported value: {}", path, value);
  if (!supported.empty()) {
    out += ": supported values: ";
    for (size_t i = 0; i < supported.size(); ++i) {
      if (i > 0) out += ", ";
      out += go_quote(supported[i]);
    }
  }
  return out;
}

std::string required(std::string_view path, std::string_view detail) {
  if (detail.empty()) return fmt::format("{}: Required value", path);
  return fmt::format("{}: Required value: {}", path, detail);
}

std::string forbidden(std::string_view path, std::string_view detail) {
  if (detail.empty()) return fmt::format("{}: Forbidden", path);
  return fmt::format("{}: Forbidden: {}", path, detail);
}

std::string duplicate(std::string_view path, std::string_view value) {
  return fmt::format("{}: Duplicate value: {}", path, value);
}

std::string aggregate(const std::vector<std::string>& errors) {
  std::vector<std::string> unique;
  for (const auto& message : errors) {
    if (std::find(unique.begin(), unique.end(), message) == unique.end()) unique.push_back(message);
  }
  if (unique.empty()) return "";
  if (unique.size() == 1) return unique.front();
  std::string out = "[";
  for (size_t i = 0; i < unique.size(); ++i) {
    if (i > 0) out += ", ";
    out += unique[i];
  }
  out += ']';
  return out;
}

}  // namespace podfit::field
