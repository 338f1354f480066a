#include "podfit/framework/fit_error.h"

#include <algorithm>
#include <map>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace podfit {

std::string fit_error_message(const FitDiagnosis& diagnosis, size_t num_all_nodes) {
  std::string message = fmt::format("0/{} nodes are available:", num_all_nodes);
  if (!diagnosis.pre_filter_msg.empty()) {
    // Every node carries the PreFilter status: repeating it per node would only duplicate it.
    message += fmt::format(" {}.", diagnosis.pre_filter_msg);
  } else {
    std::map<std::string, size_t> counts;
    for (const Status& status : diagnosis.node_statuses) {
      for (const auto& reason : status.reasons()) ++counts[reason];
    }
    const size_t explicit_nodes = diagnosis.node_statuses.size();
    if (explicit_nodes < num_all_nodes) {
      for (const auto& reason : diagnosis.absent_nodes_status.reasons()) counts[reason] += num_all_nodes - explicit_nodes;
    }
    // "count reason", sorted as strings: "10 x" comes before "2 y".
    std::vector<std::string> histogram;
    histogram.reserve(counts.size());
    for (const auto& [reason, count] : counts) histogram.push_back(fmt::format("{} {}", count, reason));
    std::sort(histogram.begin(), histogram.end());
    if (!histogram.empty()) message += fmt::format(" {}.", fmt::join(histogram, ", "));
  }
  if (!diagnosis.post_filter_msg.empty()) message += fmt::format(" {}", diagnosis.post_filter_msg);
  return message;
}

FitDiagnosis fit_diagnosis(const FilterOutcome& outcome) {
  FitDiagnosis diagnosis;
  if (!outcome.pre_filter_status.is_success()) {
    diagnosis.absent_nodes_status = outcome.pre_filter_status;
    diagnosis.pre_filter_msg = outcome.pre_filter_status.message();
    return diagnosis;
  }
  for (size_t i = 0; i < outcome.node_failures.size(); ++i) {
    const auto& failures = outcome.node_failures[i];
    if (failures.empty()) continue;
    if (i < outcome.excluded_by_pre_filter.size() && outcome.excluded_by_pre_filter[i]) {
      diagnosis.absent_nodes_status = failures.front();
    } else {
      diagnosis.node_statuses.push_back(failures.front());
    }
  }
  return diagnosis;
}

std::string fit_error_message(const FilterOutcome& outcome, size_t num_all_nodes, std::string_view post_filter_msg) {
  FitDiagnosis diagnosis = fit_diagnosis(outcome);
  diagnosis.post_filter_msg = std::string(post_filter_msg);
  return fit_error_message(diagnosis, num_all_nodes);
}

}  // namespace podfit
