// Builds an nlohmann document from the calls a JsonWriter or YamlWriter takes: the reference
// the direct writers are checked against (nlohmann's dump(2), emit_yaml).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace podfit {

class JsonDomBuilder {
 public:
  void begin_object() { open(nlohmann::ordered_json::object()); }
  void end_object() { open_.pop_back(); }
  void begin_array() { open(nlohmann::ordered_json::array()); }
  void end_array() { open_.pop_back(); }
  void key(std::string_view name) { key_ = name; }
  void string(std::string_view s) { place(std::string(s)); }
  void integer(int64_t n) { place(n); }
  void boolean(bool b) { place(b); }
  void null() { place(nullptr); }

  // The document, once every container is closed.
  nlohmann::ordered_json& document() { return document_; }

 private:
  // Only the innermost open container grows, so the pointers to the open ones stay valid.
  nlohmann::ordered_json& place(nlohmann::ordered_json value) {
    if (open_.empty()) return document_ = std::move(value);
    nlohmann::ordered_json& parent = *open_.back();
    if (parent.is_array()) {
      parent.push_back(std::move(value));
      return parent.back();
    }
    return parent[key_] = std::move(value);
  }
  void open(nlohmann::ordered_json container) { open_.push_back(&place(std::move(container))); }

  nlohmann::ordered_json document_;
  std::vector<nlohmann::ordered_json*> open_;
  std::string key_;
};

}  // namespace podfit
