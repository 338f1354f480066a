// Deterministic stand-ins for the values the API server and controllers make up at random
// (generated name suffixes, UIDs, template hashes), each of the real value's shape and derived
// from a seed naming what it stands for, so the same input always gives the same output.
#pragma once

#include <string>
#include <string_view>

namespace podfit {

// Shaped as controller.ComputeHash renders a template hash.
std::string stand_in_hash(std::string_view seed);
// Shaped as the five random characters the API server appends to a generateName.
std::string stand_in_suffix(std::string_view seed);
// Shaped as a random (version 4) UUID.
std::string stand_in_uid(std::string_view seed);
// Shaped as the CronJob controller's job name suffix: the scheduled time in Unix minutes.
std::string stand_in_schedule_minutes(std::string_view seed);

}  // namespace podfit
