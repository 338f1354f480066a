// `podfit __complete WORDS...`: cobra's completion protocol, which kubectl's plugin completion
// (through kubectl_complete-podfit) and podfit's own shell completions call. The last word is
// the one being completed (possibly empty).
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "podfit/cli/command_line.h"

namespace podfit {

// cobra's ShellCompDirective bits: what the shell does besides offering the candidates.
enum CompletionDirective : int {
  kCompleteDefault = 0,
  kCompleteNoSpace = 2,
  kCompleteNoFiles = 4,
  kCompleteFileExtensions = 8,  // the candidates are the file name extensions to offer
  kCompleteDirectories = 16,
};

// Prints the candidates for the last of `words`, one per line ("candidate\tdescription"), then
// ":DIRECTIVE". Returns 0: a completion never fails, it offers nothing.
int complete(const CommandLine& line, const std::vector<std::string>& words, std::ostream& out);

}  // namespace podfit
