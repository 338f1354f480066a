// Fuzzes resource.Quantity: parsing, canonical printing, scaled values, comparison and arithmetic.
// Input: two quantity texts separated by the first newline.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>

#include "fuzz_input.h"
#include "podfit/model/quantity.h"

namespace {

podfit::Quantity magnitude(const podfit::Quantity& q) {
  if (q.sign() >= 0) return q;
  podfit::Quantity negated;
  negated.sub(q);
  return negated;
}

// Where apimachinery's own round trip does not hold either: its suffixes stop at E (10^18) and
// Ei (2^60), so a DecimalSI or BinarySI amount of 10^21 or more that lost its original text
// prints without one; reading a BinarySI text caps the amount at 2^63-1; and the canonical
// exponent of an amount near 10^(2^31) wraps around int32 as Go's does.
bool canonical_text_is_lossy(const podfit::Quantity& q, const podfit::Quantity& again) {
  static const podfit::Quantity kNoSuffix = *podfit::Quantity::parse("1e21");
  static const podfit::Quantity kBinaryCap = podfit::Quantity::from_int(INT64_MAX);
  static const podfit::Quantity kExponentWraps = *podfit::Quantity::parse("1e2147483000");
  const podfit::Quantity size = magnitude(q);
  if (size.compare(kExponentWraps) >= 0) return true;
  if (q.format() != podfit::Quantity::Format::DecimalExponent && size.compare(kNoSuffix) >= 0) return true;
  return again.format() == podfit::Quantity::Format::BinarySI && size.compare(kBinaryCap) > 0;
}

void exercise(const podfit::Quantity& q) {
  (void)q.value();
  (void)q.milli_value();
  for (int32_t scale : {-9, -3, 0, 3, 6, 9, 12, 18, 24, -30, INT32_MAX, INT32_MIN}) (void)q.scaled_value(scale);
  (void)q.sign();
  (void)q.is_zero();
  // The canonical text reads back as the same amount, as apimachinery's round trip does.
  std::string canonical = q.to_string();
  std::optional<podfit::Quantity> again = podfit::Quantity::parse(canonical);
  if (!again) std::abort();
  if (again->compare(q) != 0 && !canonical_text_is_lossy(q, *again)) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text = podfit::fuzz::as_text(data, size);
  size_t cut = text.find('\n');
  std::string_view first = text.substr(0, cut);
  std::string_view second = cut == std::string_view::npos ? std::string_view{} : text.substr(cut + 1);
  std::string error;
  std::optional<podfit::Quantity> a = podfit::Quantity::parse(first, &error);
  std::optional<podfit::Quantity> b = podfit::Quantity::parse(second, &error);
  if (a) exercise(*a);
  if (b) exercise(*b);
  if (a && b) {
    (void)a->compare(*b);
    podfit::Quantity sum = *a;
    sum.add(*b);
    exercise(sum);
    podfit::Quantity difference = *a;
    difference.sub(*b);
    exercise(difference);
    podfit::Quantity twice = *a;
    twice.add(twice);
    (void)twice.to_string();
  }
  return 0;
}
