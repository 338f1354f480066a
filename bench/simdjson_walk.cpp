// The baseline podfit's JSON ingest is measured against: a bare simdjson On Demand walk that
// visits every value of the file once and does nothing with it.
#include <cstdint>
#include <iostream>

#include <simdjson.h>

namespace {

// Visits every value; returns how many scalars were seen so the walk cannot be optimised away.
uint64_t walk(simdjson::ondemand::value value) {
  uint64_t count = 0;
  switch (value.type()) {
    case simdjson::ondemand::json_type::object:
      for (auto field : value.get_object()) {
        std::string_view key = field.unescaped_key();
        count += key.size() > 0;
        count += walk(field.value());
      }
      break;
    case simdjson::ondemand::json_type::array:
      for (auto element : value.get_array()) count += walk(element.value());
      break;
    case simdjson::ondemand::json_type::string:
      count += value.get_string().value().size() > 0;
      break;
    case simdjson::ondemand::json_type::number:
      count += value.get_double().value() != 0;
      break;
    case simdjson::ondemand::json_type::boolean:
      count += value.get_bool().value();
      break;
    case simdjson::ondemand::json_type::null:
      count += value.is_null();
      break;
  }
  return count;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: simdjson_walk FILE.json\n";
    return 2;
  }
  simdjson::padded_string json;
  if (simdjson::padded_string::load(argv[1]).get(json)) {
    std::cerr << "cannot read " << argv[1] << "\n";
    return 2;
  }
  simdjson::ondemand::parser parser;
  simdjson::ondemand::document doc = parser.iterate(json);
  uint64_t count = walk(doc.get_value());
  std::cout << count << " values\n";
  return 0;
}
