#include "known_fields.h"

#include <algorithm>
#include <cstdint>
#include <deque>
#include <unordered_map>
#include <utility>

#include <fmt/format.h>

namespace podfit {

extern const char kKnownFieldsTable[];

namespace {

// The releases something exists in: bit i for minor kOldestMinor + i.
using Releases = uint8_t;
static_assert(kSupportedReleases <= 8);
constexpr Releases kEveryRelease = static_cast<Releases>((1u << kSupportedReleases) - 1);

Releases releases_of(KubernetesRelease release) { return static_cast<Releases>(1u << release.index()); }

struct Schema;

// The type of a field: what to look for below it.
struct TypeRef {
  enum class Shape { Scalar, Any, Object, List, Map };
  Shape shape = Shape::Scalar;
  const TypeRef* element = nullptr;  // List and Map
  const Schema* schema = nullptr;    // Object
};

// One field of a type, in the releases that have it.
struct Field {
  std::string_view name;
  Releases releases;
  const TypeRef* type;
};

// One object type: the releases that have it, its fields, and a hash table over their names
// (every key of every object is looked up: a binary search's comparisons were a tenth of
// loading). A field whose type changed between releases has one entry per type, side by side.
struct Schema {
  Releases releases = kEveryRelease;
  std::vector<Field> fields;
  std::vector<uint32_t> slots;  // open addressing: index in `fields` of a name's first entry + 1, or 0 for empty

  static size_t hash(std::string_view name) {
    uint64_t h = name.size();
    if (!name.empty()) {
      h = h * 131 + static_cast<unsigned char>(name.front()) * 31 + static_cast<unsigned char>(name.back()) +
          static_cast<unsigned char>(name[name.size() / 2]) * 7;
    }
    return static_cast<size_t>((h * 0x9E3779B97F4A7C15ull) >> 32);
  }

  void build_index() {
    size_t size = 8;
    while (size < fields.size() * 2) size *= 2;
    slots.assign(size, 0);
    for (size_t i = 0; i < fields.size(); ++i) {
      if (i > 0 && fields[i - 1].name == fields[i].name) continue;
      size_t at = hash(fields[i].name) & (size - 1);
      while (slots[at] != 0) at = (at + 1) & (size - 1);
      slots[at] = static_cast<uint32_t>(i + 1);
    }
  }

  // The type of field `name` in one of `wanted` (releases of this type), or null.
  const TypeRef* find(std::string_view name, Releases wanted) const {
    const size_t mask = slots.size() - 1;
    for (size_t at = hash(name) & mask;; at = (at + 1) & mask) {
      const uint32_t slot = slots[at];
      if (slot == 0) return nullptr;
      if (fields[slot - 1].name != name) continue;
      for (size_t i = slot - 1; i < fields.size() && fields[i].name == name; ++i) {
        if ((fields[i].releases & wanted) != 0) return fields[i].type;
      }
      return nullptr;
    }
  }
};

// A kind in one version, and the releases that serve it.
struct Root {
  std::string_view api_version;
  std::string_view kind;
  const Schema* schema;
  Releases releases;
};

// The table, parsed once.
class KnownFields {
 public:
  KnownFields() {
    std::string_view table(kKnownFieldsTable);
    // First every type's name, so that fields may name types defined further down.
    std::vector<std::pair<Schema*, std::string_view>> lines;
    std::vector<std::string_view> root_lines;
    for (std::string_view line : split(table, '\n')) {
      if (line.empty()) continue;
      if (line.front() == '=') {
        root_lines.push_back(line.substr(1));
        continue;
      }
      size_t space = line.find(' ');
      Schema& schema = schemas_.emplace_back();
      auto [name, releases] = marked(line.substr(0, space));
      schema.releases = releases;
      by_name_.emplace(name, &schema);
      lines.emplace_back(&schema, space == std::string_view::npos ? std::string_view{} : line.substr(space + 1));
    }
    for (auto& [schema, fields] : lines) {
      for (std::string_view field : split(fields, ' ')) {
        if (field.empty()) continue;
        size_t colon = field.find(':');
        std::string_view type = colon == std::string_view::npos ? std::string_view{} : field.substr(colon + 1);
        auto [name, releases] = marked(field.substr(0, colon), schema->releases);
        schema->fields.push_back(Field{name, releases, ref(type)});
      }
      schema->build_index();
    }
    for (std::string_view line : root_lines) {
      const std::vector<std::string_view> parts = split(line, ' ');
      if (parts.size() != 3) continue;
      auto [type, releases] = marked(parts[2]);
      if (const Schema* schema = find(type)) roots_.push_back(Root{parts[0], parts[1], schema, releases});
    }
  }

  // The root of `kind` in `api_version`; empty, the kind's newest version (listed first).
  const Root* root(std::string_view kind, std::string_view api_version = {}) const {
    for (const Root& r : roots_) {
      if (r.kind == kind && (api_version.empty() || r.api_version == api_version)) return &r;
    }
    return nullptr;
  }

