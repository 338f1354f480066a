#include "podfit/cli/skipped_directories.h"

#include <algorithm>
#include <filesystem>
#include <system_error>

#include <fmt/format.h>

#include "podfit/util/paths.h"
#include "podfit/util/plural.h"

namespace podfit {
namespace {

namespace fs = std::filesystem;

bool has_manifest_extension(const fs::path& p) {
  const std::string ext = p.extension().string();
  return ext == ".yaml" || ext == ".yml" || ext == ".json";
}

// The manifests -R would find under `dir`: links to directories are not followed, as the walk does not.
size_t manifests_under(const fs::path& dir) {
  size_t count = 0;
  std::error_code ec;
  fs::recursive_directory_iterator it(dir, fs::directory_options::skip_permission_denied, ec);
  for (; !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    std::error_code ignored;
    if (has_manifest_extension(it->path()) && it->is_regular_file(ignored)) ++count;
  }
  return count;
}

}  // namespace

std::vector<std::string> skipped_directory_notices(const std::vector<std::string>& paths, bool recursive) {
  std::vector<std::string> notices;
  if (recursive) return notices;
  for (const std::string& path : paths) {
    std::error_code ec;
    if (path == "-" || !fs::is_directory(path, ec)) continue;
    std::vector<fs::path> subdirectories;
    fs::directory_iterator it(path, ec);
    for (; !ec && it != fs::directory_iterator(); it.increment(ec)) {
      std::error_code ignored;
      if (it->is_directory(ignored) && !it->is_symlink(ignored)) subdirectories.push_back(it->path());
    }
    std::sort(subdirectories.begin(), subdirectories.end());
    std::vector<fs::path> skipped;
    size_t total = 0;
    for (const fs::path& dir : subdirectories) {
      const size_t manifests = manifests_under(dir);
      if (manifests == 0) continue;
      skipped.push_back(dir);
      total += manifests;
    }
    // One line per directory given: a lone subdirectory is named, several are counted.
    if (skipped.size() == 1) {
      notices.push_back(fmt::format("podfit: skipped directory {} ({}): add -R to read it",
                                    shown_path(skipped.front().string()), counted(total, "manifest")));
    } else if (skipped.size() > 1) {
      notices.push_back(fmt::format("podfit: skipped {} subdirectories of {} ({}): add -R to read them", skipped.size(),
                                    shown_path(path), counted(total, "manifest")));
    }
  }
  return notices;
}

}  // namespace podfit
