// Quantity: the cases of apimachinery's resource package tests (quantity_test.go, amount_test.go,
// math_test.go, scale_int_test.go), plus apimachinery's observed behaviour on edge inputs.
#include <doctest/doctest.h>

#include <chrono>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "podfit/model/quantity.h"

namespace podfit {
namespace {

using F = Quantity::Format;

constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
constexpr int64_t kMin = std::numeric_limits<int64_t>::min();

constexpr std::string_view kFormatWrong =
    "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";
constexpr std::string_view kNumericWrong = "unable to parse numeric part of quantity";
constexpr std::string_view kSuffixWrong = "unable to parse quantity's suffix";

Quantity must_parse(std::string_view text) {
  std::string error;
  const std::optional<Quantity> q = Quantity::parse(text, &error);
  INFO("input: \"", std::string(text), "\" error: ", error);
  REQUIRE(q.has_value());
  return *q;
}

// A zero of the given format held in the exact-decimal form (apimachinery's inf.Dec).
Quantity big_zero(F format) {
  switch (format) {
    case F::BinarySI: return must_parse("0Pi");
    case F::DecimalExponent: return must_parse("0.0000000000e0");
    case F::DecimalSI: break;
  }
  return must_parse("0.0000000000");
}

// The same value and format in the exact-decimal form, as apimachinery's AsDec()/decQuantity().
Quantity as_dec(Quantity q) {
  q.add(big_zero(q.format()));
  return q;
}

Quantity negated(const Quantity& q) {
  Quantity zero = Quantity::from_int(0, q.format());
  zero.sub(q);
  return zero;
}

const char* format_name(F f) {
  switch (f) {
    case F::BinarySI: return "BinarySI";
    case F::DecimalSI: return "DecimalSI";
    case F::DecimalExponent: return "DecimalExponent";
  }
  return "?";
}

// --- quantity_test.go ---------------------------------------------------------------------------

TEST_CASE("Quantity parse: TestQuantityParse table, with '-' and '+' and in big form") {
  struct Case {
    std::string_view input;
    int64_t unscaled;
    int32_t exponent;
    F format;
  };
  const Case cases[] = {
      {"0", 0, 0, F::DecimalSI},
      {"0n", 0, 0, F::DecimalSI},
      {"0u", 0, 0, F::DecimalSI},
      {"0m", 0, 0, F::DecimalSI},
      {"0Ki", 0, 0, F::BinarySI},
      {"0k", 0, 0, F::DecimalSI},
      {"0Mi", 0, 0, F::BinarySI},
      {"0M", 0, 0, F::DecimalSI},
      {"0Gi", 0, 0, F::BinarySI},
      {"0G", 0, 0, F::DecimalSI},
      {"0Ti", 0, 0, F::BinarySI},
      {"0T", 0, 0, F::DecimalSI},
      // Quantity less numbers are allowed
      {"1", 1, 0, F::DecimalSI},
      // Binary suffixes
      {"1Ki", 1024, 0, F::BinarySI},
      {"8Ki", 8 * 1024, 0, F::BinarySI},
      {"7Mi", 7 * 1024 * 1024, 0, F::BinarySI},
      {"6Gi", int64_t{6} * 1024 * 1024 * 1024, 0, F::BinarySI},
      {"5Ti", int64_t{5} * 1024 * 1024 * 1024 * 1024, 0, F::BinarySI},
      {"4Pi", int64_t{4} * 1024 * 1024 * 1024 * 1024 * 1024, 0, F::BinarySI},
      {"3Ei", int64_t{3} * 1024 * 1024 * 1024 * 1024 * 1024 * 1024, 0, F::BinarySI},
      {"10Ti", int64_t{10} * 1024 * 1024 * 1024 * 1024, 0, F::BinarySI},
      {"100Ti", int64_t{100} * 1024 * 1024 * 1024 * 1024, 0, F::BinarySI},
      // Decimal suffixes
      {"5n", 5, -9, F::DecimalSI},
      {"4u", 4, -6, F::DecimalSI},
      {"3m", 3, -3, F::DecimalSI},
      {"9", 9, 0, F::DecimalSI},
      {"8k", 8, 3, F::DecimalSI},
      {"50k", 5, 4, F::DecimalSI},
      {"7M", 7, 6, F::DecimalSI},
      {"6G", 6, 9, F::DecimalSI},
      {"5T", 5, 12, F::DecimalSI},
      {"40T", 4, 13, F::DecimalSI},
      {"300T", 3, 14, F::DecimalSI},
      {"2P", 2, 15, F::DecimalSI},
      {"1E", 1, 18, F::DecimalSI},
      // Decimal exponents
      {"1E-3", 1, -3, F::DecimalExponent},
      {"1e3", 1, 3, F::DecimalExponent},
      {"1E6", 1, 6, F::DecimalExponent},
      {"1e9", 1, 9, F::DecimalExponent},
      {"1E12", 1, 12, F::DecimalExponent},
      {"1e15", 1, 15, F::DecimalExponent},
      {"1E18", 1, 18, F::DecimalExponent},
      // Nonstandard but still parsable
      {"1e14", 1, 14, F::DecimalExponent},
      {"1e13", 1, 13, F::DecimalExponent},
      {"1e3", 1, 3, F::DecimalExponent},
      {"100.035k", 100035, 0, F::DecimalSI},
      // Things that look like floating point
      {"0.001", 1, -3, F::DecimalSI},
      {"0.0005k", 5, -1, F::DecimalSI},
      {"0.005", 5, -3, F::DecimalSI},
      {"0.05", 5, -2, F::DecimalSI},
      {"0.5", 5, -1, F::DecimalSI},
      {"0.00050k", 5, -1, F::DecimalSI},
      {"0.00500", 5, -3, F::DecimalSI},
      {"0.05000", 5, -2, F::DecimalSI},
      {"0.50000", 5, -1, F::DecimalSI},
      {"0.5e0", 5, -1, F::DecimalExponent},
      {"0.5e-1", 5, -2, F::DecimalExponent},
      {"0.5e-2", 5, -3, F::DecimalExponent},
      {"0.5e0", 5, -1, F::DecimalExponent},
      {"10.035M", 10035, 3, F::DecimalSI},
      {"1.2e3", 12, 2, F::DecimalExponent},
      {"1.3E+6", 13, 5, F::DecimalExponent},
      {"1.40e9", 14, 8, F::DecimalExponent},
      {"1.53E12", 153, 10, F::DecimalExponent},
      {"1.6e15", 16, 14, F::DecimalExponent},
      {"1.7E18", 17, 17, F::DecimalExponent},
      {"9.01", 901, -2, F::DecimalSI},
      {"8.1k", 81, 2, F::DecimalSI},
      {"7.123456M", 7123456, 0, F::DecimalSI},
      {"6.987654321G", 6987654321, 0, F::DecimalSI},
      {"5.444T", 5444, 9, F::DecimalSI},
      {"40.1T", 401, 11, F::DecimalSI},
      {"300.2T", 3002, 11, F::DecimalSI},
      {"2.5P", 25, 14, F::DecimalSI},
      {"1.01E", 101, 16, F::DecimalSI},
      // Things that saturate/round
      {"3.001n", 4, -9, F::DecimalSI},
      {"1.1E-9", 2, -9, F::DecimalExponent},
      {"0.0000000001", 1, -9, F::DecimalSI},
      {"0.0000000005", 1, -9, F::DecimalSI},
      {"0.00000000050", 1, -9, F::DecimalSI},
      {"0.5e-9", 1, -9, F::DecimalExponent},
      {"0.9n", 1, -9, F::DecimalSI},
      {"0.00000012345", 124, -9, F::DecimalSI},
      {"0.00000012354", 124, -9, F::DecimalSI},
      {"9Ei", kMax, 0, F::BinarySI},
      {"9223372036854775807Ki", kMax, 0, F::BinarySI},
      {"12E", 12, 18, F::DecimalSI},
      // We'll accept fractional binary stuff, too.
      {"100.035Ki", 10243584, -2, F::BinarySI},
      {"0.5Mi", 524288, 0, F::BinarySI},
      {"0.05Gi", 536870912, -1, F::BinarySI},
      {"0.025Ti", 274877906944, -1, F::BinarySI},
      // Things written by trolls
      {"0.000000000001Ki", 2, -9, F::DecimalSI},  // rounds up, changes format
      {".001", 1, -3, F::DecimalSI},
      {".0001k", 100, -3, F::DecimalSI},
      {"1.", 1, 0, F::DecimalSI},
      {"1.G", 1, 9, F::DecimalSI},
  };
  for (const Case& c : cases) {
    for (bool big : {false, true}) {
      SUBCASE((std::string(c.input) + (big ? " (big form)" : "")).c_str()) {
        const Quantity want = Quantity::from_scaled(c.unscaled, c.exponent, c.format);
        Quantity got = must_parse(c.input);
        if (big) got = as_dec(got);
        CHECK(got.compare(want) == 0);
        CHECK(want.compare(got) == 0);
        CHECK(format_name(got.format()) == std::string(format_name(c.format)));

        Quantity neg = must_parse("-" + std::string(c.input));
        if (big) neg = as_dec(neg);
        CHECK(neg.compare(negated(want)) == 0);
        CHECK(format_name(neg.format()) == std::string(format_name(c.format)));

        Quantity plus = must_parse("+" + std::string(c.input));
        if (big) plus = as_dec(plus);
        CHECK(plus.compare(want) == 0);
        CHECK(format_name(plus.format()) == std::string(format_name(c.format)));
      }
    }
  }
}

TEST_CASE("Quantity parse: invalid inputs of TestQuantityParse and their errors") {
  struct Case {
    std::string_view input;
    std::string_view error;
  };
  const Case cases[] = {
      {"", kFormatWrong},
      {"1.1.M", kFormatWrong},
      {"1+1.0M", kFormatWrong},
      {"0.1mi", kSuffixWrong},
      {"0.1am", kFormatWrong},
      {"aoeu", kFormatWrong},
      {".5i", kSuffixWrong},
      {"1i", kSuffixWrong},
      {"-3.01i", kSuffixWrong},
      {"-3.01e-", kSuffixWrong},
      // trailing whitespace is forbidden
      {" 1", kFormatWrong},
      {"1 ", kFormatWrong},
      // TestQuantityParseNonNumericPanic
      {"Non-Numeric", kFormatWrong},
      // TestQuantityValueSet
      {"invalid", kFormatWrong},
      {"1e-9223372036854775809", kSuffixWrong},  // the exponent must fit int64
  };
  for (const Case& c : cases) {
    SUBCASE(std::string(c.input).c_str()) {
      std::string error;
      CHECK_FALSE(Quantity::parse(c.input, &error).has_value());
      CHECK(error == c.error);
      CHECK_FALSE(Quantity::parse(c.input).has_value());
    }
  }
}

TEST_CASE("Quantity parse: TestQuantityParseZero and TestQuantityCanocicalizeZero") {
  CHECK(must_parse("0").to_string() == "0");
  Quantity val = must_parse("1000m");
  val.sub(Quantity::from_int(1));
  CHECK(val.is_zero());
  CHECK(val.to_string() == "0");
}

TEST_CASE("Quantity string: TestQuantityString table") {
  struct Case {
    int64_t unscaled;
    int32_t exponent;
    F format;
    std::string_view expect;
    std::string_view alternate;
  };
  const Case cases[] = {
      {1024 * 1024 * 1024, 0, F::BinarySI, "1Gi", "1024Mi"},
      {300 * 1024 * 1024, 0, F::BinarySI, "300Mi", "307200Ki"},
      {6 * 1024, 0, F::BinarySI, "6Ki", ""},
      {int64_t{1001} * 1024 * 1024 * 1024, 0, F::BinarySI, "1001Gi", "1025024Mi"},
      {int64_t{1024} * 1024 * 1024 * 1024, 0, F::BinarySI, "1Ti", "1024Gi"},
      {5, 0, F::BinarySI, "5", "5000m"},
      {500, -3, F::BinarySI, "500m", "0.5"},
      {1, 9, F::DecimalSI, "1G", "1000M"},
      {1000, 6, F::DecimalSI, "1G", "0.001T"},
      {1000000, 3, F::DecimalSI, "1G", ""},
      {1000000000, 0, F::DecimalSI, "1G", ""},
      {1, -3, F::DecimalSI, "1m", "1000u"},
      {80, -3, F::DecimalSI, "80m", ""},
      {1080, -3, F::DecimalSI, "1080m", "1.08"},
      {108, -2, F::DecimalSI, "1080m", "1080000000n"},
      {10800, -4, F::DecimalSI, "1080m", ""},
      {300, 6, F::DecimalSI, "300M", ""},
      {1, 12, F::DecimalSI, "1T", ""},
      {1234567, 6, F::DecimalSI, "1234567M", ""},
      {1234567, -3, F::BinarySI, "1234567m", ""},
      {3, 3, F::DecimalSI, "3k", ""},
      {1025, 0, F::BinarySI, "1025", ""},
      {0, 0, F::DecimalSI, "0", ""},
      {0, 0, F::BinarySI, "0", ""},
      {1, 9, F::DecimalExponent, "1e9", ".001e12"},
      {1, -3, F::DecimalExponent, "1e-3", "0.001e0"},
      {1, -9, F::DecimalExponent, "1e-9", "1000e-12"},
      {80, -3, F::DecimalExponent, "80e-3", ""},
      {300, 6, F::DecimalExponent, "300e6", ""},
      {1, 12, F::DecimalExponent, "1e12", ""},
      {1, 3, F::DecimalExponent, "1e3", ""},
      {3, 3, F::DecimalExponent, "3e3", ""},
      {3, 3, F::DecimalSI, "3k", ""},
      {0, 0, F::DecimalExponent, "0", "00"},
      {1, -9, F::DecimalSI, "1n", ""},
      {80, -9, F::DecimalSI, "80n", ""},
      {1080, -9, F::DecimalSI, "1080n", ""},
      {108, -8, F::DecimalSI, "1080n", ""},
      {10800, -10, F::DecimalSI, "1080n", ""},
      {1, -6, F::DecimalSI, "1u", ""},
      {80, -6, F::DecimalSI, "80u", ""},
      {1080, -6, F::DecimalSI, "1080u", ""},
  };
  for (const Case& c : cases) {
    SUBCASE(std::string(c.expect).c_str()) {
      const Quantity in = Quantity::from_scaled(c.unscaled, c.exponent, c.format);
      CHECK(in.to_string() == c.expect);
      CHECK(as_dec(in).to_string() == c.expect);
      CHECK(must_parse(c.expect).to_string() == c.expect);
      if (!c.alternate.empty()) CHECK(must_parse(c.alternate).to_string() == c.expect);
      if (!in.is_zero()) {
        // Never "-0"; negatives print the same digits with a sign.
        CHECK(negated(in).to_string() == "-" + std::string(c.expect));
        CHECK(negated(as_dec(in)).to_string() == "-" + std::string(c.expect));
      }
    }
  }
}

TEST_CASE("Quantity string: TestQuantityParseEmit") {
  struct Case {
    std::string_view in;
    std::string_view expect;
  };
  const Case cases[] = {
      {"1Ki", "1Ki"},          {"1Mi", "1Mi"},     {"1Gi", "1Gi"},
      {"1024Mi", "1Gi"},       {"1000M", "1G"},    {".001Ki", "1024m"},
      {".000001Ki", "1024u"},  {".000000001Ki", "1024n"},
      {".000000000001Ki", "2n"},
  };
  for (const Case& c : cases) {
    SUBCASE(std::string(c.in).c_str()) {
      CHECK(must_parse(c.in).to_string() == c.expect);
      CHECK(must_parse("-" + std::string(c.in)).to_string() == "-" + std::string(c.expect));
    }
  }
}

TEST_CASE("Quantity compare: TestQuantityCmp") {
  struct Case {
    std::string_view x;
    std::string_view y;
    int expect;
  };
  const Case cases[] = {{"0", "0", 0}, {"100m", "50m", 1}, {"50m", "100m", -1}, {"10000T", "100Gi", 1}};
  for (const Case& c : cases) {
    SUBCASE((std::string(c.x) + " vs " + std::string(c.y)).c_str()) {
      CHECK(must_parse(c.x).compare(must_parse(c.y)) == c.expect);
    }
  }
  // Zero values against big-form values (the table with nil inf.Dec operands).
  const Quantity unset;
  const Quantity zero = as_dec(Quantity::from_int(0));
  const Quantity ten = as_dec(Quantity::from_int(10));
  const Quantity minus_ten = as_dec(Quantity::from_int(-10));
  CHECK(zero.compare(zero) == 0);
  CHECK(unset.compare(zero) == 0);
  CHECK(zero.compare(unset) == 0);
  CHECK(unset.compare(unset) == 0);
  CHECK(unset.compare(ten) == -1);
  CHECK(unset.compare(minus_ten) == 1);
  CHECK(ten.compare(unset) == 1);
  CHECK(minus_ten.compare(unset) == -1);
  CHECK(unset == zero);
}

TEST_CASE("Quantity compare: TestQuantityCmpInt64AndDec in all four representations") {
  struct Case {
    int64_t av;
    int32_t as;
    int64_t bv;
    int32_t bs;
    int cmp;
  };
  const int64_t e18 = int64_t{1000000} * 1000000 * 1000000;
  const Case cases[] = {
      {901, -2, 901, -2, 0},
      {90, -1, 901, -2, -1},
      {901, -2, 900, -2, 1},
      {0, 0, 0, 0, 0},
      {0, 1, 0, -1, 0},
      {0, -1, 0, 1, 0},
      {800, -3, 1, 0, -1},
      {800, -3, 79, -2, 1},
      {kMax, 0, 1, -1, 1},
      {kMax, 1, 1, 0, 1},
      {kMax, 1, 1, 1, 1},
      {kMax, 1, 0, 1, 1},
      {kMax, -16, 1, 3, -1},
      {kMin, 0, 0, 0, -1},
      {kMin, -18, -1, 0, -1},
      {kMin, -19, -1, 0, 1},
      {e18, -17, 1, 1, 0},
      {e18, -17, -10, 0, 1},
      {-e18, -17, -10, 0, 0},
      {e18, -17, 1, 0, 1},
      {e18 + 1, -17, 1, 1, 1},
      {e18 - 1, -17, 1, 1, -1},
  };
  int row = 0;
  for (const Case& c : cases) {
    SUBCASE(("row " + std::to_string(row++)).c_str()) {
      const Quantity a = Quantity::from_scaled(c.av, c.as);
      const Quantity b = Quantity::from_scaled(c.bv, c.bs);
      for (int mode = 0; mode < 4; ++mode) {
        const Quantity x = (mode & 1) ? as_dec(a) : a;
        const Quantity y = (mode & 2) ? as_dec(b) : b;
        CHECK(x.compare(y) == c.cmp);
        CHECK(y.compare(x) == -c.cmp);
      }
    }
  }
}

TEST_CASE("Quantity arithmetic: TestQuantityNeg and TestNeg via subtraction from zero") {
  CHECK(negated(Quantity::from_scaled(901, -2)).to_string() == "-9010m");
  CHECK(negated(as_dec(Quantity::from_scaled(901, -2))).to_string() == "-9010m");
  CHECK(negated(Quantity::from_int(0)).compare(Quantity::from_int(0)) == 0);
  CHECK(negated(Quantity{}).compare(Quantity{}) == 0);
  CHECK(negated(Quantity::from_int(10, F::BinarySI)).compare(Quantity::from_int(-10, F::BinarySI)) == 0);
  CHECK(negated(Quantity::from_int(-10, F::BinarySI)).compare(Quantity::from_int(10, F::BinarySI)) == 0);
  CHECK(negated(as_dec(Quantity::from_int(10, F::BinarySI))).compare(Quantity::from_int(-10)) == 0);
  CHECK(negated(negated(must_parse("-1.5Gi"))).compare(must_parse("-1.5Gi")) == 0);
}

TEST_CASE("Quantity arithmetic: TestQuantityAddZeroPreservesSuffix and TestQuantitySubZeroPreservesSuffix") {
  for (std::string_view text : {"100m", "1Gi"}) {
    SUBCASE(std::string(text).c_str()) {
      const Quantity value = must_parse(text);
      const Quantity zero = must_parse("0");
      Quantity v1 = value;
      v1.add(zero);
      CHECK(v1.to_string() == text);
      Quantity v2 = zero;
      v2.add(value);
      CHECK(v2.to_string() == text);

      Quantity v3 = value;
      v3.sub(zero);
      CHECK(v3.to_string() == text);
      Quantity v4 = zero;
      v4.sub(value);
      CHECK(v4.to_string() == negated(value).to_string());
      CHECK(v4.to_string() == "-" + std::string(text));
    }
  }
}

TEST_CASE("Quantity arithmetic: TestAdd and TestSub") {
  struct Case {
    Quantity a;
    Quantity b;
    bool subtract;
    Quantity expected;
  };
  auto dec = [](int64_t v, int32_t e, F f) { return as_dec(Quantity::from_scaled(v, e, f)); };
  const Quantity unset_decimal = Quantity::from_int(0, F::DecimalSI);
  const Case cases[] = {
      {dec(10, 0, F::DecimalSI), dec(1, 1, F::DecimalSI), false, dec(20, 0, F::DecimalSI)},
      {dec(10, 0, F::DecimalSI), dec(1, 0, F::BinarySI), false, dec(11, 0, F::DecimalSI)},
      {dec(10, 0, F::BinarySI), dec(1, 0, F::DecimalSI), false, dec(11, 0, F::BinarySI)},
      {unset_decimal, dec(50, 0, F::DecimalSI), false, dec(50, 0, F::DecimalSI)},
      {dec(50, 0, F::DecimalSI), unset_decimal, false, dec(50, 0, F::DecimalSI)},
      {unset_decimal, unset_decimal, false, dec(0, 0, F::DecimalSI)},
      {dec(10, 0, F::DecimalSI), dec(1, 1, F::DecimalSI), true, dec(0, 0, F::DecimalSI)},
      {dec(10, 0, F::DecimalSI), dec(1, 0, F::BinarySI), true, dec(9, 0, F::DecimalSI)},
      {dec(10, 0, F::BinarySI), dec(1, 0, F::DecimalSI), true, dec(9, 0, F::BinarySI)},
      {unset_decimal, dec(50, 0, F::DecimalSI), true, dec(-50, 0, F::DecimalSI)},
      {dec(50, 0, F::DecimalSI), unset_decimal, true, dec(50, 0, F::DecimalSI)},
      {unset_decimal, unset_decimal, true, dec(0, 0, F::DecimalSI)},
  };
  int row = 0;
  for (const Case& c : cases) {
    SUBCASE(("row " + std::to_string(row++)).c_str()) {
      Quantity a = c.a;
      if (c.subtract) {
        a.sub(c.b);
      } else {
        a.add(c.b);
      }
      CHECK(a.compare(c.expected) == 0);
      CHECK(a.to_string() == c.expected.to_string());
    }
  }
}

TEST_CASE("Quantity arithmetic: TestAddSubRoundTrip and TestAddSubRoundTripAcrossScales") {
  // A fixed pseudo-random sequence instead of math/rand.
  uint64_t state = 0x9E3779B97F4A7C15ull;
  auto next = [&state] {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return static_cast<int64_t>(state >> 1);
  };
  for (int32_t k = -10; k <= 10; ++k) {
    Quantity q = Quantity::from_int(0);
    std::vector<int64_t> order;
    for (int i = 0; i < 100; ++i) {
      order.push_back(next());
      q.add(Quantity::from_scaled(order.back(), k));
    }
    for (int64_t j : order) q.sub(Quantity::from_scaled(j, k));
    CHECK_MESSAGE(q.is_zero(), "scale ", k, ": ", q.to_string());
  }
  Quantity q = Quantity::from_int(0);
  std::vector<int64_t> order;
  for (int i = 0; i < 100; ++i) {
    order.push_back(next());
    q.add(Quantity::from_scaled(order.back(), static_cast<int32_t>(order.back() % 20 - 10)));
  }
  for (int64_t j : order) q.sub(Quantity::from_scaled(j, static_cast<int32_t>(j % 20 - 10)));
  CHECK(q.is_zero());
}

TEST_CASE("Quantity arithmetic: TestNegateRoundTrip") {
  uint64_t state = 0x2545F4914F6CDD1Dull;
  for (int32_t k = -10; k <= 10; ++k) {
    for (int i = 0; i < 20; ++i) {
      state = state * 6364136223846793005ull + 1442695040888963407ull;
      const Quantity q = Quantity::from_scaled(static_cast<int64_t>(state >> 1), k);
      CHECK(negated(negated(q)).compare(q) == 0);
      CHECK(negated(negated(as_dec(q))).compare(q) == 0);
    }
  }
}

TEST_CASE("Quantity values: TestMilliNewSet, TestNewSet, TestNewScaledSet") {
  struct MilliCase {
    int64_t value;
    F format;
    std::string_view expect;
    bool exact;
  };
  const MilliCase milli_cases[] = {
      {1, F::DecimalSI, "1m", true},
      {1000, F::DecimalSI, "1", true},
      {1234000, F::DecimalSI, "1234", true},
      {1024, F::BinarySI, "1024m", false},  // format changes
      {1000000, F::DecimalExponent, "1e3", true},
      {1024 * 1024, F::BinarySI, "1048576m", false},  // format changes
  };
  for (const MilliCase& c : milli_cases) {
    SUBCASE(("milli " + std::string(c.expect)).c_str()) {
      const Quantity q = Quantity::from_milli(c.value, c.format);
      CHECK(q.to_string() == c.expect);
      if (c.exact) CHECK(must_parse(q.to_string()).milli_value() == c.value);
    }
  }

  struct IntCase {
    int64_t value;
    F format;
    std::string_view expect;
  };
  const IntCase int_cases[] = {
      {1, F::DecimalSI, "1"},
      {1000, F::DecimalSI, "1k"},
      {1234000, F::DecimalSI, "1234k"},
      {1024, F::BinarySI, "1Ki"},
      {1000000, F::DecimalExponent, "1e6"},
      {1024 * 1024, F::BinarySI, "1Mi"},
  };
  for (const IntCase& c : int_cases) {
    SUBCASE(("int " + std::string(c.expect)).c_str()) {
      for (bool big : {false, true}) {
        const Quantity q = big ? as_dec(Quantity::from_int(c.value, c.format)) : Quantity::from_int(c.value, c.format);
        CHECK(q.to_string() == c.expect);
        CHECK(must_parse(q.to_string()).value() == c.value);
      }
    }
  }

  struct ScaledCase {
    int64_t value;
    int32_t scale;
    std::string_view expect;
  };
  const ScaledCase scaled_cases[] = {
      {1, -9, "1n"}, {1000, -9, "1u"}, {1, -6, "1u"}, {1000, -6, "1m"}, {1, -3, "1m"}, {1000, -3, "1"},
      {1, 0, "1"},   {0, -9, "0"},     {0, -6, "0"},  {0, -3, "0"},     {0, 0, "0"},
  };
  for (const ScaledCase& c : scaled_cases) {
    SUBCASE(("scaled " + std::to_string(c.value) + "e" + std::to_string(c.scale)).c_str()) {
      const Quantity q = Quantity::from_scaled(c.value, c.scale);
      CHECK(q.to_string() == c.expect);
      CHECK(must_parse(q.to_string()).scaled_value(c.scale) == c.value);
    }
  }
}

TEST_CASE("Quantity values: TestScaledValue") {
  struct Case {
    int32_t from;
    int32_t to;
    int64_t expected;
  };
  const Case cases[] = {
      {-9, -9, 1},      {-9, -6, 1},      {-9, -3, 1},    {-9, 0, 1},   {-6, -9, 1000},    {-6, -6, 1},
      {-6, -3, 1},      {-6, 0, 1},       {-3, -9, 1000000}, {-3, -6, 1000}, {-3, -3, 1}, {-3, 0, 1},
      {0, -9, 1000000000}, {0, -6, 1000000}, {0, -3, 1000}, {0, 0, 1}, {2, -2, 10000},
  };
  for (const Case& c : cases) {
    CHECK(Quantity::from_scaled(1, c.from).scaled_value(c.to) == c.expected);
    CHECK(as_dec(Quantity::from_scaled(1, c.from)).scaled_value(c.to) == c.expected);
  }
}

TEST_CASE("Quantity values: TestUninitializedNoCrash and TestQuantityValueSet") {
  const Quantity q;
  CHECK(q.value() == 0);
  CHECK(q.milli_value() == 0);
  CHECK(q.to_string() == "0");
  CHECK(q.is_zero());
  CHECK(q.sign() == 0);
  const Quantity mem = must_parse("1Mi");
  CHECK(mem.value() == 1024 * 1024);
  CHECK(mem.to_string() == "1Mi");
}

TEST_CASE("Quantity parse: TestParseQuantity 18 to 20 digit table") {
  struct Case {
    std::string_view input;
    std::string_view value;  // the exact decimal value
    std::string_view canonical;  // empty: the input itself
  };
  const Case cases[] = {
      // min/max 18 digits
      {"-999999999999999999", "-999999999999999999", ""},
      {"999999999999999999", "999999999999999999", ""},
      {"-999999999999999999.0", "-999999999999999999", "-999999999999999999"},
      {"999999999999999999.0", "999999999999999999", "999999999999999999"},
      {"-999999999999999999.1", "-999999999999999999.1", "-999999999999999999100m"},
      {"999999999999999999.1", "999999999999999999.1", "999999999999999999100m"},
      // min/max 19 digits
      {"-9999999999999999999", "-9999999999999999999", ""},
      {"9999999999999999999", "9999999999999999999", ""},
      {"-1E", "-1000000000000000000", ""},
      {"1E", "1000000000000000000", ""},
      {"-1000000000000000000", "-1000000000000000000", "-1E"},
      {"1000000000000000000", "1000000000000000000", "1E"},
      {"-9999999999999999999.0", "-9999999999999999999", "-9999999999999999999"},
      {"9999999999999999999.0", "9999999999999999999", "9999999999999999999"},
      {"-1.0E", "-1000000000000000000", "-1E"},
      {"1.0E", "1000000000000000000", "1E"},
      {"-1000000000000000000.0", "-1000000000000000000", "-1E"},
      {"1000000000000000000.0", "1000000000000000000", "1E"},
      {"-9999999999999999999000m", "-9999999999999999999", "-9999999999999999999"},
      {"9999999999999999999000m", "9999999999999999999", "9999999999999999999"},
      {"-9999999999999999999.1", "-9999999999999999999.1", "-9999999999999999999100m"},
      {"9999999999999999999.1", "9999999999999999999.1", "9999999999999999999100m"},
      {"-1.0000000000000000001E", "-1000000000000000000.1", "-1000000000000000000100m"},
      {"1.0000000000000000001E", "1000000000000000000.1", "1000000000000000000100m"},
      {"-1000000000000000000.1", "-1000000000000000000.1", "-1000000000000000000100m"},
      {"1000000000000000000.1", "1000000000000000000.1", "1000000000000000000100m"},
      {"-1.000000000000000001E", "-1000000000000000001", "-1000000000000000001"},
      {"1.000000000000000001E", "1000000000000000001", "1000000000000000001"},
      {"-1000000000000000001", "-1000000000000000001", ""},
      {"1000000000000000001", "1000000000000000001", ""},
      // min/max 20 digits
      {"-10E", "-10000000000000000000", ""},
      {"10E", "10000000000000000000", ""},
      {"-10000000000000000000", "-10000000000000000000", "-10E"},
      {"10000000000000000000", "10000000000000000000", "10E"},
      {"-10.0E", "-10000000000000000000", "-10E"},
      {"10.0E", "10000000000000000000", "10E"},
      {"-10000000000000000000.0", "-10000000000000000000", "-10E"},
      {"10000000000000000000.0", "10000000000000000000", "10E"},
      {"-10000000000000000000000m", "-10000000000000000000", "-10E"},
      {"10000000000000000000000m", "10000000000000000000", "10E"},
      {"-10.0000000000000000001E", "-10000000000000000000.1", "-10000000000000000000100m"},
      {"10.0000000000000000001E", "10000000000000000000.1", "10000000000000000000100m"},
      {"-10000000000000000000.1", "-10000000000000000000.1", "-10000000000000000000100m"},
      {"10000000000000000000.1", "10000000000000000000.1", "10000000000000000000100m"},
      {"-10.000000000000000001E", "-10000000000000000001", "-10000000000000000001"},
      {"10.000000000000000001E", "10000000000000000001", "10000000000000000001"},
      {"-10000000000000000001", "-10000000000000000001", ""},
      {"10000000000000000001", "10000000000000000001", ""},
      // min/max int64 - 1
      {"-9223372036854775809", "-9223372036854775809", ""},
      {"9223372036854775806", "9223372036854775806", ""},
      {"-9223372036854775809.0", "-9223372036854775809", "-9223372036854775809"},
      {"9223372036854775806.0", "9223372036854775806", "9223372036854775806"},
      {"-9223372036854775809000m", "-9223372036854775809", "-9223372036854775809"},
      {"9223372036854775806000m", "9223372036854775806", "9223372036854775806"},
      {"-9223372036854775809.1", "-9223372036854775809.1", "-9223372036854775809100m"},
      {"9223372036854775806.1", "9223372036854775806.1", "9223372036854775806100m"},
      // min/max int64
      {"-9223372036854775808", "-9223372036854775808", ""},
      {"9223372036854775807", "9223372036854775807", ""},
      {"-9223372036854775808.0", "-9223372036854775808", "-9223372036854775808"},
      {"9223372036854775807.0", "9223372036854775807", "9223372036854775807"},
      {"-9223372036854775808000m", "-9223372036854775808", "-9223372036854775808"},
      {"9223372036854775807000m", "9223372036854775807", "9223372036854775807"},
      {"-9223372036854775808.1", "-9223372036854775808.1", "-9223372036854775808100m"},
      {"9223372036854775807.1", "9223372036854775807.1", "9223372036854775807100m"},
      // min/max int64 + 1
      {"-9223372036854775807", "-9223372036854775807", ""},
      {"9223372036854775808", "9223372036854775808", ""},
      {"-9223372036854775807.0", "-9223372036854775807", "-9223372036854775807"},
      {"9223372036854775808.0", "9223372036854775808", "9223372036854775808"},
      {"-9223372036854775807000m", "-9223372036854775807", "-9223372036854775807"},
      {"9223372036854775808000m", "9223372036854775808", "9223372036854775808"},
      {"-9223372036854775807.1", "-9223372036854775807.1", "-9223372036854775807100m"},
      {"9223372036854775808.1", "9223372036854775808.1", "9223372036854775808100m"},
  };
  for (const Case& c : cases) {
    SUBCASE(std::string(c.input).c_str()) {
      const Quantity q = must_parse(c.input);
      CHECK(q.compare(must_parse(c.value)) == 0);
      CHECK(q.to_string() == (c.canonical.empty() ? c.input : c.canonical));
    }
  }
}

// --- amount_test.go, math_test.go, scale_int_test.go --------------------------------------------

TEST_CASE("Quantity values: TestInt64AmountAsScaledInt64 and TestNegativeScaleInt64") {
  struct Case {
    int64_t value;
    int32_t scale;
    int32_t to;
    int64_t result;
  };
  const Case cases[] = {
      {100, 0, 5, 1},          // i.scale < scaled
      {100, 1, 1, 100},        // i.scale = scaled
      {100, 5, 2, 100000},     // i.scale > scaled, no overflow
      {876, 30, 4, 0},         // i.scale > scaled, overflow
      {93, -1, 0, 10},         // fraction rounds up
      {100, -1, 0, 10},        // no fraction
      {-1932, 2, 4, -20},      // negative rounds away from zero
      {-1900, 2, 4, -19},
      // negativeScaleInt64(base, scale) is the value of base * 10^-scale
      {1234567, 0, 0, 1234567}, {1234567, -1, 0, 123457}, {1234567, -2, 0, 12346}, {1234567, -3, 0, 1235},
      {1234567, -4, 0, 124},    {-1234567, 0, 0, -1234567}, {-1234567, -1, 0, -123457},
      {-1234567, -2, 0, -12346}, {-1234567, -3, 0, -1235}, {-1234567, -4, 0, -124},
      {1000, 0, 0, 1000},       {1000, -1, 0, 100},       {1000, -2, 0, 10},       {1000, -3, 0, 1},
      {1000, -4, 0, 1},         {-1000, 0, 0, -1000},     {-1000, -1, 0, -100},    {-1000, -2, 0, -10},
      {-1000, -3, 0, -1},       {-1000, -4, 0, -1},       {0, 0, 0, 0},            {0, -1, 0, 0},
      {0, -2, 0, 0},
  };
  for (const Case& c : cases) {
    CHECK_MESSAGE(Quantity::from_scaled(c.value, c.scale).scaled_value(c.to) == c.result, c.value, "e", c.scale);
  }
}

TEST_CASE("Quantity arithmetic: TestInt64AmountAdd (overflow goes exact)") {
  struct Case {
    int64_t av;
    int32_t as;
    int64_t bv;
    int32_t bs;
    std::string sum;  // the exact sum
  };
  const Case cases[] = {
      {100, 1, 10, 2, "2000"},
      {100, 1, 1, 2, "1100"},
      {100, 1, 1, 100, "1" + std::string(96, '0') + "1000"},
      {-5, 2, 50, 1, "0"},
      {-5, 2, 5, 2, "0"},
      {kMax, -1, 1, -1, "922337203685477580.8"},
      {kMax, -1, 0, -1, "922337203685477580.7"},
      {kMax / 10, 1, 10, 0, "9223372036854775810"},
  };
  for (const Case& c : cases) {
    SUBCASE(std::string(c.sum).c_str()) {
      Quantity a = Quantity::from_scaled(c.av, c.as);
      a.add(Quantity::from_scaled(c.bv, c.bs));
      CHECK(a.compare(must_parse(c.sum)) == 0);
      Quantity b = Quantity::from_scaled(c.bv, c.bs);
      b.add(Quantity::from_scaled(c.av, c.as));
      CHECK(b.compare(must_parse(c.sum)) == 0);
    }
  }
}

TEST_CASE("Quantity string: TestInt64AsCanonicalString and TestAmountSign") {
  CHECK(Quantity::from_scaled(100, 0, F::DecimalExponent).to_string() == "100");
  CHECK(Quantity::from_scaled(100, 1, F::DecimalExponent).to_string() == "1e3");
  CHECK(Quantity::from_scaled(100, -1, F::DecimalExponent).to_string() == "10");
  CHECK(Quantity::from_scaled(10800, -10, F::DecimalExponent).to_string() == "1080e-9");
  struct Case {
    int64_t value;
    int32_t scale;
    int sign;
  };
  const Case cases[] = {{-50, 1, -1}, {0, 1, 0},  {300, 1, 1}, {-50, -8, -1}, {50, -8, 1},
                        {0, -8, 0},   {-50, 0, -1}, {50, 0, 1}, {0, 0, 0}};
  for (const Case& c : cases) {
    CHECK(Quantity::from_scaled(c.value, c.scale).sign() == c.sign);
    CHECK(as_dec(Quantity::from_scaled(c.value, c.scale)).sign() == c.sign);
    CHECK(Quantity::from_scaled(c.value, c.scale).is_zero() == (c.sign == 0));
  }
}

TEST_CASE("Quantity values: TestScaledValueInternal") {
  // scaledValue(unscaled, scale, newScale) is ScaledValue(-newScale) of unscaled * 10^-scale.
  struct Case {
    std::string_view value;
    int32_t to;
    int64_t want;
  };
  const Case cases[] = {
      {"1000", 0, 1000},
      {"1000", 3, 1},
      {"1", 0, 1},
      {"0", 0, 0},
      {"0.999", 0, 1},
      {"0.5", 0, 1},
      {"0.499", 0, 1},
      {"0.001", 0, 1},
      {"922337203685477580.6", 0, 922337203685477581},
      {"1", 0, 1},
      {"0", -3, 0},
      {"1", -3, 1000},
      {"1k", 0, 1000},
      {"1", -5, 100000},
      {"9223372036854775", -3, 9223372036854775000},
  };
  for (const Case& c : cases) {
    CHECK_MESSAGE(must_parse(c.value).scaled_value(c.to) == c.want, c.value);
    CHECK_MESSAGE(as_dec(must_parse(c.value)).scaled_value(c.to) == c.want, c.value);
  }
  CHECK(must_parse("1e100").value() == 0);  // int64Amount overflow yields 0
  CHECK(as_dec(must_parse("1e100")).value() == 0);
}

// --- apimachinery's behaviour on edge inputs --------------------------------------------------

enum Err { kNone, kFormat, kSuffix, kNumeric };

TEST_CASE("Quantity facts: parse, String(), Value(), MilliValue(), ScaledValue() as apimachinery") {
  // Rows observed from apimachinery's ParseQuantity: echoed texts ("+1Ki", "01", "1.001k"),
  // wrapped or zeroed int64 results for huge values, Go's rounding of negative big values,
  // binary caps, int32 exponent truncation and the errors.
  struct Case {
    std::string_view input;
    std::string_view want;
    F format;
    int64_t value;
    int64_t milli;
    int64_t nano;
    int64_t kilo;
    Err err = kNone;
  };
  const Case cases[] = {
      {"0", "0", F::DecimalSI, 0, 0, 0, 0},
      {"-0", "0", F::DecimalSI, 0, 0, 0, 0},
      {"+0", "0", F::DecimalSI, 0, 0, 0, 0},
      {"00", "0", F::DecimalSI, 0, 0, 0, 0},
      {"0.0", "0", F::DecimalSI, 0, 0, 0, 0},
      {".", "0", F::DecimalSI, 0, 0, 0, 0},
      {"-.", "0", F::DecimalSI, 0, 0, 0, 0},
      {"+", "0", F::DecimalSI, 0, 0, 0, 0},
      {"-", "0", F::DecimalSI, 0, 0, 0, 0},
      {"Ki", "0", F::BinarySI, 0, 0, 0, 0},
      {"k", "0", F::DecimalSI, 0, 0, 0, 0},
      {"m", "0", F::DecimalSI, 0, 0, 0, 0},
      {"e5", "0", F::DecimalExponent, 0, 0, 0, 0},
      {"1", "1", F::DecimalSI, 1, 1000, 1000000000, 1},
      {"-1", "-1", F::DecimalSI, -1, -1000, -1000000000, -1},
      {"+1", "+1", F::DecimalSI, 1, 1000, 1000000000, 1},
      {"01", "01", F::DecimalSI, 1, 1000, 1000000000, 1},
      {"-01", "-01", F::DecimalSI, -1, -1000, -1000000000, -1},
      {"001.5", "1500m", F::DecimalSI, 2, 1500, 1500000000, 1},
      {"1.", "1.", F::DecimalSI, 1, 1000, 1000000000, 1},
      {"1.G", "1.G", F::DecimalSI, 1000000000, 1000000000000, 1000000000000000000, 1000000},
      {".5", "500m", F::DecimalSI, 1, 500, 500000000, 1},
      {"-.5", "-500m", F::DecimalSI, -1, -500, -500000000, -1},
      {"1.5", "1500m", F::DecimalSI, 2, 1500, 1500000000, 1},
      {"-1.5", "-1500m", F::DecimalSI, -2, -1500, -1500000000, -1},
      {"1.001k", "1.001k", F::DecimalSI, 1001, 1001000, 1001000000000, 2},
      {"-1.001k", "-1.001k", F::DecimalSI, -1001, -1001000, -1001000000000, -2},
      {"1.234567k", "1.234567k", F::DecimalSI, 1235, 1234567, 1234567000000, 2},
      {"1.000k", "1k", F::DecimalSI, 1000, 1000000, 1000000000000, 1},
      {"1e0", "1e0", F::DecimalExponent, 1, 1000, 1000000000, 1},
      {"1E3", "1E3", F::DecimalExponent, 1000, 1000000, 1000000000000, 1},
      {"1e3", "1e3", F::DecimalExponent, 1000, 1000000, 1000000000000, 1},
      {"1e+3", "1e+3", F::DecimalExponent, 1000, 1000000, 1000000000000, 1},
      {"1e03", "1e03", F::DecimalExponent, 1000, 1000000, 1000000000000, 1},
      {"1E-3", "1E-3", F::DecimalExponent, 1, 1, 1000000, 1},
      {"1e-3", "1e-3", F::DecimalExponent, 1, 1, 1000000, 1},
      {"1e-9", "1e-9", F::DecimalExponent, 1, 1, 1, 1},
      {"1e-10", "1e-9", F::DecimalExponent, 1, 1, 1, 1},
      {"1e-12", "1e-9", F::DecimalExponent, 1, 1, 1, 1},
      {"1.5e-9", "2e-9", F::DecimalExponent, 1, 1, 2, 1},
      {"1.0000000001", "1000000001n", F::DecimalSI, 2, 1001, 1000000001, 1},
      {"0.0000000001", "1n", F::DecimalSI, 1, 1, 1, 1},
      {"0.9n", "1n", F::DecimalSI, 1, 1, 1, 1},
      {"-0.9n", "-1n", F::DecimalSI, 1, 1, -1, 1},
      {"3.001n", "4n", F::DecimalSI, 1, 1, 4, 1},
      {"-3.001n", "-4n", F::DecimalSI, 1, 1, -4, 1},
      {"100m", "100m", F::DecimalSI, 1, 100, 100000000, 1},
      {"-100m", "-100m", F::DecimalSI, -1, -100, -100000000, -1},
      {"+100m", "+100m", F::DecimalSI, 1, 100, 100000000, 1},
      {"1000m", "1", F::DecimalSI, 1, 1000, 1000000000, 1},
      {"1500m", "1500m", F::DecimalSI, 2, 1500, 1500000000, 1},
      {"1.5k", "1500", F::DecimalSI, 1500, 1500000, 1500000000000, 2},
      {"10k", "10k", F::DecimalSI, 10000, 10000000, 10000000000000, 10},
      {"100k", "100k", F::DecimalSI, 100000, 100000000, 100000000000000, 100},
      {"1000k", "1M", F::DecimalSI, 1000000, 1000000000, 1000000000000000, 1000},
      {"1000E", "1", F::DecimalSI, 0, 0, 0, 1000000000000000000},
      {"1000000E", "1", F::DecimalSI, 0, 0, 0, 0},
      {"12E", "12E", F::DecimalSI, 0, 0, 0, 12000000000000000},
      {"10E", "10E", F::DecimalSI, 0, 0, 0, 10000000000000000},
      {"9E", "9E", F::DecimalSI, 9000000000000000000, 0, 0, 9000000000000000},
      {"9.223372036854775807E", "9223372036854775807", F::DecimalSI, 9223372036854775807, -1000, -1000000000, 9223372036854776},
      {"9.223372036854775808E", "9223372036854775808", F::DecimalSI, kMin, 0, 0, 9223372036854776},
      {"9223372036854775807", "9223372036854775807", F::DecimalSI, 9223372036854775807, -1000, -1000000000, 9223372036854776},
      {"9223372036854775808", "9223372036854775808", F::DecimalSI, kMin, 0, 0, 9223372036854776},
      {"-9223372036854775808", "-9223372036854775808", F::DecimalSI, 0, 0, 0, 0},
      {"-9223372036854775809", "-9223372036854775809", F::DecimalSI, -1, -1000, -1000000000, 1},
      {"9999999999999999999", "9999999999999999999", F::DecimalSI, -8446744073709551617, 1864712049423023128, 4477988019393345024, 10000000000000000},
      {"18446744073709551616", "18446744073709551616", F::DecimalSI, 0, 0, 0, 18446744073709552},
      {"18446744073709551617", "18446744073709551617", F::DecimalSI, 1, 1000, 1000000000, 18446744073709552},
      {"99999999999999999999999", "99999999999999999999999", F::DecimalSI, 200376420520689663, -2537764290115404776, -8814407034341083648, 7766279631452241920},
      {"123456789012345678901234567890", "123456789012345678901234567890", F::DecimalSI, -4362896299872285998, 8982045596877734992, -6134004772461759488, -1055827308501316728},
      {"9223372036854775k", "9223372036854775k", F::DecimalSI, 9223372036854775000, -808000, 0, 9223372036854775},
      {"9223372036854776k", "9223372036854776k", F::DecimalSI, -9223372036854775616, 192000, 0, 9223372036854776},
      {"9223372036854776", "9223372036854776", F::DecimalSI, 9223372036854776, -9223372036854775616, 192000000, 9223372036855},
      {"9223372036854775807m", "9223372036854775807m", F::DecimalSI, 9223372036854776, 9223372036854775807, -1000000, 9223372036855},
      {"9223372036854775808m", "9223372036854775808m", F::DecimalSI, 9223372036854776, kMin, 0, 9223372036855},
      {"9223372036854775807n", "9223372036854775807n", F::DecimalSI, 9223372037, 9223372036855, 9223372036854775807, 9223373},
      {"9223372036854775807u", "9223372036854775807u", F::DecimalSI, 9223372036855, 9223372036854776, -1000, 9223372037},
      {"1Ki", "1Ki", F::BinarySI, 1024, 1024000, 1024000000000, 2},
      {"+1Ki", "+1Ki", F::BinarySI, 1024, 1024000, 1024000000000, 2},
      {"01Ki", "01Ki", F::BinarySI, 1024, 1024000, 1024000000000, 2},
      {"-1Ki", "-1Ki", F::BinarySI, -1024, -1024000, -1024000000000, -2},
      {"1024Ki", "1Mi", F::BinarySI, 1048576, 1048576000, 1048576000000000, 1049},
      {"1023Ki", "1023Ki", F::BinarySI, 1047552, 1047552000, 1047552000000000, 1048},
      {"1025Ki", "1025Ki", F::BinarySI, 1049600, 1049600000, 1049600000000000, 1050},
      {"1536Ki", "1536Ki", F::BinarySI, 1572864, 1572864000, 1572864000000000, 1573},
      {"1.5Ki", "1536", F::BinarySI, 1536, 1536000, 1536000000000, 2},
      {"-1.5Ki", "-1536", F::BinarySI, -1536, -1536000, -1536000000000, 0},
      {"1.1Ki", "1126400m", F::BinarySI, 1127, 1126400, 1126400000000, 2},
      {"-1.1Ki", "-1126400m", F::BinarySI, -1125, -1126400, -1126400000000, 0},
      {"0.5Ki", "512", F::BinarySI, 512, 512000, 512000000000, 1},
      {"0.001Ki", "1024m", F::BinarySI, 2, 1024, 1024000000, 1},
      {".001Ki", "1024m", F::BinarySI, 2, 1024, 1024000000, 1},
      {"0.0001Ki", "102400u", F::DecimalSI, 1, 103, 102400000, 1},
      {".5Mi", "512Ki", F::BinarySI, 524288, 524288000, 524288000000000, 525},
      {"2Gi", "2Gi", F::BinarySI, 2147483648, 2147483648000, 2147483648000000000, 2147484},
      {"1.5Gi", "1536Mi", F::BinarySI, 1610612736, 1610612736000, 1610612736000000000, 1610613},
      {"-1.5Gi", "-1536Mi", F::BinarySI, -1610612736, -1610612736000, -1610612736000000000, -1610611},
      {"1Ti", "1Ti", F::BinarySI, 1099511627776, 1099511627776000, -7293016646573096960, 1099511628},
      {"1Pi", "1Pi", F::BinarySI, 1125899906842624, 1125899906842624000, 2882303761517117440, 1125899906843},
      {"1.5Pi", "1536Ti", F::BinarySI, 1688849860263936, 1688849860263936000, -4899916394579099648, 1688849860264},
      {"8Pi", "8Pi", F::BinarySI, 9007199254740992, 9007199254740992000, 4611686018427387904, 9007199254741},
      {"1Ei", "1Ei", F::BinarySI, 1152921504606846976, kMin, 0, 1152921504606847},
      {"7Ei", "7Ei", F::BinarySI, 8070450532247928832, kMin, 0, 8070450532247929},
      {"8Ei", "9223372036854775807", F::BinarySI, 9223372036854775807, -1000, -1000000000, 9223372036854776},
      {"9Ei", "9223372036854775807", F::BinarySI, 9223372036854775807, -1000, -1000000000, 9223372036854776},
      {"-9Ei", "-9223372036854775807", F::BinarySI, -9223372036854775807, 1000, 1000000000, -9223372036854774},
      {"100Ei", "9223372036854775807", F::BinarySI, 9223372036854775807, -1000, -1000000000, 9223372036854776},
      {"0Pi", "0", F::BinarySI, 0, 0, 0, 0},
      {"0.0Pi", "0", F::BinarySI, 0, 0, 0, 0},
      {"1000Mi", "1000Mi", F::BinarySI, 1048576000, 1048576000000, 1048576000000000000, 1048576},
      {"1024Mi", "1Gi", F::BinarySI, 1073741824, 1073741824000, 1073741824000000000, 1073742},
      {"1048576Ki", "1Gi", F::BinarySI, 1073741824, 1073741824000, 1073741824000000000, 1073742},
      {"512Ki", "512Ki", F::BinarySI, 524288, 524288000, 524288000000000, 525},
      {"12345Ki", "12345Ki", F::BinarySI, 12641280, 12641280000, 12641280000000000, 12642},
      {"123456789012Ki", "123456789012Ki", F::BinarySI, 126419751948288, 126419751948288000, 4214811156442775552, 126419751949},
      {"1234567890123Ki", "1234567890123Ki", F::BinarySI, 1264197519485952, 1264197519485952000, 5254626489008652288, 1264197519486},
      {"99999999999999999999Ki", "9223372036854775807", F::BinarySI, 9223372036854775807, -1000, -1000000000, 9223372036854776},
      {"0.000000000001Ki", "2n", F::DecimalSI, 1, 1, 2, 1},
      {"1023", "1023", F::DecimalSI, 1023, 1023000, 1023000000000, 2},
      {"1024", "1024", F::DecimalSI, 1024, 1024000, 1024000000000, 2},
      {"-1024", "-1024", F::DecimalSI, -1024, -1024000, -1024000000000, -2},
      {"1e1000000000", "10e999999999", F::DecimalExponent, 0, 0, 0, 0},
      {"1e2147483647", "10e2147483646", F::DecimalExponent, 0, 1, 1, 0},
      {"1e4294967296", "1e4294967296", F::DecimalExponent, 1, 1000, 1000000000, 1},
      {"1e4294967299", "1e4294967299", F::DecimalExponent, 1000, 1000000, 1000000000000, 1},
      {"1e9223372036854775807", "100e-3", F::DecimalExponent, 1, 100, 100000000, 1},
      {"1e9223372036854775808", "", F::DecimalSI, 0, 0, 0, 0, kSuffix},
      {"5e18", "5e18", F::DecimalExponent, 5000000000000000000, 0, 0, 5000000000000000},
      {"5e19", "50e18", F::DecimalExponent, 0, 0, 0, 50000000000000000},
      {"5e20", "500e18", F::DecimalExponent, 0, 0, 0, 500000000000000000},
      {"1e18", "1e18", F::DecimalExponent, 1000000000000000000, 0, 0, 1000000000000000},
      {"1e19", "10e18", F::DecimalExponent, 0, 0, 0, 10000000000000000},
      {"1e21", "1e21", F::DecimalExponent, 0, 0, 0, 1000000000000000000},
      {"12345678901234567890e3", "12345678901234567890e3", F::DecimalExponent, 4807115922877858896, -7484280360334075776, 6432227658343849984, -6101065172474983726},
      {"0.1m", "100u", F::DecimalSI, 1, 1, 100000, 1},
      {"0.5m", "500u", F::DecimalSI, 1, 1, 500000, 1},
      {"1.5m", "1500u", F::DecimalSI, 1, 2, 1500000, 1},
      {"-1.5m", "-1500u", F::DecimalSI, -1, -2, -1500000, -1},
      {"1.23456789m", "1234568n", F::DecimalSI, 1, 2, 1234568, 1},
      {"1e", "", F::DecimalSI, 0, 0, 0, 0, kSuffix},
      {"1.2.3", "", F::DecimalSI, 0, 0, 0, 0, kFormat},
      {"1.1.M", "", F::DecimalSI, 0, 0, 0, 0, kFormat},
      {"1+1.0M", "", F::DecimalSI, 0, 0, 0, 0, kFormat},
      {"0.1mi", "", F::DecimalSI, 0, 0, 0, 0, kSuffix},
      {"0.1am", "", F::DecimalSI, 0, 0, 0, 0, kFormat},
      {"aoeu", "", F::DecimalSI, 0, 0, 0, 0, kFormat},
      {".5i", "", F::DecimalSI, 0, 0, 0, 0, kSuffix},
      {"1i", "", F::DecimalSI, 0, 0, 0, 0, kSuffix},
      {"-3.01i", "", F::DecimalSI, 0, 0, 0, 0, kSuffix},
      {"-3.01e-", "", F::DecimalSI, 0, 0, 0, 0, kSuffix},
      {" 1", "", F::DecimalSI, 0, 0, 0, 0, kFormat},
      {"1 ", "", F::DecimalSI, 0, 0, 0, 0, kFormat},
      {"1e+", "", F::DecimalSI, 0, 0, 0, 0, kSuffix},
      {"1Ee3", "", F::DecimalSI, 0, 0, 0, 0, kSuffix},
      {"1ki", "", F::DecimalSI, 0, 0, 0, 0, kSuffix},
      {"1KI", "", F::DecimalSI, 0, 0, 0, 0, kFormat},
      {"1MB", "", F::DecimalSI, 0, 0, 0, 0, kFormat},
      {"1k1", "", F::DecimalSI, 0, 0, 0, 0, kSuffix},
      {"1e1.5", "", F::DecimalSI, 0, 0, 0, 0, kFormat},
      {"1..", "", F::DecimalSI, 0, 0, 0, 0, kFormat},
      {"--1", "", F::DecimalSI, 0, 0, 0, 0, kSuffix},
      {"+-1", "", F::DecimalSI, 0, 0, 0, 0, kSuffix},
      {"1-", "", F::DecimalSI, 0, 0, 0, 0, kSuffix},
      {"1e3e3", "", F::DecimalSI, 0, 0, 0, 0, kFormat},
      {".Pi", "", F::DecimalSI, 0, 0, 0, 0, kNumeric},
      {"-.Ei", "", F::DecimalSI, 0, 0, 0, 0, kNumeric},
      {"Pi", "", F::DecimalSI, 0, 0, 0, 0, kNumeric},
      {"-Pi", "", F::DecimalSI, 0, 0, 0, 0, kNumeric},
      {"+.Pi", "", F::DecimalSI, 0, 0, 0, 0, kNumeric},
  };
  for (const Case& c : cases) {
    SUBCASE(("\"" + std::string(c.input) + "\"").c_str()) {
      std::string error;
      const std::optional<Quantity> q = Quantity::parse(c.input, &error);
      if (c.err != kNone) {
        REQUIRE_FALSE(q.has_value());
        CHECK(error == (c.err == kFormat ? kFormatWrong : c.err == kSuffix ? kSuffixWrong : kNumericWrong));
      } else {
        REQUIRE(q.has_value());
        CHECK(q->to_string() == c.want);
        CHECK(format_name(q->format()) == std::string(format_name(c.format)));
        CHECK(q->value() == c.value);
        CHECK(q->milli_value() == c.milli);
        CHECK(q->scaled_value(-9) == c.nano);
        CHECK(q->scaled_value(3) == c.kilo);
      }
    }
  }
}

TEST_CASE("Quantity facts: Add and Sub as apimachinery (int64 overflow goes exact, formats)") {
  struct Case {
    std::string_view a;
    bool subtract;
    std::string_view b;
    std::string_view want;
    F format;
    int64_t value;
    int64_t milli;
  };
  const Case cases[] = {
      {"1", false, "1", "2", F::DecimalSI, 2, 2000},
      {"100m", false, "900m", "1", F::DecimalSI, 1, 1000},
      {"100m", false, "1", "1100m", F::DecimalSI, 2, 1100},
      {"1Ki", false, "1Ki", "2Ki", F::BinarySI, 2048, 2048000},
      {"1Gi", false, "512Mi", "1536Mi", F::BinarySI, 1610612736, 1610612736000},
      {"1Gi", false, "1", "1073741825", F::BinarySI, 1073741825, 1073741825000},
      {"1Gi", false, "100m", "1073741824100m", F::BinarySI, 1073741825, 1073741824100},
      {"0", false, "1Gi", "1Gi", F::BinarySI, 1073741824, 1073741824000},
      {"0Ki", false, "1", "1", F::DecimalSI, 1, 1000},
      {"0", false, "100m", "100m", F::DecimalSI, 1, 100},
      {"1", false, "0Ki", "1", F::DecimalSI, 1, 1000},
      {"9223372036854775807", false, "1", "9223372036854775808", F::DecimalSI, kMin, 0},
      {"9223372036854775807m", false, "1", "9223372036854776807m", F::DecimalSI, 9223372036854777, -9223372036854774809},
      {"1E", false, "9E", "10E", F::DecimalSI, 0, 0},
      {"9E", false, "1", "9000000000000000001", F::DecimalSI, 9000000000000000001, -2011107970261187608},
      {"9Ei", false, "1", "8Ei", F::BinarySI, kMin, 0},
      {"9Ei", false, "9Ei", "18446744073709551614", F::BinarySI, -2, -2000},
      {"8Ei", false, "8Ei", "18446744073709551614", F::BinarySI, -2, -2000},
      {"1e18", false, "1n", "1000000000000000000000000001e-9", F::DecimalExponent, 1000000000000000001, 3875820019684212737},
      {"1e30", false, "1", "1000000000000000000000000000001", F::DecimalExponent, 5076944270305263617, 4089650035136922600},
      {"1Ki", false, "1e30", "976562500000000000000000001Ki", F::BinarySI, 5076944270305264640, 4089650035137945600},
      {"-1Ki", false, "1e30", "976562499999999999999999999Ki", F::BinarySI, 5076944270305262592, 4089650035135897600},
      {"1.5Pi", false, "1", "1688849860263937", F::BinarySI, 1688849860263937, 1688849860263937000},
      {"1n", false, "1E", "1000000000000000000000000001n", F::DecimalSI, 1000000000000000001, 3875820019684212737},
      {"-1.1Ki", false, "1", "-1125400m", F::BinarySI, -1124, -1125400},
      {"1.1Ki", false, "-1", "1125400m", F::BinarySI, 1126, 1125400},
      {"1e-3", false, "1e3", "1000001e-3", F::DecimalExponent, 1001, 1000001},
      {"1.5", false, "1.5", "3", F::DecimalSI, 3, 3000},
      {"-1.5", false, "1.5", "0", F::DecimalSI, 0, 0},
      {"100m", false, "-100m", "0", F::DecimalSI, 0, 0},
      {"1Ki", false, "-1Ki", "0", F::BinarySI, 0, 0},
      {"12345678901234567890", false, "-12345678901234567890", "0", F::DecimalSI, 0, 0},
      {"0.000000001", false, "0.000000001", "2n", F::DecimalSI, 1, 1},
      {"1u", false, "1n", "1001n", F::DecimalSI, 1, 1},
      {"1k", false, "1m", "1000001m", F::DecimalSI, 1001, 1000001},
      {"1", true, "1", "0", F::DecimalSI, 0, 0},
      {"0", true, "1Gi", "-1Gi", F::BinarySI, -1073741824, -1073741824000},
      {"0", true, "100m", "-100m", F::DecimalSI, -1, -100},
      {"0", true, "-9223372036854775808", "9223372036854775808", F::DecimalSI, kMin, 0},
      {"1Gi", true, "1Mi", "1023Mi", F::BinarySI, 1072693248, 1072693248000},
      {"1Gi", true, "1Gi", "0", F::BinarySI, 0, 0},
      {"1", true, "2", "-1", F::DecimalSI, -1, -1000},
      {"100m", true, "1", "-900m", F::DecimalSI, -1, -900},
      {"1", true, "9223372036854775807", "-9223372036854775806", F::DecimalSI, 2, 2000},
      {"-9223372036854775807", true, "2", "-9223372036854775809", F::DecimalSI, -1, -1000},
      {"1Ki", true, "1e30", "-976562499999999999999999999Ki", F::BinarySI, -5076944270305262592, -4089650035135897600},
      {"1e30", true, "1Ki", "999999999999999999999999998976", F::DecimalExponent, 5076944270305262592, 4089650035135897600},
      {"1.5Pi", true, "1.5Pi", "0", F::BinarySI, 0, 0},
      {"0Ki", true, "1.5", "-1500m", F::DecimalSI, -2, -1500},
      {"9Ei", true, "1n", "9223372036854775806999999999n", F::BinarySI, 9223372036854775807, -1000},
      {"1n", true, "9Ei", "-9223372036854775806999999999n", F::DecimalSI, 2, 1001},
      {"1E", true, "1n", "999999999999999999999999999n", F::DecimalSI, 1000000000000000000, 3875820019684212736},
  };
  for (const Case& c : cases) {
    SUBCASE((std::string(c.a) + (c.subtract ? " - " : " + ") + std::string(c.b)).c_str()) {
      Quantity q = must_parse(c.a);
      if (c.subtract) {
        q.sub(must_parse(c.b));
      } else {
        q.add(must_parse(c.b));
      }
      CHECK(q.to_string() == c.want);
      CHECK(format_name(q.format()) == std::string(format_name(c.format)));
      CHECK(q.value() == c.value);
      CHECK(q.milli_value() == c.milli);
    }
  }
}

TEST_CASE("Quantity facts: Cmp as apimachinery") {
  struct Case {
    std::string_view a;
    std::string_view b;
    int want;
  };
  const Case cases[] = {
      {"0", "0", 0},
      {"100m", "50m", 1},
      {"50m", "100m", -1},
      {"10000T", "100Gi", 1},
      {"1Ki", "1024", 0},
      {"1Ki", "1k", 1},
      {"1k", "1000", 0},
      {"1e3", "1k", 0},
      {"1000m", "1", 0},
      {"1n", "0", 1},
      {"-1n", "0", -1},
      {"9223372036854775807", "9223372036854775808", -1},
      {"9223372036854775808", "9223372036854775807", 1},
      {"9Ei", "9223372036854775807", 0},
      {"10Ei", "9223372036854775807", 0},
      {"1e-3", "1m", 0},
      {"0.1n", "1n", 0},
      {"0.9n", "1n", 0},
      {"1.5Gi", "1536Mi", 0},
      {"1.1Ki", "1126400m", 0},
      {"-1.1Ki", "-1126400m", 0},
      {"12345678901234567890", "12345678901234567891", -1},
      {"-12345678901234567890", "-12345678901234567891", 1},
      // Exact even where apimachinery would build a billion-digit number (or, for int64 scales
      // 2^31 apart, divide by zero) to find out.
      {"1e1000000000", "1E", 1},
      {"1E", "1e1000000000", -1},
      {"-1e1000000000", "1n", -1},
      {"1e2147483647", "1n", 1},
  };
  for (const Case& c : cases) {
    SUBCASE((std::string(c.a) + " vs " + std::string(c.b)).c_str()) {
      CHECK(must_parse(c.a).compare(must_parse(c.b)) == c.want);
      CHECK(must_parse(c.b).compare(must_parse(c.a)) == -c.want);
      CHECK((must_parse(c.a) == must_parse(c.b)) == (c.want == 0));
    }
  }
}

TEST_CASE("Quantity facts: long results print in full") {
  Quantity a = must_parse("1Ki");
  a.add(must_parse("1e300"));
  CHECK(a.to_string() == "9765625" + std::string(289, '0') + "1Ki");
  CHECK(a.value() == 1024);
  Quantity b = must_parse("1e2000");
  b.add(must_parse("1"));
  CHECK(b.to_string() == "1" + std::string(1999, '0') + "1");
  CHECK(b.value() == 1);
  CHECK(b.milli_value() == 1000);
}

TEST_CASE("Quantity facts: self addition and subtraction") {
  Quantity q = must_parse("1.5Gi");
  q.add(q);
  CHECK(q.to_string() == "3Gi");
  q.sub(q);
  CHECK(q.is_zero());
  Quantity big = must_parse("12345678901234567890");
  big.add(big);
  CHECK(big.to_string() == "24691357802469135780");
}

// --- hostile inputs: bounded time and memory ----------------------------------------------------

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

TEST_CASE("Quantity hostile: huge exponents stay compact") {
  const auto start = std::chrono::steady_clock::now();
  const Quantity huge = must_parse("1e1000000000");
  CHECK(huge.to_string() == "10e999999999");
  CHECK(huge.value() == 0);
  CHECK(huge.milli_value() == 0);
  CHECK(huge.sign() == 1);

  // int32 truncation of the exponent: 2^32 + 3 is 3, 2^31 is -2^31 (rounded up to 1n).
  CHECK(must_parse("1e4294967299").to_string() == "1e4294967299");
  CHECK(must_parse("1e4294967299").value() == 1000);
  const Quantity wrapped = must_parse("1e2147483648");
  CHECK(wrapped.to_string() == "1e-9");
  CHECK(wrapped.value() == 1);
  CHECK(wrapped.scaled_value(-9) == 1);

  // Sub-nano values round up to 1n however small.
  const Quantity tiny = must_parse("1e-1000000000");
  CHECK(tiny.to_string() == "1e-9");
  CHECK(tiny.milli_value() == 1);
  CHECK(must_parse("-1e-2000000000").to_string() == "-1e-9");
  CHECK(must_parse("12345678901234567890123e-2000000000").to_string() == "1e-9");

  // Big mantissas with huge exponents: exact and compact.
  const Quantity big = must_parse("12345678901234567890e1000000000");
  CHECK(big.to_string() == "123456789012345678900e999999999");
  CHECK(big.compare(huge) == 1);
  CHECK(big.value() == 0);  // low 64 bits of 12345678901234567890 * 10^1000000000
  CHECK(must_parse("12345678901234567890E1000000001").to_string() == "1234567890123456789e1000000002");
  // DecimalSI has no suffix for 10^39, and apimachinery then prints the mantissa alone.
  CHECK(must_parse("12345678901234567890000000000000000000000E").to_string() == "12345678901234567890");

  // Sums across a gigantic gap keep the larger operand (the smaller is below the kept digits).
  Quantity sum = must_parse("1e2000000000");
  sum.add(must_parse("1m"));
  CHECK(sum.compare(must_parse("1e2000000000")) == 0);
  CHECK(sum.sign() == 1);
  Quantity diff = must_parse("1m");
  diff.sub(must_parse("1e2000000000"));
  CHECK(diff.compare(must_parse("-1e2000000000")) == 0);
  // Found by fuzz_quantity: the exponent wraps to 1215752191, the sum keeps the larger operand and
  // is DecimalSI (the first operand's format), which has no suffix for it.
  Quantity wide = must_parse("100m");
  wide.add(must_parse("1e99999999999"));
  CHECK(wide.compare(must_parse("1e1215752191")) == 0);
  CHECK(wide.to_string() == "10");
  // Found by fuzz_quantity: 2 * 10^2147483650 has a canonical exponent past int32, which wraps
  // in Go's arithmetic; the text then reads back as the smallest amount.
  Quantity wraps = must_parse("0");
  wraps.sub(must_parse("-2000E2147483647"));
  CHECK(wraps.to_string() == "2e-2147483646");
  CHECK(must_parse(wraps.to_string()).to_string() == "1e-9");
  // Found by fuzz_quantity: BinarySI parsing caps at 2^63-1, so a sum above the cap prints a
  // text that reads back capped.
  Quantity capped = must_parse("22222222220242222222222222221Gi");
  CHECK(capped.to_string() == "9223372036854775807");
  capped.add(must_parse("1025"));
  CHECK(capped.to_string() == "9007199254740993Ki");
  CHECK(must_parse(capped.to_string()).to_string() == "9223372036854775807");
  Quantity exa = must_parse("999E");
  exa.add(must_parse("1E"));
  CHECK(exa.to_string() == "1");  // 10^21 as DecimalSI: no suffix, as apimachinery prints it
  Quantity binary = must_parse("1Ki");
  binary.add(must_parse("1e100000"));
  CHECK(binary.format() == F::BinarySI);
  CHECK(binary.to_string() == "10e99999");  // too long for base 1024: printed as a decimal exponent
  CHECK(seconds_since(start) < 5.0);
}

TEST_CASE("Quantity hostile: ten thousand and a million digits") {
  const auto start = std::chrono::steady_clock::now();
  const std::string nines(10000, '9');
  const Quantity q = must_parse(nines);
  CHECK(q.to_string() == nines);
  CHECK(q.value() == -1);  // the low 64 bits of 10^10000 - 1
  Quantity plus_one = q;
  plus_one.add(Quantity::from_int(1));
  CHECK(plus_one.to_string() == "10");  // 10^10000: DecimalSI has no suffix for it
  CHECK(plus_one.value() == 0);         // the low 64 bits of 10^10000
  CHECK(plus_one.compare(q) == 1);

  const Quantity fraction = must_parse("0." + std::string(10000, '0') + "1");
  CHECK(fraction.to_string() == "1n");
  const Quantity binary = must_parse(nines + "Ki");
  CHECK(binary.to_string() == "9223372036854775807");  // capped at max int64
  CHECK(binary.format() == F::BinarySI);

  const std::string million(1000000, '7');
  const Quantity m = must_parse(million + "." + million + "Mi");
  CHECK(m.value() == kMax);
  const Quantity d = must_parse(million + "m");
  CHECK(d.sign() == 1);
  CHECK(d.to_string() == million + "m");
  CHECK_FALSE(Quantity::parse(million + "x").has_value());
  CHECK(seconds_since(start) < 10.0);
}

// --- AsInt64, AsApproximateFloat64, ToDec (quantity.go, amount_test.go) ------------------------

// apimachinery's decQuantity(i, exponent, format): i * 10^exponent in the exact-decimal form.
Quantity dec_quantity(int64_t value, int32_t exponent, F format) {
  Quantity q = Quantity::from_scaled(value, exponent, format);
  q.to_dec();
  return q;
}

TEST_CASE("Quantity values: TestInt64AmountAsInt64") {
  struct Case {
    int64_t value;
    int32_t scale;
    std::optional<int64_t> result;
  };
  const Case cases[] = {
      {100, 0, 100}, {100, 1, 1000}, {100, -5, std::nullopt}, {100, 100, std::nullopt},
  };
  for (const Case& c : cases) {
    CHECK_MESSAGE(Quantity::from_scaled(c.value, c.scale).as_int64() == c.result, c.value, "e", c.scale);
  }
}

TEST_CASE("Quantity values: AsInt64 of parsed quantities, as apimachinery") {
  struct Case {
    const char* in;
    std::optional<int64_t> result;
  };
  const Case cases[] = {
      {"0", 0},
      {"50k", 50000},
      {"-5k", -5000},
      {"1.5k", 1500},
      {"1Ki", 1024},
      {"1e3", 1000},
      {"9E", 9000000000000000000},
      {"922337203685477580", 922337203685477580},
      {"0e400", 0},
      {"1000m", std::nullopt},  // a negative scale never converts
      {"1500m", std::nullopt},
      {"1.5Ki", std::nullopt},  // binary fractions are exact decimals
      {"10E", std::nullopt},    // overflows
      {"1e400", std::nullopt},
      {"9223372036854775807", std::nullopt},  // more than 18 digits: exact decimal
      {"9999999999999999999999999999999999999G", std::nullopt},
  };
  for (const Case& c : cases) {
    CHECK_MESSAGE(must_parse(c.in).as_int64() == c.result, c.in);
  }
  Quantity max = Quantity::from_int(kMax);
  CHECK(max.as_int64() == kMax);
  max.add(Quantity::from_int(1));
  CHECK(max.is_dec());
  CHECK_FALSE(max.as_int64().has_value());
  Quantity min = Quantity::from_int(kMin);
  CHECK(min.as_int64() == kMin);
}

TEST_CASE("Quantity values: TestQuantityAsApproximateFloat64") {
  struct Case {
    Quantity in;
    double out;
  };
  const double inf = std::numeric_limits<double>::infinity();
  const double mebi7 = 7 * 1024 * 1024;
  std::vector<Case> cases = {
      {dec_quantity(0, 0, F::DecimalSI), 0.0},
      {dec_quantity(0, 0, F::DecimalExponent), 0.0},
      {dec_quantity(0, 0, F::BinarySI), 0.0},
      {dec_quantity(1, 0, F::DecimalSI), 1},
      {dec_quantity(1, 0, F::DecimalExponent), 1},
      {dec_quantity(1, 0, F::BinarySI), 1},
  };
  for (F f : {F::BinarySI, F::DecimalSI, F::DecimalExponent}) {
    cases.push_back({dec_quantity(1024, 0, f), 1024});
    cases.push_back({dec_quantity(8 * 1024, 0, f), 8 * 1024});
    cases.push_back({dec_quantity(7 * 1024 * 1024, 0, f), mebi7});
    cases.push_back({dec_quantity(7 * 1024 * 1024, 1, f), mebi7 * 10});
    cases.push_back({dec_quantity(7 * 1024 * 1024, 4, f), mebi7 * 10000});
    cases.push_back({dec_quantity(7 * 1024 * 1024, 8, f), mebi7 * 100000000});
    cases.push_back({dec_quantity(7 * 1024 * 1024, -1, f), mebi7 * (1.0 / 10)});  // Pow10(-1), not / 10
    cases.push_back({dec_quantity(7 * 1024 * 1024, -8, f), mebi7 / 100000000.0});
  }
  // very large numbers
  cases.push_back({dec_quantity(kMax, 0, F::DecimalSI), static_cast<double>(kMax)});
  cases.push_back({dec_quantity(kMax, 0, F::BinarySI), static_cast<double>(kMax)});
  cases.push_back({dec_quantity(12, 18, F::DecimalSI), 1.2e19});
  // infinities caused due to float64 overflow
  cases.push_back({dec_quantity(12, 500, F::DecimalSI), inf});
  cases.push_back({dec_quantity(-12, 500, F::DecimalSI), -inf});
  for (const Case& c : cases) {
    CHECK_MESSAGE(c.in.as_approximate_float64() == c.out, c.in.to_string(), " ", format_name(c.in.format()));
  }
  // The int64 form gives the same numbers.
  CHECK(Quantity::from_scaled(7 * 1024 * 1024, -1).as_approximate_float64() == mebi7 * (1.0 / 10));
  CHECK(Quantity::from_scaled(12, 18).as_approximate_float64() == 1.2e19);
  CHECK(Quantity::from_scaled(-12, 500).as_approximate_float64() == -inf);
}

TEST_CASE("Quantity values: TestStringQuantityAsApproximateFloat64 and Go's float64 rounding") {
  struct Case {
    const char* in;
    double out;
  };
  const Case cases[] = {
      {"2Ki", 2048},
      {"1.1Ki", 1126.4e+0},
      {"1Mi", 1.048576e+06},
      {"2Gi", 2.147483648e+09},
      {"50.703k", 50703},
      {"1500m", 1.5},
      {"-1.5", -1.5},
      {"100n", 100 * (1.0 / 1e9)},  // times math.Pow10(-9)
      {"1e-400", 1.0 / 1e9},        // rounded up to 1n when parsed
      {"1e308", 1e308},
      {"1e400", std::numeric_limits<double>::infinity()},
      {"123456789012345678", 123456789012345678.0},
      {"9999999999999999999999999999999999999G", 1.0000000000000001e+46},
  };
  for (const Case& c : cases) {
    CHECK_MESSAGE(must_parse(c.in).as_approximate_float64() == c.out, c.in);
  }
  CHECK(std::isnan(must_parse("0e400").as_approximate_float64()));  // 0 * Pow10(400) = 0 * +Inf
  const double inf = std::numeric_limits<double>::infinity();
  CHECK(must_parse(std::string(1000, '9')).as_approximate_float64() == inf);
  CHECK(must_parse("-" + std::string(309, '9')).as_approximate_float64() == -inf);
  // Parsed decimals are held at scale 9, so their mantissa overflows 10^9 times earlier.
  CHECK(must_parse("17976931348623157" + std::string(292, '0')).as_approximate_float64() == inf);
  CHECK(must_parse("17976931348623157" + std::string(283, '0')).as_approximate_float64() ==
        1.7976931348623157e308 * (1.0 / 1e9));
  Quantity tiny = Quantity::from_scaled(1, -900);
  tiny.add(Quantity::from_int(1));                   // 10^900 + 1 at scale 900
  CHECK(std::isnan(tiny.as_approximate_float64()));  // +Inf * Pow10(-900) = +Inf * 0
  // The mantissa is converted before scaling: 1.33e300 held as 1.33e309 at scale 9 is +Inf.
  const Quantity long_fraction = must_parse("1." + std::string(300, '3') + "e300");
  CHECK(long_fraction.is_dec());
  CHECK(long_fraction.as_approximate_float64() == inf);
  CHECK(must_parse("1." + std::string(30, '3') + "e30").as_approximate_float64() ==
        1.3333333333333333e39 * (1.0 / 1e9));
}

TEST_CASE("Quantity values: ToDec keeps the value and switches the form") {
  for (const char* in : {"0", "1", "-1500m", "1Ki", "1e3", "12E", "100n"}) {
    const Quantity q = must_parse(in);
    Quantity d = q;
    d.to_dec();
    CHECK_MESSAGE(d.is_dec(), in);
    CHECK_MESSAGE(d.compare(q) == 0, in);
    CHECK_MESSAGE(d.sign() == q.sign(), in);
    CHECK_MESSAGE(d.format() == q.format(), in);
    CHECK_MESSAGE(d.as_approximate_float64() == q.as_approximate_float64(), in);
    CHECK_MESSAGE(!d.as_int64().has_value(), in);
    CHECK_MESSAGE(d.to_string() == must_parse(d.to_string()).to_string(), in);
  }
  Quantity d = must_parse("1.5Gi");
  REQUIRE(d.is_dec());
  const std::string before = d.to_string();
  d.to_dec();
  CHECK(d.to_string() == before);
  CHECK(must_parse("-1500m").to_string() == "-1500m");
}

}  // namespace
}  // namespace podfit
