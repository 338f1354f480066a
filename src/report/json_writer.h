// Writes JSON straight into a string, laid out as nlohmann's dump(2) lays it out: no document
// is built, so a report is written as fast as it is walked.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace podfit {

// Appends `s` as a JSON string, quoted and escaped as dump() writes it (invalid UTF-8 throws
// nlohmann's type_error 316, as dump() does).
void append_json_string(std::string& out, std::string_view s);

// Two-space indent, `"key": value`, empty containers as {} and [], strings escaped as dump()
// escapes them (UTF-8 kept; invalid UTF-8 throws nlohmann's type_error 316, as dump() does).
// Calls follow the document: key() before each member's value, begin/end around containers.
class JsonWriter {
 public:
  explicit JsonWriter(std::string& out) : out_(out) {}

  void begin_object() { open('{'); }
  void end_object() { close('}'); }
  void begin_array() { open('['); }
  void end_array() { close(']'); }
  void key(std::string_view name);
  void string(std::string_view s);
  void integer(int64_t n);
  void boolean(bool b);
  void null();

 private:
  void before_value();
  void separate();
  void open(char bracket);
  void close(char bracket);

  std::string& out_;
  std::vector<bool> has_items_;  // one per open container
  bool after_key_ = false;
};

}  // namespace podfit
