#include "podfit/plugins/inter_pod_affinity/inter_pod_affinity.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <optional>
#include <set>
#include <utility>

#include "podfit/framework/names.h"
#include "podfit/model/pod_resources.h"
#include "podfit/snapshot/snapshot.h"

namespace podfit {
namespace {

const std::string& state_key() {
  static const std::string key(kInterPodAffinityPreFilterStateKey);
  return key;
}

Status missing_state() {
  return Status::error(
      fmt::format("error reading \"{}\" from cycleState: not found", kInterPodAffinityPreFilterStateKey));
}

// podMatchesAllAffinityTerms: the incoming pod's terms have their namespaceSelector resolved, so
// no namespace labels are needed. No terms match nothing.
bool matches_all(const std::vector<AffinityTerm>& terms, const Pod& pod) {
  if (terms.empty()) return false;
  for (const auto& term : terms) {
    if (!term.matches(pod, nullptr)) return false;
  }
  return true;
}

// updateWithAntiAffinityTerms' matches: each term matching `target`, with the node's value of
// its topology key.
template <class Visit>
void anti_affinity_matches(const std::vector<AffinityTerm>& terms, const Pod& target, const StringMap* namespace_labels,
                           const NodeInfo& node, Visit visit) {
  const StringMap& labels = node.node().metadata.labels;
  for (size_t i = 0; i < terms.size(); ++i) {
    if (!terms[i].matches(target, namespace_labels)) continue;
    if (const std::string* value = labels.find(terms[i].topology_key)) visit(i, *value);
  }
}

// updateWithAffinityTerms' matches: a running pod matching every term, once per term.
template <class Visit>
void affinity_matches(const std::vector<AffinityTerm>& terms, const PodInfo& running, const NodeInfo& node, Visit visit) {
  if (!matches_all(terms, running.pod())) return;
  const StringMap& labels = node.node().metadata.labels;
  for (size_t i = 0; i < terms.size(); ++i) {
    if (const std::string* value = labels.find(terms[i].topology_key)) visit(i, *value);
  }
}

// updateWithAntiAffinityTerms: every term matching `target` counts in the node's domain of its
// topology key; `contributor` is the running pod the match is about.
void count_anti_affinity(TopologyPairCounts& counts, const std::vector<AffinityTerm>& terms, const Pod& target,
                         const StringMap* namespace_labels, const PodInfo& contributor, const NodeInfo& node,
                         int64_t delta) {
  anti_affinity_matches(terms, target, namespace_labels, node, [&](size_t i, const std::string& value) {
    counts.add(terms[i].topology_key, value, delta, contributor, node.name(), i);
  });
}

// updateWithAffinityTerms: a running pod matching every term counts once per term.
void count_affinity(TopologyPairCounts& counts, const std::vector<AffinityTerm>& terms, const PodInfo& running,
                    const NodeInfo& node, int64_t delta) {
  affinity_matches(terms, running, node, [&](size_t i, const std::string& value) {
    counts.add(terms[i].topology_key, value, delta, running, node.name(), i);
  });
}

// One match found on a node, to be counted: the term's topology key and the node's value of it.
struct FoundMatch {
  const std::string* key;
  const std::string* value;
  const PodInfo* pod;
  size_t term;
};

// Matching running pods against terms is the costly part of PreFilter: `find` runs for each
// node on every core; the matches are then counted in node order, as kube counts them (the
// first pod counted in a domain is the one reports name).
template <class Nodes, class Find>
void count_per_node(TopologyPairCounts& counts, const Nodes& nodes, const Parallelizer& parallelizer, Find find) {
  std::vector<std::vector<FoundMatch>> found(nodes.size());
  parallelizer.until(nodes.size(), [&](size_t i) { find(*nodes[i], found[i]); });
  for (size_t i = 0; i < nodes.size(); ++i) {
    for (const FoundMatch& m : found[i]) counts.add(*m.key, *m.value, 1, *m.pod, nodes[i]->name(), m.term);
  }
}

// Adds (sign 1) or takes away (sign -1) what the snapshot's pod changes count, so that counts
// of the snapshot as built become the counts of its pods now, or the reverse. `counts` is
// asked for only when a changed pod matches: shared counts are copied only then.
template <class Matches, class Counts>
void replay_pod_changes(const Snapshot& snapshot, int64_t sign, Matches&& matches, Counts&& counts) {
  for (const PodChange& change : snapshot.pod_changes()) {
    const NodeInfo* node = snapshot.find_node(change.pod->pod().spec.node_name);
    if (node == nullptr) continue;
    matches(*change.pod, *node, [&](const std::string& key, const std::string& value, size_t term) {
      counts().add(key, value, sign * change.delta, *change.pod, node->name(), term);
    });
  }
}

// mergeAffinityTermNamespacesIfNotEmpty: a non-empty namespaceSelector becomes the namespaces
// it selects (added to the named ones) and then selects nothing; an empty one stays, matching
// every namespace.
void resolve_namespace_selector(AffinityTerm& term, const Snapshot& snapshot) {
  if (term.namespace_selector.empty()) return;
  if (!term.namespace_selector.is_nothing()) {
    for (const std::string& name : snapshot.namespace_names()) {
      const StringMap* labels = snapshot.namespace_labels(name);
      if (labels != nullptr && term.namespace_selector.matches(*labels)) term.namespaces.insert(name);
    }
  }
  term.namespace_selector = Selector::nothing();
}

// One selector as a cache key: its canonical text, told apart from nothing and everything.
void append_selector_key(std::string& key, const Selector& selector) {
  key += selector.is_nothing() ? "\x01" : selector.empty() ? "\x02" : selector.to_string();
  key += '\0';
}

// Everything of a term list that counting reads, in order (examples name terms by index).
std::string terms_key(const std::vector<AffinityTerm>& terms) {
  std::string key;
  for (const AffinityTerm& term : terms) {
    key += term.topology_key;
    key += '\0';
    for (const std::string& ns : term.namespaces) (key += ns) += ',';
    key += '\0';
    append_selector_key(key, term.namespace_selector);
    append_selector_key(key, term.selector);
    key += '\x03';
  }
  return key;
}

// What running pods' anti-affinity terms read of an incoming pod: its namespace, its
// namespace's labels and the pod labels under the keys those terms select on.
std::string existing_counts_key(const Pod& pod, const IncomingAffinity& incoming, const std::set<std::string>& keys) {
  std::string key = pod.metadata.namespace_;
  key += '\0';
  for (const auto& [name, value] : incoming.namespace_labels) ((key += name) += '=') += value + '\x01';
  key += '\0';
  for (const std::string& name : keys) {
    if (const std::string* value = pod.metadata.labels.find(name)) ((key += name) += '=') += *value + '\x01';
  }
  return key;
}

// The counts cached under `key`, counted by `count` the first time the key is asked for.
template <class Count>
SharedPairCounts shared_counts(std::unordered_map<std::string, std::shared_ptr<const TopologyPairCounts>>& cache,
                               std::string key, Count count) {
  auto& counts = cache[std::move(key)];
  if (!counts) {
    auto fresh = std::make_shared<TopologyPairCounts>();
    count(*fresh);
    counts = std::move(fresh);
  }
  return SharedPairCounts(counts);
}

// ---- Details: what blocks the node, in words. ----

std::string selector_text(const Selector& selector) {
  if (selector.is_nothing()) return "no labelSelector";
  if (selector.empty()) return "empty labelSelector";
  return selector.to_string();
}

// The namespaces an incoming term covers, said only when they are not just the pod's own.
std::string namespaces_text(const AffinityTerm& term, std::string_view own_namespace) {
  if (term.namespace_selector.empty()) return ", all namespaces";
  if (term.namespaces.size() == 1 && *term.namespaces.begin() == own_namespace) return "";
  if (term.namespaces.empty()) return ", no namespace";
  return fmt::format(", namespace{} {}", term.namespaces.size() > 1 ? "s" : "", fmt::join(term.namespaces, ", "));
}

// "app=cache, topologyKey zone" (with the namespaces when they are not the pod's own).
std::string term_text(const AffinityTerm& term, std::string_view own_namespace) {
  return fmt::format("{}{}, topologyKey {}", selector_text(term.selector), namespaces_text(term, own_namespace),
                     term.topology_key);
}

std::string pods_text(int64_t count) { return fmt::format("{} matching pod{}", count, count == 1 ? "" : "s"); }

std::vector<std::string> explain_affinity(const InterPodAffinityState& state, const StringMap& labels) {
  const IncomingAffinity& pod = *state.pod;
  const auto& terms = pod.affinity_terms;
  std::vector<std::string> details;
  bool missing_key = false;
  for (size_t i = 0; i < terms.size(); ++i) {
    const AffinityTerm& term = terms[i];
    const std::string* value = labels.find(term.topology_key);
    if (value == nullptr) {
      missing_key = true;
      details.push_back(fmt::format("node has no label {}, the topologyKey of affinity term {} ({})", term.topology_key,
                                    i, selector_text(term.selector)));
      continue;
    }
    if (state.affinity->count(term.topology_key, *value) > 0) continue;
    if (terms.size() == 1) {
      details.push_back(fmt::format("no pod matching affinity term {} ({}) in {}={}", i,
                                    term_text(term, pod.pod_namespace), term.topology_key, *value));
    } else {
      details.push_back(fmt::format("no pod matching all {} affinity terms in {}={} (term {}: {})", terms.size(),
                                    term.topology_key, *value, i, term_text(term, pod.pod_namespace)));
    }
  }
  if (!missing_key && state.affinity->empty()) {
    details.push_back(
        "no pod anywhere matches the affinity terms and this pod does not match them itself, so it cannot be "
        "the first of its group");
  }
  return details;
}

std::vector<std::string> explain_anti_affinity(const InterPodAffinityState& state, const StringMap& labels) {
  const IncomingAffinity& pod = *state.pod;
  const auto& terms = pod.anti_affinity_terms;
  std::vector<std::string> details;
  std::set<std::pair<std::string_view, std::string_view>> reported;
  for (size_t i = 0; i < terms.size(); ++i) {
    const std::string& key = terms[i].topology_key;
    const std::string* value = labels.find(key);
    if (value == nullptr) continue;
    const auto* entry = state.anti_affinity->find(key, *value);
    if (entry == nullptr || entry->count <= 0 || !reported.emplace(key, *value).second) continue;
    // Terms sharing a topology key share the domain's count: name the term that matched.
    const auto& example = entry->example;
    const size_t index = example.pod.empty() || example.term >= terms.size() ? i : example.term;
    std::string line = fmt::format("anti-affinity term {} ({}): {} in {}={}", index,
                                   term_text(terms[index], pod.pod_namespace), pods_text(entry->count), key, *value);
    if (!example.pod.empty()) {
      line += fmt::format(" ({}{} on {})", entry->count > 1 ? "first: " : "", example.pod, example.node);
    }
    details.push_back(std::move(line));
  }
  return details;
}

std::vector<std::string> explain_existing_anti_affinity(const InterPodAffinityState& state, const StringMap& labels) {
  std::vector<std::string> details;
  for (const auto& [key, by_value] : state.existing_anti_affinity->by_key()) {
    const std::string* value = labels.find(key);
    if (value == nullptr) continue;
    auto it = by_value.find(*value);
    if (it == by_value.end() || it->second.count <= 0) continue;
    const auto& entry = it->second;
    const auto& example = entry.example;
    if (example.pod.empty()) {
      details.push_back(fmt::format("{} anti-affinity term{} of existing pods match this pod in {}={}", entry.count,
                                    entry.count == 1 ? "" : "s", key, *value));
      continue;
    }
    std::string line =
        fmt::format("existing pod {} on {} ({}={}) has anti-affinity term {} (topologyKey {}) matching this pod",
                    example.pod, example.node, key, *value, example.term, key);
    if (entry.count > 1) line += fmt::format(" (1 of {} matching terms in {}={})", entry.count, key, *value);
    details.push_back(std::move(line));
  }
  return details;
}

// What a node's domain of one topology key holds in one of the counts.
enum class Domain {
  Unlabeled,  // the node has no such label
  Empty,      // no positive count
  Counted,    // a positive count
  Unknown,    // the reader cannot tell (a label value new to the snapshot's column)
};

// The three checks below read each domain through `domain`: by the node's labels, or by the
// counts by node. nullopt when it was Unknown.

// satisfyPodAffinity: every topology key on the node, and a matching pod in each of the node's
// domains, unless no pod matches anywhere and the pod matches its own terms (the first of a
// group). `domain(i)` reads term i's.
template <class Read>
std::optional<bool> satisfies_affinity(const InterPodAffinityState& state, Read&& domain) {
  bool pods_exist = true;
  for (size_t i = 0; i < state.pod->affinity_terms.size(); ++i) {
    const Domain d = domain(i);
    if (d == Domain::Unknown) return std::nullopt;
    if (d == Domain::Unlabeled) return false;
    if (d == Domain::Empty) pods_exist = false;
  }
  if (pods_exist) return true;
  return state.affinity->empty() && state.pod->matches_own_affinity;
}

// satisfyPodAntiAffinity: no matching pod in the node's domain of any anti-affinity term.
template <class Read>
std::optional<bool> satisfies_anti_affinity(const InterPodAffinityState& state, Read&& domain) {
  if (state.anti_affinity->empty()) return true;
  for (size_t i = 0; i < state.pod->anti_affinity_terms.size(); ++i) {
    const Domain d = domain(i);
    if (d == Domain::Unknown) return std::nullopt;
    if (d == Domain::Counted) return false;
  }
  return true;
}

// satisfyExistingPodsAntiAffinity: no domain the node belongs to holds a matching running pod's
// term. kube walks the node's labels; walking the (few) counted keys finds the same pairs.
// `domain(k, key, values)` reads the k-th key's.
template <class Read>
std::optional<bool> satisfies_existing_anti_affinity(const InterPodAffinityState& state, Read&& domain) {
  size_t k = 0;
  for (const auto& [key, by_value] : state.existing_anti_affinity->by_key()) {
    const Domain d = domain(k++, key, by_value);
    if (d == Domain::Unknown) return std::nullopt;
    if (d == Domain::Counted) return false;
  }
  return true;
}

// A domain as the node's labels and one count give it.
Domain domain_by_labels(const TopologyPairCounts& counts, const std::string& key, const StringMap& labels) {
  const std::string* value = labels.find(key);
  if (value == nullptr) return Domain::Unlabeled;
  return counts.count(key, *value) > 0 ? Domain::Counted : Domain::Empty;
}

// The domains of `key` with a positive count in `counts`, by the snapshot's column of `key`.
DomainsByNode domains_by_node(const TopologyPairCounts& counts, const std::string& key, const Snapshot& snapshot) {
  DomainsByNode out;
  out.column = &snapshot.label_column(key);
  out.positive.assign(out.column->ids.size(), 0);
  auto found = counts.by_key().find(key);
  if (found == counts.by_key().end()) return out;
  for (const auto& [value, entry] : found->second) {
    const int32_t id = out.column->id_of_value(value);
    if (id >= 0 && entry.count > 0) out.positive[static_cast<size_t>(id)] = 1;
  }
  return out;
}

// Builds the state's counts by node from its counts.
void index_by_node(InterPodAffinityState& state, const Snapshot& snapshot) {
  state.existing_by_node.clear();
  for (const auto& [key, values] : state.existing_anti_affinity->by_key()) {
    state.existing_by_node.push_back(domains_by_node(*state.existing_anti_affinity, key, snapshot));
  }
  state.affinity_by_node.clear();
  for (const auto& term : state.pod->affinity_terms) {
    state.affinity_by_node.push_back(domains_by_node(*state.affinity, term.topology_key, snapshot));
  }
  state.anti_affinity_by_node.clear();
  for (const auto& term : state.pod->anti_affinity_terms) {
    state.anti_affinity_by_node.push_back(domains_by_node(*state.anti_affinity, term.topology_key, snapshot));
  }
  state.indexed_by_node = true;
}

// A domain as the counts by node give it.
Domain domain_by_node(const DomainsByNode& domains, const NodeInfo& node) {
  const int32_t id = domains.column->id_of(node);
  if (id == LabelColumn::kUnknown) return Domain::Unknown;
  if (id == LabelColumn::kAbsent) return Domain::Unlabeled;
  return domains.positive[static_cast<size_t>(id)] ? Domain::Counted : Domain::Empty;
}

// updateWithPod: `other` (running on `node`) counted in or out of the state.
void update_with_pod(InterPodAffinityState& state, const Pod& pod, const PodInfo& other, const NodeInfo& node,
                     int64_t delta) {
  const IncomingAffinity& incoming = *state.pod;
  count_anti_affinity(state.existing_anti_affinity.mutate(), other.required_anti_affinity_terms(), pod,
                      &incoming.namespace_labels, other, node, delta);
  count_affinity(state.affinity.mutate(), incoming.affinity_terms, other, node, delta);
  count_anti_affinity(state.anti_affinity.mutate(), incoming.anti_affinity_terms, other.pod(), nullptr, other, node,
                      delta);
}

}  // namespace

// ---- TopologyPairCounts ----

void TopologyPairCounts::add(std::string_view key, std::string_view value, int64_t delta, const PodInfo& pod,
                             std::string_view node, size_t term) {
  auto outer = pairs_.find(key);
  if (outer == pairs_.end()) {
    if (delta == 0) return;
    outer = pairs_.emplace(std::string(key), ByValue{}).first;
  }
  ByValue& values = outer->second;
  auto it = values.find(value);
  if (it == values.end()) {
    if (delta == 0) return;
    it = values.emplace(std::string(value), Entry{}).first;
    ++size_;
  }
  Entry& entry = it->second;
  entry.count += delta;
  if (entry.count == 0) {
    values.erase(it);
    --size_;
    if (values.empty()) pairs_.erase(outer);
    return;
  }
  if (delta > 0 && entry.example.pod.empty()) {
    entry.example = Example{pod.key(), std::string(node), term};
  } else if (delta < 0 && !entry.example.pod.empty() && entry.example.term == term && entry.example.node == node &&
             entry.example.pod == pod.key()) {
    entry.example = Example{};
  }
}

const TopologyPairCounts::Entry* TopologyPairCounts::find(std::string_view key, std::string_view value) const {
  auto outer = pairs_.find(key);
  if (outer == pairs_.end()) return nullptr;
  auto it = outer->second.find(value);
  return it == outer->second.end() ? nullptr : &it->second;
}

int64_t TopologyPairCounts::count(std::string_view key, std::string_view value) const {
  const Entry* entry = find(key, value);
  return entry ? entry->count : 0;
}

std::map<std::pair<std::string, std::string>, int64_t> TopologyPairCounts::counts() const {
  std::map<std::pair<std::string, std::string>, int64_t> out;
  for (const auto& [key, values] : pairs_) {
    for (const auto& [value, entry] : values) out.emplace(std::pair(key, value), entry.count);
  }
  return out;
}

// ---- The plugin ----

namespace {

// The pod label keys a running pod's required anti-affinity terms select on.
void add_anti_affinity_label_keys(const PodInfo& running, std::set<std::string>& keys) {
  for (const AffinityTerm& term : running.required_anti_affinity_terms()) {
    for (const auto& requirement : term.selector.requirements()) keys.insert(requirement.key);
  }
}

}  // namespace

InterPodAffinity::CountsCache& InterPodAffinity::counts_cache(const Snapshot& snapshot) const {
  if (cache_.snapshot == &snapshot && cache_.generation == snapshot.generation()) return cache_;
  cache_ = CountsCache{};
  cache_.snapshot = &snapshot;
  cache_.generation = snapshot.generation();
  for (const NodeInfo* node : snapshot.nodes_with_pods_with_required_anti_affinity()) {
    for (const PodInfo* running : node->pods_with_required_anti_affinity()) {
      add_anti_affinity_label_keys(*running, cache_.anti_affinity_label_keys);
    }
  }
  return cache_;
}

InterPodAffinity::CountsCache& InterPodAffinity::built_counts_cache(const Snapshot& snapshot) const {
  if (built_cache_.snapshot == &snapshot && built_cache_.generation == snapshot.layout_generation()) return built_cache_;
  built_cache_ = CountsCache{};
  built_cache_.snapshot = &snapshot;
  built_cache_.generation = snapshot.layout_generation();
  // The keys pods read as built: those on nodes now and those taken off since. More keys than
  // needed only make the cache keys finer.
  std::set<std::string>& keys = built_cache_.anti_affinity_label_keys;
  for (const NodeInfo* node : snapshot.nodes_with_pods_with_required_anti_affinity()) {
    for (const PodInfo* running : node->pods_with_required_anti_affinity()) add_anti_affinity_label_keys(*running, keys);
  }
  for (const PodChange& change : snapshot.pod_changes()) {
    if (change.delta < 0) add_anti_affinity_label_keys(*change.pod, keys);
  }
  return built_cache_;
}

InterPodAffinity::InterPodAffinity(const FeatureGates& gates, InterPodAffinityArgs args)
    : skip_deferred_resize_(gates.in_place_pod_vertical_scaling_scheduler_preemption), args_(args) {}

std::string_view InterPodAffinity::name() const { return names::kInterPodAffinity; }

Status InterPodAffinity::pre_filter(CycleState& state, const PodInfo& pod_info, const Snapshot& snapshot,
                                    PreFilterResult& /*result*/) const {
  const Pod& pod = pod_info.pod();
  if (skip_deferred_resize_ && is_pod_resize_deferred(pod)) return Status(Code::Skip);
  // NewPodInfo: any term that does not parse, preferred ones included, rejects the pod.
  if (!pod_info.affinity_error().empty()) {
    return Status(Code::UnschedulableAndUnresolvable, "parsing pod: " + pod_info.affinity_error());
  }

  auto incoming = std::make_shared<IncomingAffinity>();
  incoming->affinity_terms = pod_info.required_affinity_terms();
  incoming->anti_affinity_terms = pod_info.required_anti_affinity_terms();
  for (auto& term : incoming->affinity_terms) resolve_namespace_selector(term, snapshot);
  for (auto& term : incoming->anti_affinity_terms) resolve_namespace_selector(term, snapshot);
  incoming->pod_namespace = pod.metadata.namespace_;
  // GetNamespaceLabelsSnapshot: an unknown namespace has no labels.
  if (const StringMap* labels = snapshot.namespace_labels(pod.metadata.namespace_))
    incoming->namespace_labels = *labels;
  incoming->matches_own_affinity = matches_all(incoming->affinity_terms, pod);

  auto data = std::make_unique<InterPodAffinityState>();
  // What each count reads of a running pod on its node: updateWithPod's three parts.
  const IncomingAffinity& in = *incoming;
  auto existing_matches = [&](const PodInfo& other, const NodeInfo& node, auto&& add) {
    const auto& terms = other.required_anti_affinity_terms();
    anti_affinity_matches(terms, pod, &in.namespace_labels, node,
                          [&](size_t i, const std::string& value) { add(terms[i].topology_key, value, i); });
  };
  auto affinity_matches_of = [&](const PodInfo& other, const NodeInfo& node, auto&& add) {
    affinity_matches(in.affinity_terms, other, node,
                     [&](size_t i, const std::string& value) { add(in.affinity_terms[i].topology_key, value, i); });
  };
  auto anti_affinity_matches_of = [&](const PodInfo& other, const NodeInfo& node, auto&& add) {
    anti_affinity_matches(in.anti_affinity_terms, other.pod(), nullptr, node, [&](size_t i, const std::string& value) {
      add(in.anti_affinity_terms[i].topology_key, value, i);
    });
  };
  // Counting every pod of `nodes` (each node's pods, or its pods with required anti-affinity).
  auto count_pods = [&](TopologyPairCounts& counts, const auto& nodes, bool anti_affinity_pods_only, auto&& matches) {
    count_per_node(counts, nodes, parallelizer_, [&](const NodeInfo& node, std::vector<FoundMatch>& found) {
      for (const PodInfo* running : anti_affinity_pods_only ? node.pods_with_required_anti_affinity() : node.pods()) {
        matches(*running, node, [&](const std::string& key, const std::string& value, size_t term) {
          found.push_back({&key, &value, running, term});
        });
      }
    });
  };
  {
    // The counts depend on the snapshot and on what of the pod the terms read; pods of one
    // workload read the same and share them. A cycle that explains its verdicts counts for the
    // snapshot generation (the example pods are kube's first ones); any other keeps counts of
    // the snapshot as built and adds the pods changed since, unless they are too many.
    const bool from_built = !state.explains() && snapshot.pod_changes_replayable();
    std::lock_guard<std::mutex> lock(cache_mutex_);
    CountsCache& cache = from_built ? built_counts_cache(snapshot) : counts_cache(snapshot);
    auto counts_of = [&](auto& map, std::string key, auto&& count, auto&& matches) {
      SharedPairCounts counts = shared_counts(map, std::move(key), [&](TopologyPairCounts& fresh) {
        count(fresh);
        if (from_built) replay_pod_changes(snapshot, -1, matches, [&]() -> TopologyPairCounts& { return fresh; });
      });
      if (from_built) replay_pod_changes(snapshot, 1, matches, [&]() -> TopologyPairCounts& { return counts.mutate(); });
      return counts;
    };
    // getExistingAntiAffinityCounts: only nodes running pods with required anti-affinity.
    const std::vector<const NodeInfo*> anti_affinity_nodes = snapshot.nodes_with_pods_with_required_anti_affinity();
    data->existing_anti_affinity =
        counts_of(cache.existing_anti_affinity, existing_counts_key(pod, in, cache.anti_affinity_label_keys),
                  [&](TopologyPairCounts& c) { count_pods(c, anti_affinity_nodes, true, existing_matches); },
                  existing_matches);
    // getIncomingAffinityAntiAffinityCounts: every pod on every node.
    if (!in.affinity_terms.empty()) {
      data->affinity = counts_of(cache.affinity, terms_key(in.affinity_terms),
                                 [&](TopologyPairCounts& c) { count_pods(c, snapshot.nodes(), false, affinity_matches_of); },
                                 affinity_matches_of);
    }
    if (!in.anti_affinity_terms.empty()) {
      data->anti_affinity = counts_of(cache.anti_affinity, terms_key(in.anti_affinity_terms),
                                      [&](TopologyPairCounts& c) {
                                        count_pods(c, snapshot.nodes(), false, anti_affinity_matches_of);
                                      },
                                      anti_affinity_matches_of);
    }
  }

  if (data->existing_anti_affinity->empty() && incoming->affinity_terms.empty() &&
      incoming->anti_affinity_terms.empty()) {
    return Status(Code::Skip);
  }
  data->pod = std::move(incoming);
  index_by_node(*data, snapshot);
  state.write(state_key(), std::move(data));
  return {};
}

Status InterPodAffinity::filter(const CycleState& state, const PodInfo& pod_info, const NodeInfo& node) const {
  if (skip_deferred_resize_ && is_pod_resize_deferred(pod_info.pod())) return {};
  const auto* data = state.read<InterPodAffinityState>(state_key());
  if (data == nullptr) return missing_state();
  const StringMap& labels = node.node().metadata.labels;
  // Without details to give, the counts by node answer, unless the node is new to them; else
  // the node's labels.
  const bool by_node = !state.explains() && data->indexed_by_node;
  auto passes = [&](auto&& check, auto&& read_by_node, auto&& read_by_labels) {
    std::optional<bool> verdict = by_node ? check(*data, read_by_node) : std::nullopt;
    return verdict ? *verdict : *check(*data, read_by_labels);
  };
  const bool affinity = passes(
      [](const auto& d, auto&& read) { return satisfies_affinity(d, read); },
      [&](size_t i) { return domain_by_node(data->affinity_by_node[i], node); },
      [&](size_t i) { return domain_by_labels(*data->affinity, data->pod->affinity_terms[i].topology_key, labels); });
  if (!affinity) {
    return Status(Code::UnschedulableAndUnresolvable, {std::string(kInterPodAffinityReasonAffinity)},
                  state.explains() ? explain_affinity(*data, labels) : std::vector<std::string>{});
  }
  const bool anti_affinity = passes(
      [](const auto& d, auto&& read) { return satisfies_anti_affinity(d, read); },
      [&](size_t i) { return domain_by_node(data->anti_affinity_by_node[i], node); },
      [&](size_t i) {
        return domain_by_labels(*data->anti_affinity, data->pod->anti_affinity_terms[i].topology_key, labels);
      });
  if (!anti_affinity) {
    return Status(Code::Unschedulable, {std::string(kInterPodAffinityReasonAntiAffinity)},
                  state.explains() ? explain_anti_affinity(*data, labels) : std::vector<std::string>{});
  }
  const bool existing = passes(
      [](const auto& d, auto&& read) { return satisfies_existing_anti_affinity(d, read); },
      [&](size_t k, const std::string&, const auto&) { return domain_by_node(data->existing_by_node[k], node); },
      [&](size_t, const std::string& key, const auto&) {
        return domain_by_labels(*data->existing_anti_affinity, key, labels);
      });
  if (!existing) {
    return Status(Code::Unschedulable, {std::string(kInterPodAffinityReasonExistingAntiAffinity)},
                  state.explains() ? explain_existing_anti_affinity(*data, labels) : std::vector<std::string>{});
  }
  return {};
}

Status InterPodAffinity::add_pod(CycleState& state, const PodInfo& pod, const PodInfo& added,
                                 const NodeInfo& node) const {
  auto* data = state.read_mutable<InterPodAffinityState>(state_key());
  if (data == nullptr) return missing_state();
  update_with_pod(*data, pod.pod(), added, node, 1);
  data->indexed_by_node = false;
  return {};
}

Status InterPodAffinity::remove_pod(CycleState& state, const PodInfo& pod, const PodInfo& removed,
                                    const NodeInfo& node) const {
  auto* data = state.read_mutable<InterPodAffinityState>(state_key());
  if (data == nullptr) return missing_state();
  update_with_pod(*data, pod.pod(), removed, node, -1);
  data->indexed_by_node = false;
  return {};
}

void resolve_affinity_term_namespaces(AffinityTerm& term, const Snapshot& snapshot) {
  resolve_namespace_selector(term, snapshot);
}

std::unique_ptr<Plugin> new_inter_pod_affinity(const PluginContext& context) {
  return std::make_unique<InterPodAffinity>(context.gates);
}

// Which domains the added pod can close to the pod.
AddedPodReach InterPodAffinity::reach_of_added_pod(const CycleState& state, const PodInfo& pod, const PodInfo& added,
                                                   bool skipped) const {
  AddedPodReach reach;
  // Its required anti-affinity terms keep the pod out of its domains, and the pod's own keep
  // the pod out of the added pod's domains (whether the terms match or not: an upper bound).
  for (const AffinityTerm& term : added.required_anti_affinity_terms()) reach.add({false, false, {term.topology_key}});
  for (const AffinityTerm& term : pod.required_anti_affinity_terms()) reach.add({false, false, {term.topology_key}});
  // Required affinity only gains matching pods, unless no pod matched yet and the pod was let
  // in for matching its own terms: one match then narrows it to one domain per term.
  if (!pod.required_affinity_terms().empty()) {
    const auto* data = skipped ? nullptr : state.read<InterPodAffinityState>(state_key());
    if (data == nullptr || data->affinity->empty()) reach.anywhere = true;
  }
  return reach;
}

}  // namespace podfit