 private:
  static std::vector<std::string_view> split(std::string_view text, char separator) {
    std::vector<std::string_view> out;
    for (size_t start = 0;;) {
      size_t end = text.find(separator, start);
      out.push_back(text.substr(start, end - start));
      if (end == std::string_view::npos) return out;
      start = end + 1;
    }
  }

  // "name@33-35,37": the name and its releases; without a mark, `otherwise`.
  static std::pair<std::string_view, Releases> marked(std::string_view text, Releases otherwise = kEveryRelease) {
    const size_t at = text.find('@');
    if (at == std::string_view::npos) return {text, otherwise};
    Releases releases = 0;
    for (std::string_view run : split(text.substr(at + 1), ',')) {
      const size_t dash = run.find('-');
      const int first = minor_of(run.substr(0, dash));
      const int last = dash == std::string_view::npos ? first : minor_of(run.substr(dash + 1));
      for (int minor = first; minor <= last; ++minor) {
        if (minor >= KubernetesRelease::kOldestMinor && minor <= KubernetesRelease::kNewestMinor) {
          releases |= releases_of(KubernetesRelease{minor});
        }
      }
    }
    return {text.substr(0, at), releases};
  }

  static int minor_of(std::string_view digits) {
    int minor = 0;
    for (char c : digits) minor = minor * 10 + (c - '0');
    return minor;
  }

  const Schema* find(std::string_view name) const {
    auto it = by_name_.find(name);
    return it == by_name_.end() ? nullptr : it->second;
  }

  const TypeRef* ref(std::string_view type) {
    TypeRef& r = refs_.emplace_back();
    if (type.empty()) {
      r.shape = TypeRef::Shape::Scalar;
    } else if (type == "*") {
      r.shape = TypeRef::Shape::Any;
    } else if (type.starts_with("[]")) {
      r.shape = TypeRef::Shape::List;
      r.element = ref(type.substr(2));
    } else if (type.starts_with("{}")) {
      r.shape = TypeRef::Shape::Map;
      r.element = ref(type.substr(2));
    } else {
      r.shape = TypeRef::Shape::Object;
      r.schema = find(type);
      // A type missing from the table is a broken table; check nothing below it rather than
      // report every field of it as unknown.
      if (r.schema == nullptr) r.shape = TypeRef::Shape::Any;
    }
    return &r;
  }

  std::deque<Schema> schemas_;
  std::deque<TypeRef> refs_;
  std::vector<Root> roots_;
  std::unordered_map<std::string_view, const Schema*> by_name_;
};

const KnownFields& known_fields() {
  static const KnownFields table;
  return table;
}

void walk_object(const Value& v, const Schema& schema, Releases wanted, std::vector<UnknownField>& out);

void walk(const Value& v, const TypeRef& type, Releases wanted, std::vector<UnknownField>& out) {
  switch (type.shape) {
    case TypeRef::Shape::Scalar:
    case TypeRef::Shape::Any: return;
    case TypeRef::Shape::Object:
      if (v.type() == Value::Type::Object) walk_object(v, *type.schema, wanted, out);
      return;
    case TypeRef::Shape::List:
      if (v.type() == Value::Type::Array) v.elements([&](const Value& e) { walk(e, *type.element, wanted, out); });
      return;
    case TypeRef::Shape::Map:
      if (type.element->shape != TypeRef::Shape::Scalar && v.type() == Value::Type::Object) {
        v.fields([&](std::string_view, const Value& e) { walk(e, *type.element, wanted, out); });
      }
      return;
  }
}

void walk_object(const Value& v, const Schema& schema, Releases wanted, std::vector<UnknownField>& out) {
  // A type none of the wanted releases has is judged by the releases that have it.
  Releases here = wanted & schema.releases;
  if (here == 0) here = schema.releases;
  v.fields([&](std::string_view key, const Value& f) {
    const TypeRef* type = schema.find(key, here);
    if (type == nullptr) {
      out.push_back(UnknownField{f.path(), f.line()});
      return;
    }
    walk(f, *type, here, out);
  });
}

}  // namespace

bool has_known_fields(std::string_view kind) { return known_fields().root(kind) != nullptr; }

void find_unknown_fields(const Value& root, std::string_view kind, std::vector<UnknownField>& out,
                         std::string_view api_version, std::optional<KubernetesRelease> release) {
  const Root* found = known_fields().root(kind, api_version);
  if (found == nullptr || root.type() != Value::Type::Object) return;
  walk_object(root, *found->schema, release ? releases_of(*release) : found->releases, out);
}

std::string describe_unknown_fields(const std::vector<UnknownField>& fields) {
  std::string out;
  for (const UnknownField& f : fields) out += fmt::format("{}unknown field \"{}\"", out.empty() ? "" : ", ", f.path);
  return out;
}

}  // namespace podfit
