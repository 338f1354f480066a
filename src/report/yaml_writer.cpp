#include "yaml_writer.h"

#include <charconv>

#include "json_writer.h"
#include "podfit/report/yaml_emitter.h"

namespace podfit {

void YamlWriter::key(std::string_view name) {
  settle_open();
  Container& object = open_.back();
  if (!object.inline_first) out_.append(static_cast<size_t>(object.indent), ' ');
  object.inline_first = false;
  if (yaml_plain_safe(name)) out_ += name;
  else append_json_string(out_, name);
}

void YamlWriter::string(std::string_view s) {
  if (yaml_plain_safe(s)) return scalar(s);
  std::string quoted;
  append_json_string(quoted, s);
  scalar(quoted);
}

void YamlWriter::integer(int64_t n) {
  char digits[24];
  scalar(std::string_view(digits, static_cast<size_t>(std::to_chars(digits, digits + sizeof digits, n).ptr - digits)));
}

void YamlWriter::boolean(bool b) { scalar(b ? "true" : "false"); }

void YamlWriter::null() { scalar("null"); }

void YamlWriter::scalar(std::string_view text) {
  const Place place = place_value();
  if (place == Place::Member) out_ += ": ";
  else if (place == Place::Item) out_ += ' ';
  out_ += text;
  out_ += '\n';
}

// A value's place; a list item's dash is written here, a member's key already is.
YamlWriter::Place YamlWriter::place_value() {
  settle_open();
  if (open_.empty()) return Place::Document;
  const Container& parent = open_.back();
  if (!parent.array) return Place::Member;
  out_.append(static_cast<size_t>(parent.indent), ' ');
  out_ += '-';
  return Place::Item;
}

void YamlWriter::open(bool array) {
  const Place place = place_value();
  const Container* parent = open_.empty() ? nullptr : &open_.back();
  Container child{array, place, 0, false};
  if (place == Place::Member) child.indent = array ? parent->indent : parent->indent + 2;
  if (place == Place::Item) {
    child.indent = parent->indent + 2;
    child.inline_first = !array;
  }
  open_.push_back(child);
  just_opened_ = true;
}

void YamlWriter::settle_open() {
  if (!just_opened_) return;
  just_opened_ = false;
  const Container& container = open_.back();
  if (container.place == Place::Member) out_ += ":\n";
  else if (container.place == Place::Item) out_ += container.array ? "\n" : " ";
}

void YamlWriter::close() {
  if (just_opened_) {
    just_opened_ = false;
    const Container& container = open_.back();
    if (container.place == Place::Member) out_ += ": ";
    else if (container.place == Place::Item) out_ += ' ';
    out_ += container.array ? "[]\n" : "{}\n";
  }
  open_.pop_back();
}

}  // namespace podfit
