// The libraries kube-scheduler's DRA CEL environment enables, in one call.
#include "internal.h"

namespace podfit::cel {

void enable_kubernetes_libraries(Env& env) {
  add_strings_library(env);
  add_lists_library(env);
  add_regex_library(env);
  add_sets_library(env);
  add_optional_library(env);
  add_bind_library(env);
  add_semver_library(env);
  add_urls_library(env);
  add_ip_library(env);
  add_cidr_library(env);
  add_format_library(env);
  env.set_homogeneous_literals(true);
  env.set_literal_validation(true);
}

}  // namespace podfit::cel
