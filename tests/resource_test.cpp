// framework.Resource and the resource-name predicates (scheduler types_test.go, v1 helper tests).
#include <doctest/doctest.h>

#include "podfit/snapshot/resource.h"
#include "resource_test_support.h"

namespace podfit {
namespace {

using Format = Quantity::Format;

// A Resource literal: cpu, memory, ephemeral-storage, pods, scalars.
Resource make_resource(int64_t milli_cpu, int64_t memory, int64_t ephemeral, int64_t pods,
                       std::initializer_list<std::pair<const char*, int64_t>> scalars = {}) {
  Resource r;
  r.milli_cpu = milli_cpu;
  r.memory = memory;
  r.ephemeral_storage = ephemeral;
  r.allowed_pod_number = pods;
  for (const auto& [name, value] : scalars) r.scalar.set(name, value);
  return r;
}

std::string describe(const Resource& r) {
  std::string out = "cpu=" + std::to_string(r.milli_cpu) + "m memory=" + std::to_string(r.memory) +
                    " ephemeral=" + std::to_string(r.ephemeral_storage) + " pods=" + std::to_string(r.allowed_pod_number);
  for (const auto& [name, value] : r.scalar) out += " " + name + "=" + std::to_string(value);
  return out;
}

#define CHECK_RESOURCE(got, want) CHECK_MESSAGE((got) == (want), "got ", describe(got), " want ", describe(want))

TEST_CASE("TestNewResource") {
  struct Case {
    const char* name;
    ResourceList list;
    Resource want;
  };
  ResourceList complex;
  complex.set("cpu", Quantity::from_scaled(4, -3));
  complex.set("memory", Quantity::from_int(2000, Format::BinarySI));
  complex.set("pods", Quantity::from_int(80, Format::BinarySI));
  complex.set("ephemeral-storage", Quantity::from_int(5000, Format::BinarySI));
  complex.set("scalar.test/scalar1", Quantity::from_int(1, Format::DecimalSI));
  complex.set("hugepages-test", Quantity::from_int(2, Format::BinarySI));
  const Case cases[] = {
      {"empty resource", {}, Resource{}},
      {"complex resource", complex, make_resource(4, 2000, 5000, 80, {{"scalar.test/scalar1", 1}, {"hugepages-test", 2}})},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name) { CHECK_RESOURCE(Resource::from_list(c.list), c.want); }
  }
}

TEST_CASE("TestResourceAddScalar") {
  struct Case {
    const char* name;
    Resource resource;
    const char* scalar_name;
    int64_t quantity;
    Resource want;
  };
  const Case cases[] = {
      {"scalar1", Resource{}, "scalar1", 100, make_resource(0, 0, 0, 0, {{"scalar1", 100}})},
      {"scalar2", make_resource(4, 2000, 5000, 80, {{"hugepages-test", 2}}), "scalar2", 200,
       make_resource(4, 2000, 5000, 80, {{"hugepages-test", 2}, {"scalar2", 200}})},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name) {
      Resource r = c.resource;
      r.add_scalar(c.scalar_name, c.quantity);
      CHECK_RESOURCE(r, c.want);
    }
  }
}

TEST_CASE("TestSetMaxResource") {
  struct Case {
    const char* name;
    Resource resource;
    ResourceList list;
    Resource want;
  };
  ResourceList first;
  first.set("cpu", Quantity::from_scaled(4, -3));
  first.set("memory", Quantity::from_int(2000, Format::BinarySI));
  first.set("ephemeral-storage", Quantity::from_int(5000, Format::BinarySI));
  ResourceList second;
  second.set("cpu", Quantity::from_scaled(4, -3));
  second.set("memory", Quantity::from_int(2000, Format::BinarySI));
  second.set("ephemeral-storage", Quantity::from_int(7000, Format::BinarySI));
  second.set("scalar.test/scalar1", Quantity::from_int(4, Format::DecimalSI));
  second.set("hugepages-test", Quantity::from_int(5, Format::BinarySI));
  const Case cases[] = {
      {"case_0", Resource{}, first, make_resource(4, 2000, 5000, 0)},
      {"case_1", make_resource(4, 4000, 5000, 0, {{"scalar.test/scalar1", 1}, {"hugepages-test", 2}}), second,
       make_resource(4, 4000, 7000, 0, {{"scalar.test/scalar1", 4}, {"hugepages-test", 5}})},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name) {
      Resource r = c.resource;
      r.set_max(c.list);
      CHECK_RESOURCE(r, c.want);
    }
  }
}

