// The subdirectories a -f directory read without -R leaves unread, named when they hold manifests.
#include <doctest/doctest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "podfit/cli/skipped_directories.h"

namespace podfit {
namespace {

namespace fs = std::filesystem;

// A directory tree made for one test, removed afterwards.
class Tree {
 public:
  Tree() : root_(fs::temp_directory_path() / fmt::format("podfit-skipped-dirs-{}-{}", ::getpid(), counter_++)) {
    fs::create_directories(root_);
  }
  ~Tree() {
    std::error_code ignored;
    fs::remove_all(root_, ignored);
  }
  void file(const std::string& relative) {
    fs::create_directories((root_ / relative).parent_path());
    std::ofstream(root_ / relative) << "{}\n";
  }
  std::string path(const std::string& relative = "") const { return (root_ / relative).string(); }

 private:
  static inline int counter_ = 0;
  fs::path root_;
};

TEST_CASE("subdirectories with manifests at any depth are counted in one line per directory given") {
  Tree tree;
  tree.file("nodes.yaml");
  tree.file("b/pods.json");
  tree.file("b/deeper/more.yml");
  tree.file("a/deep/er/one.yaml");
  const std::vector<std::string> notices = skipped_directory_notices({tree.path()}, false);
  REQUIRE(notices.size() == 1);
  CHECK(notices[0] ==
        fmt::format("podfit: skipped 2 subdirectories of {} (3 manifests): add -R to read them", tree.path()));
  // A lone subdirectory is named.
  Tree one;
  one.file("b/deeper/more.yml");
  CHECK(skipped_directory_notices({one.path()}, false) ==
        std::vector<std::string>{fmt::format("podfit: skipped directory {} (1 manifest): add -R to read it", one.path("b"))});
}

TEST_CASE("subdirectories without manifests, and every subdirectory with -R, are not named") {
  Tree tree;
  tree.file("nodes.yaml");
  tree.file("docs/README.txt");
  tree.file("docs/deeper/notes.md");
  CHECK(skipped_directory_notices({tree.path()}, false).empty());
  tree.file("pods/web.yaml");
  CHECK(skipped_directory_notices({tree.path()}, false).size() == 1);
  CHECK(skipped_directory_notices({tree.path()}, true).empty());
}

TEST_CASE("files, standard input and missing paths have no subdirectories") {
  Tree tree;
  tree.file("nodes.yaml");
  CHECK(skipped_directory_notices({tree.path("nodes.yaml"), "-", tree.path("missing")}, false).empty());
}

TEST_CASE("a symbolic link to a directory is not named: -R does not follow it either") {
  Tree tree;
  tree.file("real/pods.yaml");
  tree.file("top/nodes.yaml");
  fs::create_directory_symlink(tree.path("real"), tree.path("top/link"));
  CHECK(skipped_directory_notices({tree.path("top")}, false).empty());
}

}  // namespace
}  // namespace podfit
