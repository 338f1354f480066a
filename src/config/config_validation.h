// ValidateKubeSchedulerConfiguration and the plugin args validations, with kube-scheduler's messages.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "config_decode.h"
#include "podfit/config/scheduler_config.h"

namespace podfit {

// A flattened list of field errors, each with the line it points at (0: unknown).
class ValidationErrors {
 public:
  void add(std::string message, int line) { errors_.push_back({std::move(message), line}); }
  bool empty() const { return errors_.empty(); }
  size_t size() const { return errors_.size(); }
  // utilerrors.Flatten(NewAggregate(errs)).Error(): one message, or "[a, b]" for several.
  std::string message() const;
  int first_line() const;

 private:
  struct Entry {
    std::string message;
    int line;
  };
  std::vector<Entry> errors_;
};

// ValidateKubeSchedulerConfiguration over the defaulted configuration (`written` supplies the
// top-level fields as written, defaulted where kube-scheduler defaults them).
void validate_configuration(const WrittenConfiguration& written, const SchedulerConfiguration& config,
                            const FeatureGates& gates, ValidationErrors& errors);

// ValidateNodeResourcesFitArgs(path, args): kube-scheduler runs it when it creates the plugin
// (with an empty path), not in the configuration's validation.
void validate_node_resources_fit_args(std::string_view path, const PluginConfig& args, ValidationErrors& errors);

}  // namespace podfit
