// The JSON written directly is byte for byte nlohmann's dump(2) of the same document.
#include <doctest/doctest.h>

#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "json_dom_builder.h"
#include "report/json_writer.h"
#include "writer_sample_document.h"

using namespace podfit;

namespace {

using namespace std::string_literals;

std::string direct(std::string_view s) {
  std::string out;
  JsonWriter w(out);
  sample(w, s);
  return out;
}

std::string dumped(std::string_view s) {
  JsonDomBuilder dom;
  sample(dom, s);
  return dom.document().dump(2);
}

}  // namespace

TEST_CASE("JsonWriter: strings escaped as dump() escapes them") {
  const std::string strings[] = {""s,
                                 "plain"s,
                                 "quote \" and backslash \\ and slash /"s,
                                 "\b\f\n\r\t"s,
                                 "\x01\x02\x1b\x1f \x7f"s,
                                 "nul \0 inside"s,
                                 "UTF-8: h\xc3\xa9llo \xe2\x9c\x93 \xf0\x9f\x98\x80"s,
                                 "edges: \xc2\x80 \xed\x9f\xbf \xee\x80\x80 \xef\xbf\xbf \xf0\x90\x80\x80 \xf4\x8f\xbf\xbf"s};
  for (const std::string& s : strings) {
    CAPTURE(s);
    CHECK(direct(s) == dumped(s));
  }
}

TEST_CASE("JsonWriter: a lone value and empty containers at the top") {
  std::string out;
  JsonWriter(out).string("x");
  CHECK(out == nlohmann::json("x").dump(2));
  out.clear();
  JsonWriter array(out);
  array.begin_array();
  array.end_array();
  CHECK(out == "[]");
  out.clear();
  JsonWriter object(out);
  object.begin_object();
  object.end_object();
  CHECK(out == "{}");
}

TEST_CASE("JsonWriter: invalid UTF-8 throws what dump() throws") {
  const std::string strings[] = {"truncated \xc3"s,          "overlong \xc0\xaf"s,       "overlong \xe0\x80\xaf"s,
                                 "surrogate \xed\xa0\x80"s,  "past U+10FFFF \xf4\x90\x80\x80"s, "\xff"s,
                                 "stray continuation \x80 x"s, "short \xe2\x9c x"s,       "short \xf0\x9f\x98"s};
  for (const std::string& s : strings) {
    CAPTURE(s);
    std::string expected;
    try {
      (void)nlohmann::json(s).dump();
    } catch (const nlohmann::json::type_error& e) {
      expected = e.what();
    }
    REQUIRE(!expected.empty());
    std::string out;
    JsonWriter w(out);
    CHECK_THROWS_WITH_AS(w.string(s), expected.c_str(), nlohmann::json::type_error);
  }
}
