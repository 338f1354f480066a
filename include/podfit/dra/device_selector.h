// DRA device selectors: CEL expressions of DeviceClasses and claims, compiled once in the
// environment k8s.io/dynamic-resource-allocation/cel gives them and evaluated per device.
//
//   dra::SelectorCompiler compiler(dra::SelectorFeatures{});
//   dra::CompiledSelector s = compiler.compile("device.driver == 'gpu.example.com'");
//   if (!s.ok()) print(s.error());                  // "compilation failed: ERROR: <input>:1:..."
//   dra::MatchResult m = s.matches(dra::DeviceView(slice.driver, slice.devices[0]));
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>
#include <string_view>

#include "podfit/cel/cel.h"
#include "podfit/model/resource_slice.h"

namespace podfit::dra {

// The release whose environment compiles selectors and the feature gates that shape
// kubernetes.DRADevice (defaults of v1.37).
struct SelectorFeatures {
  bool consumable_capacity = true;    // DRAConsumableCapacity: device.allowMultipleAllocations
  bool list_type_attributes = false;  // DRAListTypeAttributes: attributes may be lists
  cel::KubeVersion release = cel::kKubernetesRelease;
};

// Which of upstream's environments compiles: an expression the API server is asked to store
// (new) sees only what the gates enable and the CEL libraries of the compatibility version (the
// release less one: v1.37 has no `includes` then); one already stored, and every expression the
// scheduler evaluates, sees every declaration and every library of the release, gates aside
// (device.allowMultipleAllocations from v1.34, DRA's own `includes` in v1.36).
enum class Expressions { New, Stored };

// One device as selectors see it (`device.driver`, `.attributes`, `.capacity`,
// `.allowMultipleAllocations`): built once, evaluated by every selector. It borrows `driver`
// and `device`, which must outlive it.
class DeviceView {
 public:
  DeviceView(std::string_view driver, const Device& device);
  ~DeviceView();
  DeviceView(const DeviceView&) = delete;
  DeviceView& operator=(const DeviceView&) = delete;
  struct Impl;
  const Impl& impl() const { return *impl_; }

 private:
  std::unique_ptr<Impl> impl_;
};

// The outcome of one evaluation on one device.
struct MatchResult {
  bool matches = false;
  std::string error;  // the CEL runtime error as upstream words it; empty when none
};

class CompiledSelector {
 public:
  bool ok() const { return program_ != nullptr; }
  // "compilation failed: ...", "program instantiation failed: ..." or "must evaluate to bool
  // or the unknown type, not ...".
  const std::string& error() const { return error_; }
  // Whether error() is cel-go's planner refusing the program (an Internal field error).
  bool internal_error() const { return internal_error_; }
  const std::string& expression() const { return expression_; }
  MatchResult matches(const DeviceView& device) const;

 private:
  friend class SelectorCompiler;
  std::string expression_;
  std::string error_;
  bool internal_error_ = false;
  std::shared_ptr<const cel::Program> program_;
};

// An expression evaluated for its value rather than its truth, so an explanation can say what a
// selector's operand is on a device ("40Gi", "\"A100\"", or the evaluation error).
class ValueProbe {
 public:
  std::string value_on(const DeviceView& device) const;

 private:
  friend class SelectorCompiler;
  std::shared_ptr<const cel::Program> program_;
};

class SelectorCompiler {
 public:
  explicit SelectorCompiler(SelectorFeatures features = {}, Expressions kind = Expressions::Stored);
  CompiledSelector compile(std::string_view expression) const;
  // nullopt when the expression does not compile.
  std::optional<ValueProbe> probe(std::string_view expression) const;

 private:
  cel::Env env_;
};

// A selector's top-level `&&` operands as written, trimmed; the whole expression when it is not
// a conjunction (a top-level `||` or `?:` makes it none).
std::vector<std::string> selector_conjuncts(std::string_view expression);

// The part of a condition worth showing the value of: the left operand of a top-level
// comparison, itself without a trailing method call (`x.compareTo(q) >= 0` shows `x`), or the
// receiver of a condition that is a method call (`x.startsWith('A')`); empty when neither.
std::string compared_operand(std::string_view condition);

// Why the API server refuses a selector it is asked to store: the field error's detail, an
// Invalid value ("compilation failed: ...") or, when cel-go's planner refused the program, an
// Internal error ("program instantiation failed: ..."). Empty when it compiles.
struct SelectorError {
  std::string detail;
  bool internal = false;
  bool empty() const { return detail.empty(); }
};
// Length is checked by the caller (a TooLong field error, before compiling).
SelectorError new_selector_error(std::string_view expression, SelectorFeatures features = {});

// The compiler of the expressions kube-scheduler of `release` evaluates (stored expressions),
// built once per release.
const SelectorCompiler& stored_selector_compiler(cel::KubeVersion release = cel::kKubernetesRelease);

}  // namespace podfit::dra
