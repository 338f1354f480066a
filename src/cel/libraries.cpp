// Kubernetes' CEL base environment by release, as k8s.io/apiserver's environment package
// versions it, plus cel.bind and the first semver library as the DRA environment adds them.
#include <climits>

#include "internal.h"

namespace podfit::cel {
namespace {

// A library's span of releases: in the environment from `introduced` until `removed` (when a
// newer version of it replaces it).
struct Span {
  KubeVersion introduced;
  std::optional<KubeVersion> removed;
  bool at(KubeVersion v) const { return introduced <= v && (!removed || v < *removed); }
};

// Stored expressions compile with every library that is not replaced, whatever its release.
constexpr KubeVersion kEveryRelease{INT_MAX, INT_MAX};

}  // namespace

void enable_kubernetes_libraries(Env& env, KubeVersion v) {
  env.set_homogeneous_literals(true);
  add_urls_library(env);
  add_regex_library(env);
  if (Span{{1, 0}, KubeVersion{1, 37}}.at(v)) add_lists_library(env, 0);
  if (Span{{1, 37}, {}}.at(v)) add_lists_library(env, 1);
  if (Span{{1, 28}, {}}.at(v)) add_optional_library(env);
  if (Span{{1, 29}, {}}.at(v)) env.set_literal_validation(true);
  if (Span{{1, 0}, KubeVersion{1, 29}}.at(v)) add_strings_library(env, 0);
  if (Span{{1, 29}, {}}.at(v)) add_strings_library(env, 2);
  if (Span{{1, 29}, {}}.at(v)) add_sets_library(env);
  if (Span{{1, 30}, {}}.at(v)) {
    add_ip_library(env);
    add_cidr_library(env);
  }
  if (Span{{1, 31}, {}}.at(v)) add_format_library(env);
  // DRA's own addition, from its first release.
  if (Span{{1, 31}, {}}.at(v)) add_bind_library(env);
  mutable_impl(env).two_var_comprehensions = Span{{1, 32}, {}}.at(v);
  // Semver reached the DRA environment unversioned in 1.31 and the base environment at version 1
  // (normalization) in 1.33, which retired the DRA environment's copy.
  if (Span{{1, 31}, KubeVersion{1, 33}}.at(v)) add_semver_library(env, 0);
  if (Span{{1, 33}, {}}.at(v)) add_semver_library(env, 1);
  if (Span{{1, 34}, {}}.at(v)) add_ext_lists_library(env, 3);
  // The parser of the release's cel-go: v0.22 in v1.32, v0.23 in v1.33, v0.26 in v1.34 to
  // v1.36, v0.29 in v1.37.
  Env::Impl& impl = mutable_impl(env);
  impl.syntax_errors_formatted = Span{{1, 0}, KubeVersion{1, 33}}.at(v);
  impl.escaped_identifier_token = Span{{1, 33}, {}}.at(v);
  impl.escaped_identifiers = Span{{1, 37}, {}}.at(v);
}

void enable_kubernetes_libraries(Env& env) { enable_kubernetes_libraries(env, kEveryRelease); }

}  // namespace podfit::cel
