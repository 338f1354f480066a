// Suggestions for mistyped commands and flags: cobra's rule (two edits, or a prefix).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "cli/suggestion.h"

using namespace podfit;

TEST_CASE("edit distance counts insertions, deletions and substitutions, ignoring case") {
  CHECK(edit_distance("chek", "check") == 1);
  CHECK(edit_distance("pods", "pod") == 1);
  CHECK(edit_distance("versoin", "version") == 2);
  CHECK(edit_distance("CHECK", "check") == 0);
  CHECK(edit_distance("", "abc") == 3);
  CHECK(edit_distance("place", "admit") == 5);
}

TEST_CASE("close names are within two edits or start with what was typed") {
  const std::vector<std::string> commands{"check", "requeue", "admit", "place", "devices", "help", "version"};
  CHECK(close_names("chek", commands) == std::vector<std::string>{"check"});
  CHECK(close_names("dev", commands) == std::vector<std::string>{"devices"});
  CHECK(close_names("deploy", commands).empty());
  CHECK(close_names("", commands).empty());
}

TEST_CASE("the closest name is the nearest, the first of equals") {
  const std::vector<std::string> flags{"filename", "recursive", "pod", "output", "pre-check"};
  CHECK(closest_name("pods", flags) == "pod");
  CHECK(closest_name("p", flags) == "pod");
  CHECK(closest_name("outptu", flags) == "output");
  CHECK(closest_name("zzz", flags).empty());
}