TEST_CASE("Resource: add and subtract are field-wise") {
  Resource a = make_resource(100, 200, 300, 4, {{"example.com/gpu", 1}});
  Resource b = make_resource(10, 20, 30, 1, {{"example.com/gpu", 2}, {"hugepages-2Mi", 5}});
  a.add(b);
  CHECK_RESOURCE(a, make_resource(110, 220, 330, 5, {{"example.com/gpu", 3}, {"hugepages-2Mi", 5}}));
  a.subtract(b);
  CHECK_RESOURCE(a, make_resource(100, 200, 300, 4, {{"example.com/gpu", 1}, {"hugepages-2Mi", 0}}));
}

TEST_CASE("Resource: add ignores names that are neither native counters nor scalar") {
  ResourceList list;
  list.set("storage", Quantity::from_int(10));
  list.set("a/b/c", Quantity::from_int(3));
  list.set("example.com/gpu", Quantity::from_int(2));
  list.set("cpu", *Quantity::parse("1500m"));
  list.set("memory", *Quantity::parse("1Ki"));
  CHECK_RESOURCE(Resource::from_list(list), make_resource(1500, 1024, 0, 0, {{"example.com/gpu", 2}}));
}

TEST_CASE("TestIsNativeResource") {
  struct Case {
    const char* name;
    bool want;
  };
  const Case cases[] = {
      {"pod.alpha.kubernetes.io/opaque-int-resource-foo", true},
      {"kubernetes.io/resource-foo", true},
      {"foo", true},
      {"a/b", false},
      {"", true},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name) { CHECK(is_native_resource(c.name) == c.want); }
  }
}

TEST_CASE("resource name predicates") {
  struct Case {
    const char* name;
    bool extended;
    bool hugepage;
    bool attachable;
    bool prefixed_native;
    bool scalar;
  };
  const Case cases[] = {
      {"cpu", false, false, false, false, false},
      {"memory", false, false, false, false, false},
      {"pods", false, false, false, false, false},
      {"ephemeral-storage", false, false, false, false, false},
      {"example.com/gpu", true, false, false, false, true},
      {"nvidia.com/gpu", true, false, false, false, true},
      {"example.com/Big_Name.v1", true, false, false, false, true},
      {"kubernetes.io/foo", false, false, false, true, true},
      {"x.kubernetes.io/foo", false, false, false, true, true},
      {"requests.example.com/gpu", false, false, false, false, false},
      {"Example.com/gpu", false, false, false, false, false},
      {"example.com/", false, false, false, false, false},
      {"/gpu", false, false, false, false, false},
      {"example.com/-gpu", false, false, false, false, false},
      {"a/b/c", false, false, false, false, false},
      {"example.com/"
       "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
       false, false, false, false, false},
      {"hugepages-2Mi", false, true, false, false, true},
      {"attachable-volumes-aws-ebs", false, false, true, false, true},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name) {
      CHECK(is_extended_resource_name(c.name) == c.extended);
      CHECK(is_hugepage_resource_name(c.name) == c.hugepage);
      CHECK(is_attachable_volume_resource_name(c.name) == c.attachable);
      CHECK(is_prefixed_native_resource(c.name) == c.prefixed_native);
      CHECK(is_scalar_resource_name(c.name) == c.scalar);
    }
  }
}

}  // namespace
}  // namespace podfit
