#include "podfit/model/field_errors.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>

#include "podfit/util/utf8.h"

namespace podfit::field {
namespace {

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

bool is_field_error(std::string_view message) {
  // field.ErrorType's words, each after the path and before the end or the detail.
  for (std::string_view type : {"Not found", "Required value", "Duplicate value", "Invalid value", "Unsupported value",
                                "Forbidden", "Too long", "Too many", "Internal error"}) {
    for (size_t at = message.find(type); at != std::string_view::npos; at = message.find(type, at + 1)) {
      const bool after_path = at >= 2 && message.substr(at - 2, 2) == ": ";
      const size_t end = at + type.size();
      if (after_path && (end == message.size() || message[end] == ':')) return true;
    }
  }
  return false;
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
