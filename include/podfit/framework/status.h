// The result of running a plugin: a code plus kube-scheduler's reason strings.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace podfit {

// framework.Code, in kube-scheduler's order.
enum class Code { Success, Error, Unschedulable, UnschedulableAndUnresolvable, Wait, Skip, Pending };

std::string_view code_name(Code code);

// framework.Status. A default-constructed Status is Success. `reasons` are
// kube-scheduler's words; `details` are podfit's explanation of them (which taint,
// how much of which resource) and never take part in the FitError message.
class Status {
 public:
  Status() = default;
  explicit Status(Code code, std::vector<std::string> reasons = {}, std::vector<std::string> details = {})
      : code_(code), reasons_(std::move(reasons)), details_(std::move(details)) {}
  Status(Code code, std::string reason) : code_(code), reasons_{std::move(reason)} {}

  // AsStatus(err): an Error status carrying the message.
  static Status error(std::string message) { return Status(Code::Error, std::move(message)); }

  Code code() const { return code_; }
  const std::vector<std::string>& reasons() const { return reasons_; }
  const std::vector<std::string>& details() const { return details_; }
  const std::string& plugin() const { return plugin_; }

  Status& with_plugin(std::string plugin) {
    plugin_ = std::move(plugin);
    return *this;
  }
  Status& with_detail(std::string detail) {
    details_.push_back(std::move(detail));
    return *this;
  }
  void append_reason(std::string reason) { reasons_.push_back(std::move(reason)); }

  bool is_success() const { return code_ == Code::Success; }
  bool is_skip() const { return code_ == Code::Skip; }
  bool is_error() const { return code_ == Code::Error; }
  // Unschedulable, UnschedulableAndUnresolvable or Pending.
  bool is_rejected() const {
    return code_ == Code::Unschedulable || code_ == Code::UnschedulableAndUnresolvable || code_ == Code::Pending;
  }
  // Reasons joined by ", " (Status.Message()).
  std::string message() const;

  friend bool operator==(const Status& a, const Status& b) {
    return a.code_ == b.code_ && a.reasons_ == b.reasons_ && a.plugin_ == b.plugin_;
  }

 private:
  Code code_ = Code::Success;
  std::vector<std::string> reasons_;
  std::vector<std::string> details_;
  std::string plugin_;
};

// Status.AsError() as Go's "%w" prints it: a status that carries no error (Success, Skip,
// Wait) prints "%!w(<nil>)".
std::string error_text(const Status& status);

// fwk.AsStatus(fmt.Errorf(...)): an Error with `message` naming `plugin` (none when empty),
// keeping the original's podfit details.
Status wrap_error(std::string message, const Status& original, const std::string& plugin = {});

}  // namespace podfit
