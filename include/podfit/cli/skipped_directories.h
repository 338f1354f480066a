// The subdirectories a -f or --pod directory read without -R leaves unread, when they hold manifests.
#pragma once

#include <string>
#include <vector>

namespace podfit {

// One notice per subdirectory of a directory in `paths` that holds .yaml, .yml or .json files at
// any depth, in name order: "podfit: skipped directory DIR (N manifests): add -R to read it".
// Nothing with `recursive` (-R reads them all), and nothing for subdirectories without manifests.
std::vector<std::string> skipped_directory_notices(const std::vector<std::string>& paths, bool recursive);

}  // namespace podfit
