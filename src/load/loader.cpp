#include "podfit/load/loader.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <functional>
#include <map>
#include <set>
#include <unordered_map>

#include <fmt/format.h>

#include "decode.h"
#include "document_bom_filter.h"
#include "input.h"
#include "json_reader.h"
#include "known_fields.h"
#include "yaml_reader.h"
#include "podfit/model/priority.h"
#include "podfit/util/paths.h"
#include "validation/api_release.h"
#include "validation/stored_object.h"
#include "validation/resource/resource_wire.h"

namespace podfit {
namespace {

namespace fs = std::filesystem;

// Identity of an object, read before decoding it so that every message can name it.
struct Header {
  std::string kind;
  std::string api_version;
  std::string name;
  std::string namespace_;
};

void read_header_fields(const Value& root, Header& h) {
  root.fields([&](std::string_view key, const Value& f) {
    if (key == "kind" && f.type() == Value::Type::String) h.kind = f.string();
    else if (key == "apiVersion" && f.type() == Value::Type::String) h.api_version = f.string();
    else if (key == "metadata" && f.type() == Value::Type::Object) {
      f.fields([&](std::string_view k, const Value& x) {
        if (k == "name" && x.type() == Value::Type::String) h.name = x.string();
        else if (k == "namespace" && x.type() == Value::Type::String) h.namespace_ = x.string();
      });
    }
  });
}

// Tolerant of broken objects: whatever is read before a problem names the object, and
// decoding meets the problem again with its full context.
Header read_header(const Value& root) {
  Header h;
  try {
    read_header_fields(root, h);
  } catch (const DecodeError&) {
  }
  return h;
}

// The API groups/versions podfit accepts for each kind it reads.
bool version_matches(std::string_view kind, std::string_view api_version) {
  if (kind == "Pod" || kind == "Node" || kind == "Namespace" || kind == "PersistentVolume" ||
      kind == "PersistentVolumeClaim" || kind == "LimitRange" || kind == "ResourceQuota") {
    return api_version == "v1";
  }
  if (kind == "StorageClass" || kind == "CSINode" || kind == "CSIDriver" || kind == "CSIStorageCapacity") {
    return api_version == "storage.k8s.io/v1" || api_version == "storage.k8s.io/v1beta1";
  }
  if (kind == "PriorityClass") return api_version == "scheduling.k8s.io/v1";
  if (kind == "PodDisruptionBudget") return api_version == "policy/v1";
  if (kind == "RuntimeClass") return api_version == "node.k8s.io/v1";
  if (kind == "ResourceSlice" || kind == "DeviceClass" || kind == "ResourceClaim" || kind == "ResourceClaimTemplate" ||
      kind == "DeviceTaintRule") {
    // v1alpha3 is the only version v1.33 to v1.35 serve DeviceTaintRules in; from v1.35 its
    // fields are v1's.
    return api_version == "resource.k8s.io/v1" || api_version == "resource.k8s.io/v1beta1" ||
           api_version == "resource.k8s.io/v1beta2" ||
           (kind == "DeviceTaintRule" && api_version == "resource.k8s.io/v1alpha3");
  }
  return true;
}

// Built-in kinds and their API groups: a kind that differs from one only in case, in that group,
// is a typo the API server refuses ("kind: node"), not an unknown kind to skip.
struct BuiltinKind {
  std::string_view kind;
  std::string_view group;  // "" for the core group (apiVersion v1)
};
constexpr BuiltinKind kBuiltinKinds[] = {
    {"Pod", ""}, {"Node", ""}, {"Namespace", ""}, {"PersistentVolume", ""}, {"PersistentVolumeClaim", ""},
    {"Service", ""}, {"ConfigMap", ""}, {"Secret", ""}, {"ServiceAccount", ""}, {"ReplicationController", ""},
    {"PodTemplate", ""}, {"LimitRange", ""}, {"ResourceQuota", ""}, {"Endpoints", ""}, {"Event", ""},
    {"Deployment", "apps"}, {"ReplicaSet", "apps"}, {"StatefulSet", "apps"}, {"DaemonSet", "apps"},
    {"ControllerRevision", "apps"}, {"Job", "batch"}, {"CronJob", "batch"}, {"StorageClass", "storage.k8s.io"},
    {"CSINode", "storage.k8s.io"}, {"CSIDriver", "storage.k8s.io"}, {"CSIStorageCapacity", "storage.k8s.io"},
    {"VolumeAttachment", "storage.k8s.io"}, {"VolumeAttributesClass", "storage.k8s.io"},
    {"PriorityClass", "scheduling.k8s.io"}, {"PodDisruptionBudget", "policy"}, {"RuntimeClass", "node.k8s.io"},
    {"Ingress", "networking.k8s.io"}, {"NetworkPolicy", "networking.k8s.io"}, {"Role", "rbac.authorization.k8s.io"},
    {"RoleBinding", "rbac.authorization.k8s.io"}, {"ClusterRole", "rbac.authorization.k8s.io"},
    {"ClusterRoleBinding", "rbac.authorization.k8s.io"}, {"HorizontalPodAutoscaler", "autoscaling"},
    {"ResourceSlice", "resource.k8s.io"}, {"ResourceClaim", "resource.k8s.io"},
    {"ResourceClaimTemplate", "resource.k8s.io"}, {"DeviceClass", "resource.k8s.io"},
    {"DeviceTaintRule", "resource.k8s.io"}};

bool equal_ignoring_case(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

// The built-in kind `kind` misspells by case in `api_version`'s group, if any.
const BuiltinKind* miscased_kind(std::string_view kind, std::string_view api_version) {
  const size_t slash = api_version.find('/');
  const std::string_view group = slash == std::string_view::npos ? std::string_view() : api_version.substr(0, slash);
  for (const BuiltinKind& known : kBuiltinKinds) {
    if (known.kind == kind) return nullptr;
  }
  for (const BuiltinKind& known : kBuiltinKinds) {
    if (equal_ignoring_case(known.kind, kind) && (api_version.empty() || known.group == group)) return &known;
  }
  return nullptr;
}

// Where one batch's objects go: each is decoded into the shard on a worker thread, and the
// shards are merged into the load's result on the reading thread, in the order they were read.
class Shard {
 public:
  virtual ~Shard() = default;
  virtual void take(const Header& header, const Value& root, const SourceRef& origin) = 0;
  virtual void merge() = 0;
};
using ShardFactory = std::function<std::unique_ptr<Shard>()>;

std::string describe(const SourceRef& origin, const Header& header) {
  std::string where = fmt::format("document {}", origin.document);
  if (origin.item >= 0) where += fmt::format(", items[{}]", origin.item);
  if (!header.kind.empty() && !header.name.empty()) {
    where += header.namespace_.empty() ? fmt::format(" ({} {})", header.kind, header.name)
                                       : fmt::format(" ({} {}/{})", header.kind, header.namespace_, header.name);
  }
  return where;
}

// A warning about an object: "file: document N (Kind ns/name), line L: message".
std::string object_warning(const SourceRef& origin, const Header& header, int line, std::string_view message) {
  return fmt::format("{}: {}, line {}: {}", origin.file, describe(origin, header), line, message);
}

// Whether `kind` is a List's: "List", or a typed one such as "PodList".
bool is_list_kind(std::string_view kind) { return kind.ends_with("List"); }

// The kind of a typed List's items ("PodList": "Pod"); "" for a List of any kind ("List") or none.
std::string kind_of_list(std::string_view list_kind) {
  if (list_kind.size() <= 4) return {};
  return std::string(list_kind.substr(0, list_kind.size() - 4));
}

// A source whose first bytes were read ahead to tell JSON from YAML: up to the first byte that is
// not a blank (space, tab, carriage return, newline), or the end. Blank lines before it are kept
// as a count of newlines, so that line numbers hold and a long run of them takes no memory.
class PeekedInput final : public Input {
 public:
  explicit PeekedInput(std::unique_ptr<Input> inner) : inner_(std::move(inner)) {
    constexpr size_t kChunk = 4096;
    for (;;) {
      const size_t had = head_.size();
      head_.resize(had + kChunk);
      size_t got = 0;
      while (got < kChunk) {
        size_t n = inner_->read(head_.data() + had + got, kChunk - got);
        if (n == 0) break;
        got += n;
      }
      head_.resize(had + got);
      if (got < kChunk) {
        at_end_ = true;
        break;
      }
      // What was kept before is blank: only the new chunk needs a look.
      if (head_.find_first_not_of(" \t\r\n", had) != std::string::npos) break;
      // All blank so far: keep the newlines as a count and the last line's blanks as they are.
      const size_t last_newline = head_.rfind('\n');
      if (last_newline != std::string::npos) {
        newlines_ += static_cast<size_t>(std::count(head_.begin() + static_cast<std::ptrdiff_t>(had), head_.end(), '\n'));
        head_.erase(0, last_newline + 1);
      }
    }
  }
  size_t read(char* dst, size_t n) override {
    if (newlines_ > 0 && n > 0) {
      const size_t k = std::min(n, newlines_);
      std::memset(dst, '\n', k);
      newlines_ -= k;
      return k;
    }
    if (pos_ < head_.size()) {
      size_t k = std::min(n, head_.size() - pos_);
      std::memcpy(dst, head_.data() + pos_, k);
      pos_ += k;
      return k;
    }
    return inner_->read(dst, n);
  }
  const std::string& name() const override { return inner_->name(); }
  std::optional<uint64_t> size_hint() const override {
    std::optional<uint64_t> rest = inner_->size_hint();
    if (rest) *rest += newlines_ + head_.size() - pos_;
    return rest;
  }
  // JSON when the first meaningful byte opens an object or array.
  bool looks_like_json() const {
    size_t p = 0;
    if (head_.size() >= 3 && head_.compare(0, 3, "\xEF\xBB\xBF") == 0) p = 3;
    while (p < head_.size() && std::isspace(static_cast<unsigned char>(head_[p]))) ++p;
    return p < head_.size() && (head_[p] == '{' || head_[p] == '[');
  }
  // Nothing but whitespace, to the end.
  bool empty() const {
    return at_end_ &&
           std::all_of(head_.begin(), head_.end(), [](char c) { return std::isspace(static_cast<unsigned char>(c)); });
  }

 private:
  std::unique_ptr<Input> inner_;
  std::string head_;
  size_t newlines_ = 0;  // blank lines read before head_, handed on first
  size_t pos_ = 0;
  bool at_end_ = false;
};

// What one load shares across its files: the options, and how many objects were read so far.
struct ReadState {
  const LoadOptions& options;
  bool (*decodes)(std::string_view kind);  // the shards' kinds, whose fields --validate checks
  ShardFactory make_shard;
  size_t objects = 0;  // committed
  // ClusterState::listed_kinds, as the sources read so far show them.
  std::set<std::string> listed_kinds;
  // The current source's Lists: the kinds of their items, by document.
  std::map<int, std::set<std::string>> list_item_kinds;
};

// Every kind the cluster state holds, in ClusterState's order: its name, where its objects go
// and how one is decoded. Decoding, merging and the duplicate check all go by this one list.
template <class Visit>
void for_each_cluster_kind(Visit visit) {
  visit("Node", &ClusterState::nodes, decode_node);
  visit("Pod", &ClusterState::pods, decode_pod);
  visit("Namespace", &ClusterState::namespaces, decode_namespace);
  visit("PersistentVolume", &ClusterState::persistent_volumes, decode_persistent_volume);
  visit("PersistentVolumeClaim", &ClusterState::persistent_volume_claims, decode_persistent_volume_claim);
  visit("StorageClass", &ClusterState::storage_classes, decode_storage_class);
  visit("CSINode", &ClusterState::csi_nodes, decode_csi_node);
  visit("CSIDriver", &ClusterState::csi_drivers, decode_csi_driver);
  visit("CSIStorageCapacity", &ClusterState::csi_storage_capacities, decode_csi_storage_capacity);
  visit("PriorityClass", &ClusterState::priority_classes, decode_priority_class);
  visit("PodDisruptionBudget", &ClusterState::pod_disruption_budgets, decode_pod_disruption_budget);
  visit("RuntimeClass", &ClusterState::runtime_classes, decode_runtime_class);
  visit("LimitRange", &ClusterState::limit_ranges, decode_limit_range);
  visit("ResourceQuota", &ClusterState::resource_quotas, decode_resource_quota);
  visit("ResourceSlice", &ClusterState::resource_slices, decode_resource_slice);
  visit("DeviceClass", &ClusterState::device_classes, decode_device_class);
  visit("ResourceClaim", &ClusterState::resource_claims, decode_resource_claim);
  visit("ResourceClaimTemplate", &ClusterState::resource_claim_templates, decode_resource_claim_template);
  visit("DeviceTaintRule", &ClusterState::device_taint_rules, decode_device_taint_rule);
}

bool decodes_cluster_kind(std::string_view kind) {
  bool found = false;
  for_each_cluster_kind([&](std::string_view name, auto, auto) { found = found || name == kind; });
  return found;
}

// The cluster-state kinds a manifest ships with its workloads (a chart's claim, class, budget):
// created with them, as `kubectl apply -f` creates them.
bool is_companion_kind(std::string_view kind) {
  return kind == "Namespace" || kind == "PersistentVolume" || kind == "PersistentVolumeClaim" ||
         kind == "StorageClass" || kind == "CSIDriver" || kind == "PriorityClass" || kind == "PodDisruptionBudget" ||
         kind == "RuntimeClass" || kind == "LimitRange" || kind == "ResourceQuota" || kind == "DeviceClass" ||
         kind == "ResourceClaim" || kind == "ResourceClaimTemplate";
}

bool is_namespaced_companion(std::string_view kind) {
  return kind == "PersistentVolumeClaim" || kind == "PodDisruptionBudget" || kind == "LimitRange" ||
         kind == "ResourceQuota" || kind == "ResourceClaim" || kind == "ResourceClaimTemplate";
}

bool decodes_candidate_kind(std::string_view kind) {
  return kind == "Pod" || is_workload_kind(kind) || is_companion_kind(kind);
}

// kubectl's --validate: the fields the kind's schema does not have are an error (strict, in the
// API server's words) or a warning each.
void check_fields(const Value& root, const Header& header, const SourceRef& origin, const LoadOptions& options,
                  std::vector<std::string>& warnings) {
  if (options.validation == FieldValidation::Ignore) return;
  std::vector<UnknownField> unknown;
  find_unknown_fields(root, header.kind, unknown, header.api_version, options.fields_release);
  if (unknown.empty()) return;
  if (options.validation == FieldValidation::Strict) {
    throw DecodeError{"strict decoding error: " + describe_unknown_fields(unknown), unknown.front().line, origin.document};
  }
  if (options.warnings == nullptr) return;
  for (const UnknownField& field : unknown) {
    warnings.push_back(object_warning(origin, header, field.line, fmt::format("unknown field \"{}\"", field.path)));
  }
}

// Tells LoadOptions::progress about every chunk read from a source.
class ProgressInput final : public Input {
 public:
  ProgressInput(std::unique_ptr<Input> inner, const ReadState& state) : inner_(std::move(inner)), state_(state) {}
  size_t read(char* dst, size_t n) override {
    size_t got = inner_->read(dst, n);
    bytes_ += got;
    state_.options.progress(inner_->name(), bytes_, state_.objects);
    return got;
  }
  const std::string& name() const override { return inner_->name(); }
  std::optional<uint64_t> size_hint() const override { return inner_->size_hint(); }

 private:
  std::unique_ptr<Input> inner_;
  const ReadState& state_;
  uint64_t bytes_ = 0;
};

// A batch's failure, worded in full: thrown by its commit, in stream order.
struct BatchFailure {
  std::string message;
};

// "file: document N[, items[K]] (Kind ns/name)[, line L]: message" for an error met while
// `current` (empty between objects) was being read from `origin`; `document` is the last one
// handed over, for errors that name none.
std::string describe_error(const std::string& file, const DecodeError& e, int document, const Header& current,
                           const SourceRef& origin) {
  const int doc = e.document != 0 ? e.document : document;
  if (doc > 0) {
    SourceRef at = origin;
    at.document = doc;
    if (at.document != origin.document) at.item = -1;
    std::string where = describe(at, current);
    if (e.line > 0) where += fmt::format(", line {}", e.line);
    return fmt::format("{}: {}: {}", file, where, e.message);
  }
  if (e.line > 0) return fmt::format("{}: line {}: {}", file, e.line, e.message);
  return fmt::format("{}: {}", file, e.message);
}

// Objects of one source decoded into a shard: identity, limits, --validate, then the shard.
class SourceBatch final : public ObjectBatch {
 public:
  SourceBatch(const std::string& file, ReadState& state, size_t objects_before)
      : file_(file), state_(state), objects_before_(objects_before), shard_(state.make_shard()) {}

  void handle(const Value& root, const ObjectContext& ctx) override {
    document_ = ctx.document;
    origin_ = SourceRef{file_, ctx.document, ctx.line, ctx.item};
    if (objects_before_ + ctx.object + 1 > state_.options.max_objects) {
      throw DecodeError{fmt::format("more than {} objects: raise the limit with --max-objects", state_.options.max_objects),
                        ctx.line, ctx.document};
    }
    current_ = read_header(root);
    if (current_.kind.empty()) current_.kind = kind_of_list(ctx.list_kind);
    if (is_list_kind(current_.kind) && read_nested_list(root, ctx)) return;
    // A kind or apiVersion that is there but no string is a type error, not a missing field.
    if (current_.kind.empty() || current_.api_version.empty()) {
      root.fields([](std::string_view key, const Value& f) {
        if ((key == "kind" || key == "apiVersion") && !f.is_null()) (void)f.string();
      });
    }
    if (current_.kind.empty()) throw DecodeError{"kind not set", ctx.line, ctx.document};
    if (current_.api_version.empty() && ctx.list_kind.empty()) {
      throw DecodeError{"apiVersion not set", ctx.line, ctx.document};
    }
    if (const BuiltinKind* known = miscased_kind(current_.kind, current_.api_version)) {
      throw DecodeError{fmt::format("no matches for kind \"{}\" in version \"{}\" (did you mean {}?)", current_.kind,
                                    current_.api_version, known->kind),
                        ctx.line, ctx.document};
    }
    if (!current_.api_version.empty() && !version_matches(current_.kind, current_.api_version)) {
      throw DecodeError{fmt::format("no matches for kind \"{}\" in version \"{}\"", current_.kind, current_.api_version),
                        ctx.line, ctx.document};
    }
    if (state_.decodes(current_.kind)) check_fields(root, current_, origin_, state_.options, warnings_);
    if (ctx.item >= 0) list_item_kinds_[ctx.document].insert(current_.kind);
    shard_->take(current_, root, origin_);
    ++objects_;
    // Errors found by the reader between objects belong to no object.
    current_ = Header{};
    origin_ = SourceRef{file_, ctx.document, 0, -1};
  }

  void failed(const DecodeError& error) override { error_ = describe(error); }

  // A List held whole, as an item of another List or with `items` that is not an array: kubectl
  // flattens the first into the enclosing List's items, and refuses the second. False when it
  // has no items at all (an empty List written without them).
  bool read_nested_list(const Value& root, const ObjectContext& ctx) {
    const std::string list_kind = current_.kind;
    bool has_items = false;
    root.fields([&](std::string_view key, const Value& items) {
      if (key != "items") return;
      has_items = true;
      if (items.type() == Value::Type::Null) return;
      if (items.type() != Value::Type::Array) throw DecodeError{"items: expected an array", items.line(), ctx.document};
      if (ctx.item >= 0) nested_list_kinds_.push_back(list_kind);
      int index = 0;
      items.elements([&](const Value& item) {
        if (item.type() != Value::Type::Object) {
          throw DecodeError{fmt::format("items[{}]: a List item must be an object", index), item.line(), ctx.document};
        }
        ObjectContext inner = ctx;
        inner.line = item.line();
        inner.list_kind = list_kind;
        // Messages name the outermost List's item; a top-level List's own items are counted from 0.
        inner.item = ctx.item >= 0 ? ctx.item : index;
        ++index;
        handle(item, inner);
      });
    });
    return has_items;
  }

  void commit() override {
    if (error_) throw BatchFailure{*error_};
    shard_->merge();
    for (auto& [document, kinds] : list_item_kinds_) state_.list_item_kinds[document].merge(kinds);
    for (const std::string& kind : nested_list_kinds_) {
      if (std::string item = kind_of_list(kind); !item.empty()) state_.listed_kinds.insert(std::move(item));
    }
    if (state_.options.warnings != nullptr) {
      for (std::string& warning : warnings_) state_.options.warnings->push_back(std::move(warning));
    }
    state_.objects += objects_;
  }

  // The error as it reads with this batch's object being decoded, if any.
  std::string describe(const DecodeError& e) const { return describe_error(file_, e, document_, current_, origin_); }

 private:
  const std::string& file_;
  ReadState& state_;
  size_t objects_before_;  // in the sources read before this one
  std::unique_ptr<Shard> shard_;
  std::vector<std::string> warnings_;
  std::map<int, std::set<std::string>> list_item_kinds_;
  std::vector<std::string> nested_list_kinds_;  // typed Lists met as items of a List ("NodeList")
  size_t objects_ = 0;
  int document_ = 0;
  Header current_;
  SourceRef origin_;
  std::optional<std::string> error_;
};

// The kinds a source's Lists show it holds whole: a typed List's (empty too), and the claims
// and claim templates of a List holding Nodes, ResourceSlices and DeviceClasses, which the
// dump command that reads those reads too (ClusterState::listed_kinds).
void note_listed_kinds(const std::vector<std::string>& list_kinds, ReadState& state) {
  for (const std::string& kind : list_kinds) {
    if (std::string item = kind_of_list(kind); !item.empty()) state.listed_kinds.insert(std::move(item));
  }
  for (const auto& [document, kinds] : state.list_item_kinds) {
    if (kinds.contains("Node") && kinds.contains("ResourceSlice") && kinds.contains("DeviceClass")) {
      state.listed_kinds.insert({"ResourceClaim", "ResourceClaimTemplate"});
    }
  }
}

std::optional<LoadError> read_source(std::unique_ptr<Input> raw, ReadState& state) {
  if (state.options.progress) raw = std::make_unique<ProgressInput>(std::move(raw), state);
  const std::string name = raw->name();
  const size_t objects_before = state.objects;
  try {
    PeekedInput input(std::move(raw));
    if (input.empty()) return LoadError{fmt::format("{}: the file is empty", name)};
    ReadLimits limits;
    limits.max_object_bytes = state.options.max_object_bytes;
    limits.max_documents = std::max(limits.max_documents, state.options.max_objects);
    auto make_batch = [&] { return std::make_unique<SourceBatch>(name, state, objects_before); };
    std::vector<std::string> list_kinds;
    state.list_item_kinds.clear();
    if (input.looks_like_json()) {
      read_json_batches(input, limits, make_batch, &list_kinds);
    } else {
      DocumentBomFilter documents(input);
      read_yaml_batches(documents, limits, make_batch, &list_kinds);
    }
    note_listed_kinds(list_kinds, state);
  } catch (const BatchFailure& failure) {
    return LoadError{failure.message};
  } catch (const DecodeError& e) {
    // The reader's own errors fall between objects.
    return LoadError{describe_error(name, e, 0, Header{}, SourceRef{})};
  }
  return std::nullopt;
}

bool is_manifest_file(const fs::path& p) {
  std::string ext = p.extension().string();
  return ext == ".yaml" || ext == ".yml" || ext == ".json";
}

// The manifests of a -f directory, as kubectl's resource builder walks it: files by extension,
// subdirectories only with -R, symbolic links to directories not followed (so no link can make
// the walk loop). Every filesystem error names its path; entries kubectl would skip but that
// look like a mistake (broken links, links to directories) are warnings.
std::optional<LoadError> walk_directory(const std::string& root, const LoadOptions& options,
                                        std::vector<std::string>& found) {
  auto warn = [&](const fs::path& p, std::string_view why) {
    if (options.warnings != nullptr) options.warnings->push_back(fmt::format("{}: skipped: {}", shown_path(p.string()), why));
  };
  std::vector<fs::path> pending = {fs::path(root)};
  while (!pending.empty()) {
    const fs::path dir = std::move(pending.back());
    pending.pop_back();
    std::error_code ec;
    fs::directory_iterator it(dir, ec);
    if (ec) return LoadError{fmt::format("{}: cannot read the directory: {}", shown_path(dir.string()), ec.message())};
    // Entries in name order, so that warnings and the first error do not depend on the filesystem.
    std::vector<fs::directory_entry> entries;
    for (; it != fs::directory_iterator(); it.increment(ec)) entries.push_back(*it);
    if (ec) return LoadError{fmt::format("{}: cannot read the directory: {}", shown_path(dir.string()), ec.message())};
    std::sort(entries.begin(), entries.end(), [](const auto& a, const auto& b) { return a.path() < b.path(); });
    std::vector<fs::path> subdirectories;
    for (const fs::directory_entry& entry : entries) {
      const fs::path& p = entry.path();
      const fs::file_status own = entry.symlink_status(ec);
      if (ec) return LoadError{fmt::format("{}: {}", shown_path(p.string()), ec.message())};
      fs::file_status target = own;
      if (fs::is_symlink(own)) {
        target = fs::status(p, ec);
        if (ec) {
          // kubectl opens a manifest-named link and fails; it skips any other name unread.
          if (is_manifest_file(p)) return LoadError{fmt::format("{}: cannot open: {}", shown_path(p.string()), ec.message())};
          warn(p, fmt::format("a symbolic link that cannot be followed ({})", ec.message()));
          ec.clear();
          continue;
        }
        if (fs::is_directory(target)) {
          warn(p, "a symbolic link to a directory is not followed");
          continue;
        }
      } else if (fs::is_directory(own)) {
        if (options.recursive) subdirectories.push_back(p);
        continue;
      }
      if (!is_manifest_file(p)) continue;
      if (!fs::is_regular_file(target)) {
        warn(p, "not a regular file");
        continue;
      }
      found.push_back(p.string());
    }
    // Depth first in name order: the stack pops the first subdirectory first.
    pending.insert(pending.end(), subdirectories.rbegin(), subdirectories.rend());
  }
  return std::nullopt;
}

// Expands -f arguments into files (directories: their manifests, sorted; -R: recursively).
std::optional<LoadError> expand_paths(const std::vector<std::string>& paths, const LoadOptions& options,
                                      std::vector<std::string>& files) {
  for (const std::string& path : paths) {
    if (path == "-") {
      files.push_back(path);
      continue;
    }
    std::error_code ec;
    fs::file_status st = fs::status(path, ec);
    if (ec && ec != std::errc::no_such_file_or_directory) {
      return LoadError{fmt::format("{}: {}", shown_path(path), ec.message())};
    }
    if (ec || !fs::exists(st)) return LoadError{fmt::format("{}: no such file or directory", shown_path(path))};
    if (!fs::is_directory(st)) {
      files.push_back(path);
      continue;
    }
    std::vector<std::string> found;
    if (auto err = walk_directory(path, options, found)) return err;
    if (found.empty()) {
      return LoadError{fmt::format("{}: no .yaml, .yml or .json files in the directory{}", shown_path(path),
                                   options.recursive ? "" : " (use -R to search subdirectories)")};
    }
    std::sort(found.begin(), found.end());
    files.insert(files.end(), found.begin(), found.end());
  }
  return std::nullopt;
}

std::optional<LoadError> read_paths(const std::vector<std::string>& paths, ReadState& state) {
  const LoadOptions& options = state.options;
  std::vector<std::string> files;
  if (auto err = expand_paths(paths, options, files)) return err;
  for (const std::string& file : files) {
    std::unique_ptr<Input> input;
    if (file == "-") {
      input = open_fd_input(STDIN_FILENO, "<stdin>", false);
    } else {
      int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
      if (fd < 0) return LoadError{fmt::format("{}: cannot open: {}", shown_path(file), std::strerror(errno))};
      input = open_fd_input(fd, shown_path(file), true);
    }
    if (auto err = read_source(std::move(input), state)) return err;
  }
  return std::nullopt;
}

// Appends `from` to `to`, keeping the order.
template <class T>
void append(std::vector<T>& to, std::vector<T>& from) {
  if (to.empty()) {
    to = std::move(from);
  } else {
    to.insert(to.end(), std::make_move_iterator(from.begin()), std::make_move_iterator(from.end()));
  }
}

void add_counts(std::map<std::string, int>& to, const std::map<std::string, int>& from) {
  for (const auto& [kind, count] : from) to[kind] += count;
}

// Decodes a new T at the back of `objects`, remembering where it came from.
template <class T>
void decode_into(std::vector<T>& objects, void (*decode)(const Value&, T&), const Value& root, const SourceRef& origin) {
  T& object = objects.emplace_back();
  decode(root, object);
  object.origin = origin;
}

class ClusterShard final : public Shard {
 public:
  ClusterShard(ClusterState& out, const LoadOptions& options)
      : out_(out),
        release_(options.api_release),
        trimmed_read_(options.validation != FieldValidation::Strict),
        warnings_out_(options.warnings) {}

  void take(const Header& h, const Value& root, const SourceRef& origin) override {
    const ApiReleaseScope scope(release_);
    // The cluster's objects are stored: what a ratcheting rule forbids is kept, with a warning.
    auto warn = [&](const DecodeError& e) {
      warnings_.push_back(object_warning(origin, h, e.line, e.message));
    };
    const StoredObjectScope stored(warn, trimmed_read_);
    bool decoded = false;
    for_each_cluster_kind([&](std::string_view kind, auto member, auto decode) {
      if (decoded || kind != h.kind) return;
      decode_into(part_.*member, decode, root, origin);
      decoded = true;
    });
    if (!decoded) ++part_.skipped_kinds[h.kind];
  }

  void merge() override {
    for_each_cluster_kind([&](std::string_view, auto member, auto) { append(out_.*member, part_.*member); });
    add_counts(out_.skipped_kinds, part_.skipped_kinds);
    if (warnings_out_ != nullptr) {
      for (std::string& warning : warnings_) warnings_out_->push_back(std::move(warning));
    }
  }

 private:
  ClusterState& out_;
  KubernetesRelease release_;
  bool trimmed_read_;  // --validate=warn or ignore: fields a stored object cannot lack, missing, warn
  std::vector<std::string>* warnings_out_;
  std::vector<std::string> warnings_;
  ClusterState part_;
};

ShardFactory cluster_shards(ClusterState& out, const LoadOptions& options) {
  return [&out, &options] { return std::make_unique<ClusterShard>(out, options); };
}

// Pods, and workloads as the pod their controller creates; anything else is counted. With
// kubectl's -n, objects without a namespace go into it and objects in another are refused.
class CandidateShard final : public Shard {
 public:
  CandidateShard(CandidateSet& out, const LoadOptions& options)
      : out_(out), namespace_(options.namespace_), new_selectors_(options.new_selectors), release_(options.api_release) {}

  void take(const Header& h, const Value& root, const SourceRef& origin) override {
    // What a manifest ships is created: its selectors compile as new ones.
    const resource_wire::NewSelectorScope scope(new_selectors_);
    const ApiReleaseScope release_scope(release_);
    const bool checked = h.kind == "Pod" || is_workload_kind(h.kind) || is_namespaced_companion(h.kind);
    if (checked && !namespace_.empty() && !h.namespace_.empty() && h.namespace_ != namespace_) {
      throw DecodeError{fmt::format("the namespace from the provided object \"{}\" does not match the namespace \"{}\". "
                                    "You must pass '--namespace={}' to perform this operation.",
                                    h.namespace_, namespace_, h.namespace_),
                        origin.line, origin.document};
    }
    const std::string_view default_namespace = namespace_.empty() ? std::string_view("default") : namespace_;
    if (h.kind == "Pod") {
      Candidate& candidate = part_.candidates.emplace_back();
      candidate.pod.metadata.namespace_ = std::string(default_namespace);  // metadata.namespace, when set, replaces it
      decode_pod(root, candidate.pod);
      candidate.pod.origin = origin;
    } else if (is_workload_kind(h.kind)) {
      Candidate& candidate = part_.candidates.emplace_back();
      decode_workload(root, h.kind, h.api_version, candidate, default_namespace);
      candidate.pod.origin = origin;
      if (candidate.stateful_set) candidate.stateful_set->base.origin = origin;
    } else if (is_companion_kind(h.kind)) {
      for_each_cluster_kind([&](std::string_view kind, auto member, auto decode) {
        if (kind != h.kind) return;
        auto& object = (part_.companions.*member).emplace_back();
        if (is_namespaced_companion(kind)) object.metadata.namespace_ = std::string(default_namespace);
        decode(root, object);
        object.origin = origin;
      });
    } else {
      ++part_.skipped_kinds[h.kind];
    }
  }

  void merge() override {
    append(out_.candidates, part_.candidates);
    for_each_cluster_kind([&](std::string_view, auto member, auto) { append(out_.companions.*member, part_.companions.*member); });
    add_counts(out_.skipped_kinds, part_.skipped_kinds);
  }

 private:
  CandidateSet& out_;
  const std::string& namespace_;
  const dra::SelectorFeatures& new_selectors_;
  KubernetesRelease release_;
  CandidateSet part_;
};

ShardFactory candidate_shards(CandidateSet& out, const LoadOptions& options) {
  return [&out, &options] { return std::make_unique<CandidateShard>(out, options); };
}

std::optional<LoadError> pods_of(CandidateSet& set, std::vector<Pod>& out) {
  for (Candidate& candidate : set.candidates) out.push_back(std::move(candidate.pod));
  return std::nullopt;
}

std::string where(const SourceRef& o) {
  std::string out = fmt::format("{} document {}", o.file, o.document);
  if (o.item >= 0) out += fmt::format(" items[{}]", o.item);
  return out;
}

// The cluster state holds one object per identity, as the API server does; a second copy
// would silently shadow the first, so it is an error naming both places.
template <class T>
std::optional<LoadError> find_duplicate(const std::vector<T>& objects, std::string_view kind) {
  std::unordered_map<std::string, const T*> seen;
  for (const T& o : objects) {
    // Only a LimitRange may come without a name: the API server gives each its own.
    if (o.metadata.name.empty()) continue;
    std::string key = o.metadata.namespace_.empty() ? o.metadata.name : o.metadata.namespace_ + "/" + o.metadata.name;
    auto [it, inserted] = seen.emplace(key, &o);
    if (!inserted) {
      return LoadError{fmt::format("{} \"{}\" is given twice: {} and {}", kind, key, where(it->second->origin),
                                   where(o.origin))};
    }
  }
  return std::nullopt;
}

std::optional<LoadError> check_duplicates(const ClusterState& s) {
  std::optional<LoadError> error;
  for_each_cluster_kind([&](std::string_view kind, auto member, auto) {
    if (!error) error = find_duplicate(s.*member, kind);
  });
  return error;
}

// --pod with nothing to check is a mistake worth stopping for (a chart with no workload, a wrong file).
std::optional<LoadError> require_candidates(const CandidateSet& set, std::string_view where) {
  if (auto duplicate = check_duplicates(set.companions)) return duplicate;
  if (!set.candidates.empty()) return std::nullopt;
  std::map<std::string, int> kinds = set.skipped_kinds;
  for_each_cluster_kind([&](std::string_view kind, auto member, auto) {
    if (!(set.companions.*member).empty()) kinds[std::string(kind)] += static_cast<int>((set.companions.*member).size());
  });
  std::string found;
  for (const auto& [kind, count] : kinds) found += fmt::format("{}{} {}", found.empty() ? "" : ", ", count, kind);
  return LoadError{fmt::format("{}: no Pod or workload to check{}", where,
                               found.empty() ? "" : fmt::format(" (found only {})", found))};
}

// The DefaultStorageClass admission plugin, and the PV controller's retroactive assignment for
// claims created before a default existed: an unbound claim that names no class gets the default
// class (the newest of those annotated as default; equal ages go by name).
void assign_default_storage_class(ClusterState& s) {
  auto is_default = [](const StorageClass& sc) {
    for (const char* key : {"storageclass.kubernetes.io/is-default-class", "storageclass.beta.kubernetes.io/is-default-class"}) {
      const std::string* v = sc.metadata.annotations.find(key);
      if (v != nullptr && *v == "true") return true;
    }
    return false;
  };
  const StorageClass* chosen = nullptr;
  for (const StorageClass& sc : s.storage_classes) {
    if (!is_default(sc)) continue;
    if (chosen == nullptr || sc.metadata.creation_timestamp > chosen->metadata.creation_timestamp ||
        (sc.metadata.creation_timestamp == chosen->metadata.creation_timestamp && sc.metadata.name < chosen->metadata.name)) {
      chosen = &sc;
    }
  }
  if (chosen == nullptr) return;
  for (PersistentVolumeClaim& claim : s.persistent_volume_claims) {
    if (claim.spec.storage_class_name || claim.metadata.annotations.contains(kBetaStorageClassAnnotation)) continue;
    if (!claim.spec.volume_name.empty()) continue;
    claim.spec.storage_class_name = chosen->metadata.name;
  }
}

std::optional<LoadError> finish_cluster_state(ClusterState& s) {
  if (auto e = check_duplicates(s)) return e;
  assign_default_storage_class(s);
  // Pods written by hand carry no spec.priority yet: admission would have set it.
  for (Pod& pod : s.pods) {
    if (!pod.spec.priority) (void)admit_priority(pod, s.priority_classes);
  }
  return std::nullopt;
}

}  // namespace

std::optional<LoadError> load_cluster_state(const std::vector<std::string>& paths, const LoadOptions& options,
                                            ClusterState& out) {
  ReadState state{options, decodes_cluster_kind, cluster_shards(out, options)};
  if (auto e = read_paths(paths, state)) return e;
  out.listed_kinds.merge(state.listed_kinds);
  return finish_cluster_state(out);
}

std::optional<LoadError> load_cluster_state_fd(int fd, const std::string& name, const LoadOptions& options,
                                               ClusterState& out) {
  ReadState state{options, decodes_cluster_kind, cluster_shards(out, options)};
  if (auto e = read_source(open_fd_input(fd, name, false), state)) return e;
  out.listed_kinds.merge(state.listed_kinds);
  return finish_cluster_state(out);
}

std::optional<LoadError> load_candidates(const std::vector<std::string>& paths, const LoadOptions& options,
                                         CandidateSet& out) {
  ReadState state{options, decodes_candidate_kind, candidate_shards(out, options)};
  if (auto e = read_paths(paths, state)) return e;
  std::string where;
  for (const std::string& path : paths) where += (where.empty() ? "" : ", ") + (path == "-" ? std::string("<stdin>") : path);
  return require_candidates(out, where);
}

std::optional<LoadError> load_candidates(const std::vector<std::string>& paths, const LoadOptions& options,
                                         std::vector<Pod>& out) {
  CandidateSet set;
  if (auto e = load_candidates(paths, options, set)) return e;
  return pods_of(set, out);
}

std::optional<LoadError> load_cluster_state_text(std::string_view text, const std::string& name, ClusterState& out,
                                                 const LoadOptions& options) {
  ReadState state{options, decodes_cluster_kind, cluster_shards(out, options)};
  if (auto e = read_source(open_text_input(text, name), state)) return e;
  out.listed_kinds.merge(state.listed_kinds);
  return finish_cluster_state(out);
}

std::optional<LoadError> load_candidates_text(std::string_view text, const std::string& name, CandidateSet& out,
                                              const LoadOptions& options) {
  ReadState state{options, decodes_candidate_kind, candidate_shards(out, options)};
  if (auto e = read_source(open_text_input(text, name), state)) return e;
  return require_candidates(out, name);
}

std::optional<LoadError> load_candidates_text(std::string_view text, const std::string& name, std::vector<Pod>& out,
                                              const LoadOptions& options) {
  CandidateSet set;
  if (auto e = load_candidates_text(text, name, set, options)) return e;
  return pods_of(set, out);
}

void apply_default_storage_class(ClusterState& cluster) { assign_default_storage_class(cluster); }

std::string object_error(const SourceRef& origin, std::string_view kind, std::string_view namespace_,
                         std::string_view name, std::string_view message) {
  Header header;
  header.kind = kind;
  header.namespace_ = namespace_;
  header.name = name;
  return fmt::format("{}: {}, line {}: {}", origin.file, describe(origin, header), origin.line, message);
}

namespace {

// Later than any timestamp of the input: a companion is created after everything in it (the
// newest default StorageClass is the one DefaultStorageClass picks).
constexpr std::string_view kCreatedNow = "9999-12-31T23:59:59Z";

// The status a new object has when the API server creates it: the controllers' to fill in.
template <class T>
void reset_for_creation(T&) {}
void reset_for_creation(PersistentVolumeClaim& claim) { claim.phase = "Pending"; }
void reset_for_creation(PersistentVolume& volume) { volume.phase = "Available"; }
void reset_for_creation(PodDisruptionBudget& budget) { budget.disruptions_allowed = 0; }

}  // namespace

CompanionChanges apply_companions(ClusterState& cluster, ClusterState&& companions) {
  CompanionChanges changes;
  for_each_cluster_kind([&](std::string_view kind, auto member, auto) {
    auto& existing = cluster.*member;
    auto& incoming = companions.*member;
    if (incoming.empty()) return;
    auto key = [](const auto& o) { return namespaced_name(o.metadata); };
    std::unordered_map<std::string, size_t> index;
    for (size_t i = 0; i < existing.size(); ++i) index.emplace(key(existing[i]), i);
    int created = 0, updated = 0;
    for (auto& object : incoming) {
      auto found = index.find(key(object));
      if (found != index.end()) {
        auto& current = existing[found->second];
        for (const auto& [k, v] : object.metadata.labels) current.metadata.labels.set(k, v);
        for (const auto& [k, v] : object.metadata.annotations) current.metadata.annotations.set(k, v);
        ++updated;
        continue;
      }
      reset_for_creation(object);
      if (object.metadata.creation_timestamp.empty()) object.metadata.creation_timestamp = std::string(kCreatedNow);
      index.emplace(key(object), existing.size());
      existing.push_back(std::move(object));
      ++created;
    }
    if (created > 0) changes.created.emplace_back(std::string(kind), created);
    if (updated > 0) changes.updated.emplace_back(std::string(kind), updated);
  });
  assign_default_storage_class(cluster);
  return changes;
}

}  // namespace podfit
