// What the reports' JSON and YAML writers share: a report describes its fields once, as calls on
// a JsonWriter or a YamlWriter, and the document is written straight to the output.
#pragma once

#include <ostream>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>

#include "json_writer.h"
#include "podfit/kubernetes_release.h"
#include "yaml_writer.h"

namespace podfit {

// One member: its key, then a value of that kind.
template <typename Writer>
void string_field(Writer& w, std::string_view name, std::string_view value) {
  w.key(name);
  w.string(value);
}
template <typename Writer>
void integer_field(Writer& w, std::string_view name, int64_t value) {
  w.key(name);
  w.integer(value);
}
template <typename Writer>
void boolean_field(Writer& w, std::string_view name, bool value) {
  w.key(name);
  w.boolean(value);
}
template <typename Writer>
void null_field(Writer& w, std::string_view name) {
  w.key(name);
  w.null();
}

// A pod named by namespace and name: {"namespace": ..., "name": ...}, as every report names pods.
template <typename Writer>
void write_pod_ref(Writer& w, std::string_view namespace_, std::string_view name) {
  w.begin_object();
  string_field(w, "namespace", namespace_);
  string_field(w, "name", name);
  w.end_object();
}

// Opens a report: apiVersion, kind, then the Kubernetes release it models and where that came
// from (left out, as `release` null, for the reports inside a list).
template <typename Writer>
void begin_report(Writer& w, std::string_view kind, const ReleaseChoice* release) {
  w.begin_object();
  string_field(w, "apiVersion", "podfit/v1");
  string_field(w, "kind", kind);
  if (release == nullptr) return;
  string_field(w, "kubernetesVersion", release->release.name());
  string_field(w, "kubernetesVersionSource", release->source_name());
}

template <typename Writer>
void write_strings(Writer& w, const auto& strings) {
  w.begin_array();
  for (const auto& s : strings) w.string(s);
  w.end_array();
}

// The document `describe(writer)` writes, as dump(2) and a newline or as emit_yaml prints it.
template <typename Writer>
void write_document(std::ostream& out, const auto& describe) {
  std::string text;
  Writer writer(text);
  describe(writer);
  // dump() ends with the closing brace; YAML's last line has its newline already.
  if constexpr (std::is_same_v<Writer, JsonWriter>) text += '\n';
  out.write(text.data(), static_cast<std::streamsize>(text.size()));
}

}  // namespace podfit
