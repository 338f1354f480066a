#include "podfit/framework/status.h"

namespace podfit {

std::string_view code_name(Code code) {
  switch (code) {
    case Code::Success: return "Success";
    case Code::Error: return "Error";
    case Code::Unschedulable: return "Unschedulable";
    case Code::UnschedulableAndUnresolvable: return "UnschedulableAndUnresolvable";
    case Code::Wait: return "Wait";
    case Code::Skip: return "Skip";
    case Code::Pending: return "Pending";
  }
  return "Unknown";
}

std::string Status::message() const {
  std::string out;
  for (size_t i = 0; i < reasons_.size(); ++i) {
    if (i > 0) out += ", ";
    out += reasons_[i];
  }
  return out;
}

std::string error_text(const Status& status) {
  if (status.is_success() || status.is_skip() || status.code() == Code::Wait) return "%!w(<nil>)";
  return status.message();
}

Status wrap_error(std::string message, const Status& original, const std::string& plugin) {
  Status wrapped = Status::error(std::move(message));
  for (const auto& detail : original.details()) wrapped.with_detail(detail);
  if (!plugin.empty()) wrapped.with_plugin(plugin);
  return wrapped;
}

}  // namespace podfit
