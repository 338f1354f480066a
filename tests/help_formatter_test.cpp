// Help text: descriptions wrapped at 80 columns under their flag, never into its names.
#include <doctest/doctest.h>

#include <sstream>
#include <string>

#include "cli/help_formatter.h"
#include "podfit/cli/command_line.h"

using namespace podfit;

TEST_CASE("wrap breaks between words, indents every line and keeps within the width") {
  CHECK(wrap("one two three", 4, 12) == "    one two\n    three\n");
  CHECK(wrap("", 2) == "");
  const std::string long_word(100, 'x');
  CHECK(wrap("a " + long_word, 2, 20) == "  a\n  " + long_word + "\n");  // a word longer than the width stays whole
}

TEST_CASE("every command's help keeps within 80 columns, outside its examples, and has no CLI11 type tags") {
  const auto line = make_command_line(false);
  for (const CLI::App* command : commands(*line)) {
    const std::string help = command->help("podfit");
    CAPTURE(command->get_name());
    CHECK(help.find("TEXT") == std::string::npos);
    CHECK(help.find("INT") == std::string::npos);
    CHECK(help.find("Excludes") == std::string::npos);
    CHECK(help.find("Usage:\n  podfit " + command->get_name() + " ") != std::string::npos);
    std::istringstream lines(help);
    std::string text;
    while (std::getline(lines, text)) {
      if (text.rfind("  podfit ", 0) == 0) continue;  // an example command line is copied whole
      CHECK(text.size() <= 80);
    }
  }
}
