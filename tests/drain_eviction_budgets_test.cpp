// The eviction subresource's PodDisruptionBudget check over the evictions of one drain
// (kube-apiserver's registry/core/pod/storage/eviction.go, as TestEviction tables it).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "podfit/drain/eviction_budgets.h"

namespace podfit {
namespace {

Pod running_pod(std::string name, std::string app, std::string ns = "shop") {
  Pod pod;
  pod.metadata.name = std::move(name);
  pod.metadata.namespace_ = std::move(ns);
  pod.metadata.labels.set("app", std::move(app));
  pod.status.phase = "Running";
  return pod;
}

PodDisruptionBudget budget(std::string name, std::string app, int32_t allowed, std::string ns = "shop") {
  PodDisruptionBudget b;
  b.metadata.name = std::move(name);
  b.metadata.namespace_ = std::move(ns);
  LabelSelector selector;
  selector.match_labels.set("app", std::move(app));
  b.selector = selector;
  b.disruptions_allowed = allowed;
  return b;
}

constexpr std::string_view kViolation = "Cannot evict pod as it would violate the pod's disruption budget.";

TEST_CASE("a budget that allows one disruption lets the first of two pods go, not the second") {
  const std::vector<PodDisruptionBudget> budgets = {budget("web", "web", 1)};
  EvictionBudgets evictions(budgets);
  CHECK_FALSE(evictions.evict(running_pod("web-a", "web")).has_value());
  const auto second = evictions.evict(running_pod("web-b", "web"));
  REQUIRE(second.has_value());
  CHECK(second->starts_with(kViolation));
  CHECK(second->find("PodDisruptionBudget shop/web allows 1 disruption, used by this drain's eviction of shop/web-a") !=
        std::string::npos);
}

TEST_CASE("a budget that allows two lets two go, and every eviction counts") {
  const std::vector<PodDisruptionBudget> budgets = {budget("web", "web", 2)};
  EvictionBudgets evictions(budgets);
  CHECK_FALSE(evictions.evict(running_pod("web-a", "web")).has_value());
  CHECK_FALSE(evictions.evict(running_pod("web-b", "web")).has_value());
  CHECK(evictions.evict(running_pod("web-c", "web")).has_value());
  // Another application's pods are not this budget's.
  CHECK_FALSE(evictions.evict(running_pod("api-a", "api")).has_value());
}

TEST_CASE("a budget allowing nothing refuses at once") {
  const std::vector<PodDisruptionBudget> budgets = {budget("db", "db", 0)};
  EvictionBudgets evictions(budgets);
  const auto refused = evictions.evict(running_pod("db-0", "db"));
  REQUIRE(refused.has_value());
  CHECK(*refused == std::string(kViolation) + " PodDisruptionBudget shop/db allows no disruption now");
}

TEST_CASE("which pods a budget covers, and which ones the eviction never checks") {
  struct Case {
    const char* name;
    Pod pod;
    std::vector<PodDisruptionBudget> budgets;
    bool refused;
  };
  Pod succeeded = running_pod("done", "db");
  succeeded.status.phase = "Succeeded";
  Pod pending = running_pod("waiting", "db");
  pending.status.phase = "Pending";
  Pod deleting = running_pod("going", "db");
  deleting.metadata.deletion_timestamp = "2026-11-24T10:00:00Z";
  PodDisruptionBudget no_selector = budget("all", "db", 0);
  no_selector.selector.reset();
  PodDisruptionBudget empty_selector = budget("everything", "db", 0);
  empty_selector.selector = LabelSelector{};
  const std::vector<Case> cases = {
      {"budget in another namespace", running_pod("db-0", "db"), {budget("db", "db", 0, "other")}, false},
      {"selector that does not match", running_pod("db-0", "db"), {budget("web", "web", 0)}, false},
      {"absent selector selects nothing", running_pod("db-0", "db"), {no_selector}, false},
      {"empty selector selects every pod", running_pod("db-0", "db"), {empty_selector}, true},
      {"finished pod: never checked", succeeded, {budget("db", "db", 0)}, false},
      {"Pending pod: never checked", pending, {budget("db", "db", 0)}, false},
      {"pod being deleted: never checked", deleting, {budget("db", "db", 0)}, false},
  };
  for (const Case& c : cases) {
    SUBCASE(c.name) {
      EvictionBudgets evictions(c.budgets);
      CHECK(evictions.evict(c.pod).has_value() == c.refused);
    }
  }
}

TEST_CASE("more than one matching budget: the eviction subresource refuses") {
  const std::vector<PodDisruptionBudget> budgets = {budget("web", "web", 5), budget("web-too", "web", 5)};
  EvictionBudgets evictions(budgets);
  const auto refused = evictions.evict(running_pod("web-a", "web"));
  REQUIRE(refused.has_value());
  CHECK(*refused == "This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.");
}

}  // namespace
}  // namespace podfit
