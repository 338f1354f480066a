// Kubernetes' URLs library: kubernetes.URL values checked as Go's url.ParseRequestURI checks
// them (an absolute URI or an absolute path), held as url.Parse parses them, with accessors.
#include "gonet.h"
#include "internal.h"

namespace podfit::cel {
namespace {

using Args = std::span<const Value>;

constexpr std::string_view kURLType = "kubernetes.URL";

class URLValue : public OpaqueValue {
 public:
  explicit URLValue(gonet::Url u) : u_(std::move(u)), text_(gonet::to_string(u_)) {}
  std::string_view type_name() const override { return kURLType; }
  // Two URLs are equal when they print the same.
  bool equals(const OpaqueValue& o) const override { return text_ == static_cast<const URLValue&>(o).text_; }
  std::string debug_string() const override { return text_; }
  const gonet::Url& url() const { return u_; }

 private:
  gonet::Url u_;
  std::string text_;
};

const gonet::Url& url(const Value& v) { return static_cast<const URLValue&>(v.as_opaque()).url(); }

Value string_to_url(std::string_view s) {
  std::string err;
  // The request form decides validity; the general form keeps a fragment out of the path.
  if (!gonet::parse_request_uri(s, err)) return Value::error("URL parse error during conversion from string: " + err);
  auto u = gonet::parse_url(s, err);
  if (!u) return Value::error("URL parse error during conversion from string: " + err);
  return Value::opaque(std::make_shared<URLValue>(std::move(*u)));
}

}  // namespace

void add_urls_library(Env& env) {
  Type u = Type::opaque(std::string(kURLType));
  Type s = T("string");
  env.add_function("url", {own_cost(make_overload("string_to_url", {s}, u, [](Args a, EvalContext& c) {
                     if (!c.add_cost(traversal_cost(utf8_length(a[0].as_string())))) return cost_limit_error();
                     return string_to_url(a[0].as_string());
                   }))});
  env.add_function("isURL", {make_overload("is_url_string", {s}, T("bool"), [](Args a, EvalContext&) {
                     std::string err;
                     return Value::boolean(gonet::parse_request_uri(a[0].as_string(), err).has_value());
                   })});
  auto accessor = [&](const char* name, const char* id, std::string (*f)(const gonet::Url&)) {
    env.add_function(name, {make_overload(id, {u}, s, [f](Args a, EvalContext&) {
                       return Value::string(f(url(a[0])));
                     }, true)});
  };
  accessor("getScheme", "url_get_scheme", [](const gonet::Url& x) { return x.scheme; });
  accessor("getHost", "url_get_host", [](const gonet::Url& x) { return x.host; });
  accessor("getHostname", "url_get_hostname", gonet::hostname);
  accessor("getPort", "url_get_port", gonet::port);
  accessor("getEscapedPath", "url_get_escaped_path", gonet::escaped_path);
  env.add_function("getQuery", {make_overload("url_get_query", {u}, Type::map(s, Type::list(s)),
                                              [](Args a, EvalContext&) {
                                                auto m = std::make_shared<BuiltMap>();
                                                for (auto& [k, vs] : gonet::query(url(a[0]))) {
                                                  std::vector<Value> list;
                                                  for (auto& v : vs) list.push_back(Value::string(std::move(v)));
                                                  m->insert(Value::string(k), Value::list(std::move(list)));
                                                }
                                                return Value::map(std::move(m));
                                              },
                                              true)});
}

}  // namespace podfit::cel
