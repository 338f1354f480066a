// The CEL module as DRA uses it: a kubernetes.DRADevice object type, selectors compiled once in
// the Kubernetes environment, evaluated over devices that CEL sees as borrowed host data.
#include <doctest/doctest.h>

#include <map>
#include <string>

#include "cel_test_support.h"

namespace cel = podfit::cel;

namespace {

// Attributes of one domain, or domains of attributes: a std::map seen through MapValue.
template <class V>
struct HostMap : cel::MapValue {
  std::map<std::string, V> m;
  std::size_t size() const override { return m.size(); }
  cel::Value key_at(std::size_t i) const override {
    auto it = m.begin();
    std::advance(it, static_cast<std::ptrdiff_t>(i));
    return cel::Value::string_view(it->first);
  }
  std::optional<cel::Value> find(const cel::Value& k) const override {
    if (k.kind() != cel::Kind::String) return std::nullopt;
    auto it = m.find(std::string(k.as_string()));
    if (it == m.end()) return std::nullopt;
    return wrap(it->second);
  }
  static cel::Value wrap(const cel::Value& v) { return v; }
  static cel::Value wrap(const HostMap<cel::Value>& v) { return cel::Value::borrowed_map(v); }
};

using Attributes = HostMap<cel::Value>;
using Domains = HostMap<Attributes>;

struct Device : cel::MapValue {
  std::string driver;
  bool multi = false;
  Domains attributes;
  std::size_t size() const override { return 3; }
  cel::Value key_at(std::size_t i) const override {
    static constexpr std::string_view kKeys[] = {"driver", "allowMultipleAllocations", "attributes"};
    return cel::Value::string_view(kKeys[i]);
  }
  std::optional<cel::Value> find(const cel::Value& k) const override {
    if (k.kind() != cel::Kind::String) return std::nullopt;
    if (k.as_string() == "driver") return cel::Value::string_view(driver);
    if (k.as_string() == "allowMultipleAllocations") return cel::Value::boolean(multi);
    if (k.as_string() == "attributes") return cel::Value::borrowed_map(attributes);
    return std::nullopt;
  }
};

struct DeviceActivation : cel::Activation {
  const Device* device = nullptr;
  std::optional<cel::Value> resolve(std::string_view name) const override {
    if (name == "device") return cel::Value::borrowed_map(*device);
    return std::nullopt;
  }
};

cel::Env dra_env() {
  cel::Env env = cel_test::kube_env();
  cel::Type attrs = *cel::Type::parse("map(string, map(string, dyn))");
  cel::Type device = env.add_object_type(
      "kubernetes.DRADevice",
      {{"driver", cel::Type::string()}, {"allowMultipleAllocations", cel::Type::boolean()}, {"attributes", attrs}});
  env.add_variable("device", device);
  env.limits().cost_limit = cel::kDRASelectorMaxCost;
  env.limits().max_expression_length = cel::kDRASelectorMaxLength;
  return env;
}

Device gpu() {
  Device d;
  d.driver = "dra.example.com";
  Attributes a;
  a.m["model"] = cel::Value::string("A100");
  a.m["memoryGiB"] = cel::Value::int_(80);
  a.m["oneBool"] = cel::Value::boolean(true);
  a.m["anotherBool"] = cel::Value::boolean(true);
  a.m["driverVersion"] = cel::semver_value("1.4.2");
  a.m["modes"] = cel::Value::list(std::vector<cel::Value>{cel::Value::string("mig"), cel::Value::string("full")});
  d.attributes.m["dra.example.com"] = a;
  return d;
}

struct Case {
  const char* expr;
  const char* want;
};

}  // namespace

TEST_CASE("CEL DRA selectors over a device") {
  static const Case cases[] = {
      {"device.driver == 'dra.example.com'", "value: true"},
      {"device.attributes['dra.example.com'].model == 'A100' && device.attributes['dra.example.com'].memoryGiB >= 40",
       "value: true"},
      {"cel.bind(dra, device.attributes['dra.example.com'], dra.oneBool && dra.anotherBool)", "value: true"},
      {"device.attributes['dra.example.com'].driverVersion.isGreaterThan(semver('1.4.0'))", "value: true"},
      {"device.attributes['dra.example.com'].modes.exists(m, m == 'mig')", "value: true"},
      {"!device.allowMultipleAllocations", "value: true"},
      {"'dra.example.com' in device.attributes && !('other.example.com' in device.attributes)", "value: true"},
      {"device.attributes['dra.example.com'].?missing.orValue(0) == 0", "value: true"},
      {"device.attributes['dra.example.com'].missing == 1", "error: no such key: missing"},
      {"device.attributes['dra.example.com'].model.matches('^A[0-9]+$')", "value: true"},
      {"device.attributes['dra.example.com'].memoryGiB > 100 || device.attributes['dra.example.com'].missing",
       "error: no such key: missing"},
  };
  cel::Env env = dra_env();
  Device d = gpu();
  DeviceActivation act;
  act.device = &d;
  for (const Case& c : cases) {
    SUBCASE(c.expr) { CHECK(cel_test::run(env, c.expr, true, &act) == c.want); }
  }
}

TEST_CASE("CEL DRA selectors: compile errors and the result type") {
  cel::Env env = dra_env();
  CHECK(env.compile("device.driverName == 'x'").error ==
        "ERROR: <input>:1:7: undefined field 'driverName'\n | device.driverName == 'x'\n | ......^");
  CHECK(env.compile("device.driver + 1").error.find("found no matching overload for '_+_' applied to '(string, int)'") !=
        std::string::npos);
  auto c = env.compile("device.attributes['dra.example.com'].model");
  REQUIRE(c.ok());
  CHECK(c.program->result_type().str() == "dyn");
  c = env.compile("device.driver.size() > 3");
  REQUIRE(c.ok());
  CHECK(c.program->result_type().str() == "bool");
  std::string long_expr(cel::kDRASelectorMaxLength + 1, ' ');
  long_expr.replace(0, 4, "true");
  CHECK(env.compile(long_expr).error.find("expression code point size exceeds limit: size: 10241, limit 10240") !=
        std::string::npos);
}

TEST_CASE("CEL DRA selectors: the cost limit stops runaway evaluation") {
  cel::Env env = dra_env();
  Device d = gpu();
  DeviceActivation act;
  act.device = &d;
  std::string list = "[";
  for (int i = 0; i < 100; ++i) list += (i ? ", " : "") + std::to_string(i);
  list += "]";
  auto c = env.compile(list + ".all(a, " + list + ".all(b, " + list + ".all(x, a + b + x >= 0)))");
  REQUIRE(c.ok());
  auto r = c.program->evaluate(act);
  REQUIRE(r.value.is_error());
  CHECK(r.value.as_string() == "operation cancelled: actual cost limit exceeded");
  CHECK(r.cost > cel::kDRASelectorMaxCost);
}
