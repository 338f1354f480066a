#include "podfit/report/yaml_emitter.h"

#include <cctype>
#include <string>
#include <string_view>

namespace podfit {
namespace {

using json = nlohmann::ordered_json;

bool looks_like_number(std::string_view s) {
  size_t p = 0;
  if (p < s.size() && (s[p] == '+' || s[p] == '-')) ++p;
  if (p < s.size() && s[p] == '.') ++p;
  return p < s.size() && std::isdigit(static_cast<unsigned char>(s[p]));
}

bool is_reserved_word(std::string_view s) {
  static constexpr std::string_view kWords[] = {
      "y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO", "true", "True", "TRUE", "false", "False",
      "FALSE", "on", "On", "ON", "off", "Off", "OFF", "null", "Null", "NULL", "~", ".nan", ".NaN", ".NAN",
      ".inf", ".Inf", ".INF", "-.inf", "-.Inf", "-.INF", "+.inf", "+.Inf", "+.INF", "<<"};
  for (std::string_view w : kWords) {
    if (s == w) return true;
  }
  return false;
}

}  // namespace

bool yaml_plain_safe(std::string_view s) {
  if (s.empty() || is_reserved_word(s) || looks_like_number(s)) return false;
  if (s.front() == ' ' || s.back() == ' ' || s.back() == ':') return false;
  if (std::string_view("-?:,[]{}#&*!|>'\"%@`").find(s.front()) != std::string_view::npos) return false;
  for (size_t i = 0; i < s.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c < 0x20 || c == 0x7f) return false;
    if (c == ':' && i + 1 < s.size() && s[i + 1] == ' ') return false;
    if (c == '#' && i > 0 && s[i - 1] == ' ') return false;
  }
  return true;
}

namespace {

std::string scalar(const json& v) {
  if (v.is_null()) return "null";
  if (v.is_string()) {
    const std::string& s = v.get_ref<const std::string&>();
    return yaml_plain_safe(s) ? s : json(s).dump();
  }
  return v.dump();
}

bool is_empty_container(const json& v) { return (v.is_object() || v.is_array()) && v.empty(); }

void emit(std::ostream& out, const json& v, int indent);

void emit_object_members(std::ostream& out, const json& obj, int indent, bool first_inline) {
  bool first = true;
  for (auto it = obj.begin(); it != obj.end(); ++it) {
    if (!(first && first_inline)) out << std::string(static_cast<size_t>(indent), ' ');
    first = false;
    std::string key = yaml_plain_safe(it.key()) ? it.key() : json(it.key()).dump();
    const json& value = it.value();
    if (value.is_object() && !value.empty()) {
      out << key << ":\n";
      emit_object_members(out, value, indent + 2, false);
    } else if (value.is_array() && !value.empty()) {
      out << key << ":\n";
      emit(out, value, indent);
    } else if (is_empty_container(value)) {
      out << key << ": " << (value.is_object() ? "{}" : "[]") << "\n";
    } else {
      out << key << ": " << scalar(value) << "\n";
    }
  }
}

void emit(std::ostream& out, const json& v, int indent) {
  if (v.is_object()) {
    if (v.empty()) {
      out << "{}\n";
      return;
    }
    emit_object_members(out, v, indent, false);
    return;
  }
  if (v.is_array()) {
    if (v.empty()) {
      out << "[]\n";
      return;
    }
    for (const json& item : v) {
      out << std::string(static_cast<size_t>(indent), ' ') << "-";
      if (item.is_array() && !item.empty()) {
        out << "\n";
        emit(out, item, indent + 2);
        continue;
      }
      out << " ";
      if (item.is_object() && !item.empty()) {
        emit_object_members(out, item, indent + 2, true);
      } else if (is_empty_container(item)) {
        out << (item.is_object() ? "{}" : "[]") << "\n";
      } else {
        out << scalar(item) << "\n";
      }
    }
    return;
  }
  out << scalar(v) << "\n";
}

}  // namespace

void emit_yaml(std::ostream& out, const nlohmann::ordered_json& doc) { emit(out, doc, 0); }

}  // namespace podfit
