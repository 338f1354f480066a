// Writes YAML straight into a string from the calls a JsonWriter takes, laid out exactly as
// emit_yaml prints the same document: no document is built.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace podfit {

class YamlWriter {
 public:
  explicit YamlWriter(std::string& out) : out_(out) {}

  void begin_object() { open(false); }
  void end_object() { close(); }
  void begin_array() { open(true); }
  void end_array() { close(); }
  void key(std::string_view name);
  void string(std::string_view s);
  void integer(int64_t n);
  void boolean(bool b);
  void null();

 private:
  // Where a value goes: after a key, as a list item, or as the document.
  enum class Place { Member, Item, Document };
  struct Container {
    bool array = false;
    Place place = Place::Document;  // where the container itself sits
    int indent = 0;                 // of its members' keys, or of its items' dashes
    bool inline_first = false;      // its first member follows a list item's dash
  };

  Place place_value();
  void scalar(std::string_view text);
  void open(bool array);
  void close();
  // An opened container is written as [] or {} only if it closes at once.
  void settle_open();

  std::string& out_;
  std::vector<Container> open_;
  bool just_opened_ = false;
};

}  // namespace podfit
