// A configuration of thousands of profiles: each gets its own plugins and args (profiles
// written alike share them), and validation names the right profile among them.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "podfit/config/scheduler_config.h"
#include "podfit/framework/placement_profiles.h"
#include "podfit/framework/profiles.h"
#include "podfit/framework/score_runner.h"

namespace podfit {
namespace {

constexpr int kProfiles = 5000;
const char* kHeader = "apiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\nprofiles:\n";

// Four kinds of profile, by i % 4: the defaults; NodeResourcesFit's MostAllocated with a cpu
// weight of i % 7 + 1; BalancedAllocation disabled and percentageOfNodesToScore i % 101;
// InterPodAffinity's hardPodAffinityWeight i % 100.
std::string profile_text(int i) {
  std::string text = fmt::format("- schedulerName: s{}\n", i);
  switch (i % 4) {
    case 1:
      text += fmt::format(
          "  pluginConfig:\n  - name: NodeResourcesFit\n    args:\n      scoringStrategy:\n"
          "        type: MostAllocated\n        resources:\n        - name: cpu\n          weight: {}\n",
          i % 7 + 1);
      break;
    case 2:
      text += fmt::format(
          "  percentageOfNodesToScore: {}\n  plugins:\n    multiPoint:\n      disabled:\n"
          "      - name: NodeResourcesBalancedAllocation\n",
          i % 101);
      break;
    case 3:
      text += fmt::format("  pluginConfig:\n  - name: InterPodAffinity\n    args:\n      hardPodAffinityWeight: {}\n",
                          i % 100);
      break;
  }
  return text;
}

bool has(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

TEST_CASE("Config: 5,000 profiles each get their plugins and args") {
  std::string text = kHeader;
  for (int i = 0; i < kProfiles; ++i) text += profile_text(i);
  const FeatureGates gates;
  SchedulerConfiguration config;
  const auto error = load_scheduler_configuration_text(text, gates, config);
  REQUIRE_FALSE(error);
  REQUIRE(config.profiles.size() == kProfiles);
  CHECK(config.notices.empty());
  const Profiles profiles(config, gates);
  const PlacementProfiles placement(config, profiles, gates);

  for (int i = 0; i < kProfiles; ++i) {
    CAPTURE(i);
    const SchedulerProfile& profile = config.profiles[i];
    REQUIRE(profile.scheduler_name == fmt::format("s{}", i));
    const ProfileBody& body = *profile.body;
    const bool balanced = i % 4 != 2;
    CHECK(has(body.effective.names(ExtensionPoint::Score), "NodeResourcesBalancedAllocation") == balanced);
    CHECK(body.percentage_of_nodes_to_score == (i % 4 == 2 ? std::optional<int32_t>(i % 101) : std::nullopt));

    const PluginConfig* fit = body.args_of("NodeResourcesFit");
    REQUIRE(fit != nullptr);
    CHECK(fit->user_given == (i % 4 == 1));
    const ScoringStrategy& strategy = fit->node_resources_fit.scoring_strategy;
    if (i % 4 == 1) {
      CHECK(strategy.type == ScoringStrategyType::MostAllocated);
      REQUIRE(strategy.resources.size() == 1);
      CHECK(strategy.resources[0].weight == i % 7 + 1);
    } else {
      CHECK(strategy.type == ScoringStrategyType::LeastAllocated);
      CHECK(strategy.resources.size() == 2);
    }
    const PluginConfig* affinity = body.args_of("InterPodAffinity");
    REQUIRE(affinity != nullptr);
    CHECK(affinity->inter_pod_affinity.hard_pod_affinity_weight == (i % 4 == 3 ? i % 100 : 1));

    const Profile* filters = profiles.find(profile.scheduler_name);
    REQUIRE(filters != nullptr);
    CHECK(has(filters->filter, "NodeResourcesFit"));
    const CycleProfile* cycle = placement.find(profile.scheduler_name);
    REQUIRE(cycle != nullptr);
    CHECK(cycle->filters == filters->framework.get());
    std::vector<std::string> scoring;
    for (const auto& p : cycle->scoring->plugins()) scoring.push_back(p.name);
    CHECK(has(scoring, "NodeResourcesBalancedAllocation") == balanced);
  }
  CHECK(profiles.find(fmt::format("s{}", kProfiles)) == nullptr);
  CHECK(placement.find(fmt::format("s{}", kProfiles)) == nullptr);

  // Profiles written alike share one body; any difference but the name gives another.
  CHECK(config.profiles[0].body == config.profiles[kProfiles - 4].body);
  CHECK(config.profiles[1].body == config.profiles[29].body);  // both weight 2
  CHECK(config.profiles[1].body != config.profiles[5].body);
  CHECK(config.profiles[3].body != config.profiles[7].body);
  CHECK(profiles.find("s0") == profiles.find("s4"));
  CHECK(profiles.find("s1") != profiles.find("s5"));
}

TEST_CASE("Config: validation names the offending profiles among 5,000") {
  std::string text = kHeader;
  int first_error_line = 0;
  for (int i = 0; i < kProfiles; ++i) {
    const int line = static_cast<int>(std::count(text.begin(), text.end(), '\n')) + 1;
    if (i == 3000 || i == 4000) {
      if (first_error_line == 0) first_error_line = line;
      text += fmt::format("- schedulerName: s{}\n  percentageOfNodesToScore: 101\n", i);
    } else if (i == 4500) {
      text += "- schedulerName: s4500\n  plugins:\n    queueSort:\n      enabled:\n      - name: AnotherSort\n";
    } else {
      text += fmt::format("- schedulerName: s{}\n", i == 4999 ? 7 : i);
    }
  }
  SchedulerConfiguration config;
  const auto error = load_scheduler_configuration_text(text, FeatureGates{}, config);
  REQUIRE(error);
  CHECK(error->message ==
        "[profiles[3000].percentageOfNodesToScore: Invalid value: 101: not in valid range [0-100], "
        "profiles[4000].percentageOfNodesToScore: Invalid value: 101: not in valid range [0-100], "
        "profiles[4999].schedulerName: Duplicate value: {}, "
        "profiles[4500].plugins.queueSort: Invalid value: {\"Enabled\":[{\"Name\":\"AnotherSort\",\"Weight\":0}],"
        "\"Disabled\":null}: must be the same for all profiles]");
  CHECK(error->line == first_error_line);
}

}  // namespace
}  // namespace podfit
