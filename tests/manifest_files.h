// A directory of manifests written for one test, removed afterwards.
#pragma once

#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <string>

#include <fmt/format.h>

namespace podfit {

class ManifestFiles {
 public:
  ManifestFiles() {
    static std::atomic<int> counter{0};
    dir_ = std::filesystem::temp_directory_path() / fmt::format("podfit-test-{}-{}", ::getpid(), counter++);
    std::filesystem::create_directories(dir_);
  }
  ~ManifestFiles() {
    std::error_code ignored;
    std::filesystem::remove_all(dir_, ignored);
  }
  ManifestFiles(const ManifestFiles&) = delete;
  ManifestFiles& operator=(const ManifestFiles&) = delete;

  // Writes `text` to `name` (a path under the directory, its folders made) and returns its path.
  std::string write(const std::string& name, const std::string& text) {
    const std::filesystem::path path = dir_ / name;
    std::filesystem::create_directories(path.parent_path());
    std::ofstream(path) << text;
    return path.string();
  }
  std::string dir() const { return dir_.string(); }

 private:
  std::filesystem::path dir_;
};


// A Ready Node manifest (a YAML document); memory in Gi.
inline std::string node_manifest(const std::string& name, const std::string& zone, int cpu, int memory_gi, int pods,
                 const std::string& extra = "") {
  return fmt::format(R"(---
apiVersion: v1
kind: Node
metadata:
  name: {0}
  labels:
    kubernetes.io/hostname: {0}
    topology.kubernetes.io/zone: {1}
spec:
{5}
status:
  allocatable:
    cpu: '{2}'
    memory: {3}Gi
    pods: '{4}'
)",
                     name, zone, cpu, memory_gi, pods, extra.empty() ? "  {}" : extra);
}

}  // namespace podfit
