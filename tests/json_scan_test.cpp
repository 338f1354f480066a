// The splitter's scanner: where an object ends, whatever its strings, escapes and pieces.
#include <doctest/doctest.h>

#include <string>

#include "load/json_scan.h"

using namespace podfit;

namespace {

// Scans `text` (whose first byte opens the value) in pieces of `piece` bytes; returns the end.
size_t end_of(const std::string& text, size_t piece) {
  std::string padded = text + std::string(64, 'x');  // the 64 readable bytes after each piece
  JsonValueScanner scanner;
  scanner.reset();
  for (size_t at = 0; at < text.size(); at += piece) {
    const size_t length = std::min(piece, text.size() - at);
    // Each piece is scanned from its own copy so nothing past it can be relied upon.
    std::string chunk = padded.substr(at, length) + std::string(64, '}');
    const size_t found = scanner.scan(chunk.data(), length);
    if (found != JsonValueScanner::kNotFound) return at + found;
  }
  return JsonValueScanner::kNotFound;
}

}  // namespace

TEST_CASE("JsonValueScanner: the end of the outermost value, in any pieces") {
  struct Case {
    const char* name;
    std::string text;  // the value, then what follows it
    size_t end;
  };
  const std::string long_string = "{\"a\":\"" + std::string(200, 'y') + "}]{[\\\"\",\"b\":[1,2,{}]}";
  const Case cases[] = {
      {"flat", "{\"a\":1},{", 7},
      {"nested", "{\"a\":{\"b\":[1,[2]]}}]", 19},
      {"brackets in strings", "{\"a\":\"}]{[\"}x", 12},
      {"escaped quote", "{\"a\":\"\\\"}\"}x", 11},
      {"escaped backslash before quote", "{\"a\":\"\\\\\"}x", 10},
      {"three backslashes", "{\"a\":\"\\\\\\\"}\"}x", 13},
      {"unicode escape", "{\"a\":\"\\u007d\"}x", 14},
      {"array", "[{},[],\"]\"]x", 11},
      {"long string", long_string + ",", long_string.size()},
  };
  for (const Case& c : cases) {
    for (size_t piece : {1, 2, 3, 7, 63, 64, 65, 1000}) {
      CAPTURE(c.name);
      CAPTURE(piece);
      CHECK(end_of(c.text, piece) == c.end);
    }
  }
}

TEST_CASE("JsonValueScanner: backslash runs across 64-byte blocks") {
  for (size_t pad = 50; pad < 70; ++pad) {
    for (size_t run = 1; run <= 5; ++run) {
      // A string whose backslash run straddles a block boundary, then a quote.
      std::string text = "{\"" + std::string(pad, 'p') + std::string(run, '\\') + "\"";
      // An odd run escapes the quote, so the string goes on until a later quote.
      if (run % 2 == 1) text += "}\"";
      text += "}x";
      CAPTURE(pad);
      CAPTURE(run);
      CHECK(end_of(text, 1000) == text.size() - 1);
      CHECK(end_of(text, 1) == text.size() - 1);
    }
  }
}

TEST_CASE("JsonValueScanner: unfinished values and depth") {
  CHECK(end_of("{\"a\":[1,2", 4) == JsonValueScanner::kNotFound);
  CHECK(end_of("{\"a\":\"}", 100) == JsonValueScanner::kNotFound);
  JsonValueScanner scanner;
  scanner.reset();
  std::string deep = std::string(300, '[') + std::string(64, ' ');
  CHECK(scanner.scan(deep.data(), 300) == JsonValueScanner::kNotFound);
  CHECK(scanner.max_depth_seen() == 300);
}

TEST_CASE("count_newlines") {
  std::string text;
  size_t want = 0;
  for (int i = 0; i < 100; ++i) {
    text += std::string(static_cast<size_t>(i % 7), 'a');
    if (i % 3 == 0) {
      text += '\n';
      ++want;
    }
  }
  CHECK(count_newlines(text.data(), text.size()) == want);
  CHECK(count_newlines(text.data(), 0) == 0);
}
