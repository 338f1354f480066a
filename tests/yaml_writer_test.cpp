// The YAML written directly is byte for byte what emit_yaml prints of the same document.
#include <doctest/doctest.h>

#include <sstream>
#include <string>
#include <string_view>

#include "podfit/report/yaml_emitter.h"
#include "json_dom_builder.h"
#include "report/yaml_writer.h"
#include "writer_sample_document.h"

using namespace podfit;

namespace {

using namespace std::string_literals;

std::string direct(std::string_view s) {
  std::string out;
  YamlWriter w(out);
  sample(w, s);
  return out;
}

std::string emitted(std::string_view s) {
  JsonDomBuilder dom;
  sample(dom, s);
  std::ostringstream out;
  emit_yaml(out, dom.document());
  return out.str();
}

}  // namespace

TEST_CASE("YamlWriter: the layout and quoting of emit_yaml") {
  const std::string strings[] = {"plain"s, ""s, "yes"s, "null"s, "12"s, "-1.5"s, "a: b"s, "key:"s, " lead"s,
                                 "- dash"s, "#hash"s, "a #b"s, "tab\there"s, "quote \" \\"s, "h\xc3\xa9llo"s,
                                 "\x01\x7f"s};
  for (const std::string& s : strings) {
    CAPTURE(s);
    CHECK(direct(s) == emitted(s));
  }
}

TEST_CASE("YamlWriter: an empty document and a lone scalar") {
  std::string out;
  YamlWriter object(out);
  object.begin_object();
  object.end_object();
  CHECK(out == "{}\n");
  out.clear();
  YamlWriter(out).string("x");
  CHECK(out == "x\n");
}
