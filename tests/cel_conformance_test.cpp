// The CEL specification's conformance tests (testdata/cel/conformance/*.jsonl, converted from
// cel-spec by tools/cel_conformance/convert.py): every case not marked skipped must pass.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "podfit/cel/cel.h"

namespace cel = podfit::cel;

#ifndef PODFIT_SOURCE_DIR
#define PODFIT_SOURCE_DIR "."
#endif

namespace {

// Same kind and value; numbers do not compare across kinds; NaN equals NaN.
bool strict_equal(const cel::Value& a, const cel::Value& b) {
  if (a.kind() != b.kind()) return false;
  switch (a.kind()) {
    case cel::Kind::Double:
      if (std::isnan(a.as_double()) && std::isnan(b.as_double())) return true;
      return a.as_double() == b.as_double();
    case cel::Kind::List: {
      const auto& x = a.as_list();
      const auto& y = b.as_list();
      if (x.size() != y.size()) return false;
      for (std::size_t i = 0; i < x.size(); ++i)
        if (!strict_equal(x.get(i), y.get(i))) return false;
      return true;
    }
    case cel::Kind::Map: {
      const auto& x = a.as_map();
      const auto& y = b.as_map();
      if (x.size() != y.size()) return false;
      for (std::size_t i = 0; i < x.size(); ++i) {
        cel::Value k = x.key_at(i);
        auto yv = y.find(k);
        if (!yv || !strict_equal(*x.find(k), *yv)) return false;
      }
      return true;
    }
    case cel::Kind::Optional:
      if (a.optional_has_value() != b.optional_has_value()) return false;
      return !a.optional_has_value() || strict_equal(a.optional_value(), b.optional_value());
    default: {
      auto e = cel::equals(a, b);
      return e && *e;
    }
  }
}

// Built once; each case extends a copy.
const cel::Env& base_env() {
  static const cel::Env env = [] {
    cel::Env e;
    // The specification's extensions are the newest: strings at version 4 (format's newer text,
    // reverse), beside the rest of Kubernetes' libraries.
    cel::add_strings_library(e, 4);
    cel::add_lists_library(e);
    cel::add_ext_lists_library(e);
    cel::add_regex_library(e);
    cel::add_sets_library(e);
    cel::add_optional_library(e);
    cel::add_bind_library(e);
    cel::add_semver_library(e);
    cel::add_urls_library(e);
    cel::add_ip_library(e);
    cel::add_cidr_library(e);
    cel::add_format_library(e);
    // The specification's default: mixed literals are list(dyn) and map(dyn, dyn).
    e.set_homogeneous_literals(false);
    e.set_literal_validation(false);
    return e;
  }();
  return env;
}

// Evaluates a CEL literal of the test data; the program is kept alive in keep.
std::optional<cel::Value> literal(const std::string& text, std::vector<std::shared_ptr<const cel::Program>>& keep) {
  auto c = base_env().compile_unchecked(text);
  if (!c.ok()) return std::nullopt;
  keep.push_back(c.program);
  cel::MapActivation none;
  auto r = c.program->evaluate(none);
  if (r.value.is_error()) return std::nullopt;
  return r.value;
}

// Runs one case; empty when it passes, else why not.
std::string run_case(const nlohmann::json& c) {
  cel::Env env = base_env();
  if (c.contains("container")) env.set_container(c["container"].get<std::string>());
  for (const auto& d : c.value("decls", nlohmann::json::array())) {
    auto t = cel::Type::parse(d[1].get<std::string>());
    if (!t) return "bad declared type " + d[1].get<std::string>();
    env.add_variable(d[0].get<std::string>(), *t);
  }
  std::string expr = c["expr"].get<std::string>();
  bool expect_error = c.contains("error");
  auto compiled = c.value("disable_check", false) ? env.compile_unchecked(expr) : env.compile(expr);
  if (!compiled.ok()) {
    if (expect_error) return {};
    return "compile error: " + compiled.error;
  }
  if (c.contains("type") && compiled.program->result_type().str() != c["type"].get<std::string>())
    return "type " + compiled.program->result_type().str() + ", want " + c["type"].get<std::string>();
  if (c.value("check_only", false)) return {};
  std::vector<std::shared_ptr<const cel::Program>> keep;
  cel::MapActivation act;
  for (const auto& b : c.value("bindings", nlohmann::json::array())) {
    auto v = literal(b[1].get<std::string>(), keep);
    if (!v) return "bad binding " + b[1].get<std::string>();
    act.bind(b[0].get<std::string>(), *v);
  }
  auto r = compiled.program->evaluate(act);
  if (expect_error) {
    if (r.value.is_error()) return {};
    return "got " + r.value.debug_string() + ", want an error (" + c["error"].get<std::string>() + ")";
  }
  if (!c.contains("value")) return {};
  auto want = literal(c["value"].get<std::string>(), keep);
  if (!want) return "bad expected value " + c["value"].get<std::string>();
  if (!strict_equal(r.value, *want)) return "got " + r.value.debug_string() + ", want " + want->debug_string();
  return {};
}

const char* const kFiles[] = {
    "basic", "bindings_ext", "block_ext", "comparisons", "conversions", "dynamic", "encoders_ext", "enums",
    "fields", "fp_math", "integer_math", "lists", "logic", "macros", "macros2", "math_ext", "namespace",
    "network_ext", "optionals", "parse", "plumbing", "proto2", "proto2_ext", "proto3", "string", "string_ext",
    "timestamps", "type_deduction", "wrappers",
};

}  // namespace

TEST_CASE("CEL conformance: every case not skipped passes") {
  int total_pass = 0, total_skip = 0;
  for (const char* file : kFiles) {
    std::ifstream in(std::string(PODFIT_SOURCE_DIR) + "/testdata/cel/conformance/" + file + ".jsonl");
    REQUIRE_MESSAGE(in.good(), file);
    int pass = 0, skip = 0, fail = 0;
    std::string line;
    while (std::getline(in, line)) {
      if (line.empty()) continue;
      auto c = nlohmann::json::parse(line);
      if (c.contains("skip")) {
        ++skip;
        continue;
      }
      std::string why = run_case(c);
      if (why.empty()) {
        ++pass;
      } else {
        ++fail;
        CHECK_MESSAGE(why.empty(), std::string(file), "/", c["section"].get<std::string>(), "/", c["name"].get<std::string>(),
                      ": ", c["expr"].get<std::string>(), ": ", why);
      }
    }
    MESSAGE(std::string(file), ": ", pass, " passed, ", skip, " skipped", fail ? ", " + std::to_string(fail) + " failed" : "");
    total_pass += pass;
    total_skip += skip;
  }
  MESSAGE("conformance total: ", total_pass, " passed, ", total_skip, " skipped");
}
