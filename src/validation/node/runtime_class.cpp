// The API server's checks of node.k8s.io RuntimeClasses.
#include "podfit/model/field_errors.h"
#include "podfit/model/validation.h"
#include "validation/node/runtime_class.h"

namespace podfit {

void validate_runtime_class_handler(const Value& v, std::string_view handler) {
  std::vector<std::string> errors = util_dns1123_label_errors(handler);
  if (!errors.empty()) reject(v, {"handler"}, field::invalid("handler", field::go_quote(handler), errors.front()));
}

}  // namespace podfit
