// resource.Quantity: apimachinery's parser, int64/big-decimal arithmetic and canonical printing.
//
// Two representations mirror apimachinery's: an int64 mantissa with a base-10 exponent for
// everything ParseQuantity keeps in int64Amount, and an exact decimal (inf.Dec: an unscaled
// integer and a scale) for the rest. The exact decimal keeps its unscaled integer as significant
// digits plus a count of trailing zeros, so that "1e2000000000"-sized values cost nothing.
// Go's wrapping int32/int64 arithmetic is reproduced wherever the observable result depends on it.
#include "podfit/model/quantity.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <vector>

namespace podfit {

namespace {

constexpr int64_t kMostPositive = std::numeric_limits<int64_t>::max();
constexpr int64_t kMostNegative = std::numeric_limits<int64_t>::min();
constexpr int32_t kNanoScale = -9;

// A sum whose exact digits would exceed this (and the operands' own lengths) is truncated:
// only values spanning tens of thousands of decimal orders of magnitude get there.
constexpr int64_t kMaxExactDigits = 1 << 16;

constexpr std::string_view kErrFormatWrong =
    "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";
constexpr std::string_view kErrNumeric = "unable to parse numeric part of quantity";
constexpr std::string_view kErrSuffix = "unable to parse quantity's suffix";

// 10^0 .. 10^18, the powers of ten an int64 holds.
constexpr std::array<int64_t, 19> kPow10 = [] {
  std::array<int64_t, 19> powers{};
  int64_t power = 1;
  for (size_t i = 0; i < powers.size(); ++i) {
    powers[i] = power;
    if (i + 1 < powers.size()) power *= 10;
  }
  return powers;
}();

// --- Go's wrapping integer arithmetic -------------------------------------------------------

int32_t wrap_add32(int32_t a, int32_t b) {
  return static_cast<int32_t>(static_cast<uint32_t>(a) + static_cast<uint32_t>(b));
}
int32_t wrap_sub32(int32_t a, int32_t b) {
  return static_cast<int32_t>(static_cast<uint32_t>(a) - static_cast<uint32_t>(b));
}
int32_t wrap_mul32(int32_t a, int32_t b) {
  return static_cast<int32_t>(static_cast<uint32_t>(a) * static_cast<uint32_t>(b));
}
int32_t wrap_neg32(int32_t a) { return static_cast<int32_t>(0u - static_cast<uint32_t>(a)); }
int32_t wrap_to32(int64_t a) { return static_cast<int32_t>(static_cast<uint32_t>(static_cast<uint64_t>(a))); }
int64_t wrap_add64(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) + static_cast<uint64_t>(b));
}
int64_t wrap_mul64(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) * static_cast<uint64_t>(b));
}
int64_t wrap_neg64(int64_t a) { return static_cast<int64_t>(0 - static_cast<uint64_t>(a)); }
uint64_t magnitude(int64_t v) { return v < 0 ? 0 - static_cast<uint64_t>(v) : static_cast<uint64_t>(v); }

// --- float64 conversion ----------------------------------------------------------------------

// Go's math.Pow10: a product or quotient of two table entries, not always the nearest double.
double go_pow10(int64_t n) {
  static constexpr std::array<double, 32> kSmall = {
      1e00, 1e01, 1e02, 1e03, 1e04, 1e05, 1e06, 1e07, 1e08, 1e09, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
      1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22, 1e23, 1e24, 1e25, 1e26, 1e27, 1e28, 1e29, 1e30, 1e31};
  static constexpr std::array<double, 10> kPositive32 = {1e00,  1e32,  1e64,  1e96,  1e128,
                                                         1e160, 1e192, 1e224, 1e256, 1e288};
  static constexpr std::array<double, 11> kNegative32 = {1e-00,  1e-32,  1e-64,  1e-96,  1e-128, 1e-160,
                                                         1e-192, 1e-224, 1e-256, 1e-288, 1e-320};
  if (n >= 0 && n <= 308) return kPositive32[static_cast<size_t>(n / 32)] * kSmall[static_cast<size_t>(n % 32)];
  if (n >= -323 && n < 0) return kNegative32[static_cast<size_t>(-n / 32)] / kSmall[static_cast<size_t>(-n % 32)];
  return n > 0 ? std::numeric_limits<double>::infinity() : 0.0;
}

// The nearest double to digits * 10^zeros (big.Float's 53-bit rounding, then Float64()).
double digits_to_double(std::string_view digits, int64_t zeros) {
  if (digits.empty()) return 0.0;
  // Integers of 310 digits and more are past the largest double.
  if (static_cast<int64_t>(digits.size()) + zeros > 309) return std::numeric_limits<double>::infinity();
  std::string text(digits);
  text.push_back('e');
  text += std::to_string(zeros);
  return std::strtod(text.c_str(), nullptr);
}

// --- int64Amount helpers (math.go) ----------------------------------------------------------

struct Checked {
  int64_t value;
  bool ok;
};

Checked int64_add(int64_t a, int64_t b) {
  const int64_t c = wrap_add64(a, b);
  if (a > 0 && b > 0 && c < 0) return {0, false};
  if (a < 0 && b < 0) {
    if (c > 0) return {0, false};
    if (a == kMostNegative && b == kMostNegative) return {0, false};
  }
  return {c, true};
}

Checked int64_multiply(int64_t a, int64_t b) {
  if (a == 0 || b == 0 || a == 1 || b == 1) return {wrap_mul64(a, b), true};
  if (a == kMostNegative || b == kMostNegative) return {0, false};
  const int64_t c = wrap_mul64(a, b);
  return {c, c / b == a};
}

// a * b for a positive power of ten b; on overflow the wrapped product comes back with ok=false.
Checked int64_multiply_scale(int64_t a, int64_t b) {
  if (a == 0 || a == 1) return {wrap_mul64(a, b), true};
  if (a == kMostNegative && b != 1) return {0, false};
  const int64_t c = wrap_mul64(a, b);
  return {c, c / b == a};
}

// base * 10^scale; Go returns the wrapped product for scales 1,2,3,6,9 and 0 for the others.
Checked positive_scale(int64_t base, int32_t scale) {
  switch (scale) {
    case 0: return {base, true};
    case 1: return int64_multiply_scale(base, 10);
    case 2: return int64_multiply_scale(base, 100);
    case 3: return int64_multiply_scale(base, 1000);
    case 6: return int64_multiply_scale(base, 1000000);
    case 9: return int64_multiply_scale(base, 1000000000);
    default: break;
  }
  int64_t value = base;
  // Zero stays zero however often it is scaled; every other value overflows within 19 steps.
  for (int32_t i = 0; i < scale && value != 0; ++i) {
    const Checked next = int64_multiply_scale(value, 10);
    if (!next.ok) return {0, false};
    value = next.value;
  }
  return {value, true};
}

// base / 10^scale rounded away from zero; ok tells whether no fraction was lost.
Checked negative_scale(int64_t base, int32_t scale) {
  if (scale == 0) return {base, true};
  int64_t value = base;
  bool fraction = false;
  for (int32_t i = 0; i < scale; ++i) {
    if (!fraction && value % 10 != 0) fraction = true;
    value /= 10;
    if (value == 0) {
      if (fraction) return {base > 0 ? 1 : -1, false};
      return {0, true};
    }
  }
  if (fraction) value += base > 0 ? 1 : -1;
  return {value, !fraction};
}

struct Factored {
  int64_t value;
  int32_t times;
};

// Divides out `base` while it divides the magnitude (the most negative int64 is left alone, as in Go).
Factored remove_factors(int64_t value, int64_t base) {
  if (value == kMostNegative) return {value, 0};
  const bool negative = value < 0;
  int64_t result = negative ? -value : value;
  int32_t times = 0;
  while (result >= base && result % base == 0) {
    ++times;
    result /= base;
  }
  return {negative ? -result : result, times};
}

// int64Amount.AsScaledInt64(scale): the int64 value at `scale`, rounded up.
int64_t int_scaled_value(int64_t value, int32_t own_scale, int32_t scale) {
  if (own_scale < scale) return negative_scale(value, wrap_sub32(scale, own_scale)).value;
  return positive_scale(value, wrap_sub32(own_scale, scale)).value;
}

// int64Amount.Add: false (and nothing changed) when the exact sum does not fit.
bool int_add(int64_t& value, int32_t& scale, int64_t other_value, int32_t other_scale) {
  if (other_value == 0) return true;
  if (value == 0) {
    value = other_value;
    scale = other_scale;
    return true;
  }
  if (scale == other_scale) {
    const Checked sum = int64_add(value, other_value);
    if (!sum.ok) return false;
    value = sum.value;
    return true;
  }
  if (scale > other_scale) {
    const Checked scaled = positive_scale(value, wrap_sub32(scale, other_scale));
    if (!scaled.ok) return false;
    const Checked sum = int64_add(scaled.value, other_value);
    if (!sum.ok) return false;
    scale = other_scale;
    value = sum.value;
    return true;
  }
  const Checked scaled = positive_scale(other_value, wrap_sub32(other_scale, scale));
  if (!scaled.ok) return false;
  const Checked sum = int64_add(value, scaled.value);
  if (!sum.ok) return false;
  value = sum.value;
  return true;
}

// --- decimal digit strings -------------------------------------------------------------------

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// Strips leading zeros, and moves trailing zeros into *zeros; zero becomes "" with no zeros.
void normalize_digits(std::string& digits, int64_t& zeros) {
  size_t first = 0;
  while (first < digits.size() && digits[first] == '0') ++first;
  if (first == digits.size()) {
    digits.clear();
    zeros = 0;
    return;
  }
  size_t last = digits.size();
  while (digits[last - 1] == '0') --last;
  zeros += static_cast<int64_t>(digits.size() - last);
  digits.erase(last);
  digits.erase(0, first);
}

// Adds one to a string of decimal digits.
void increment_digits(std::string& digits) {
  for (size_t i = digits.size(); i-- > 0;) {
    if (digits[i] != '9') {
      ++digits[i];
      return;
    }
    digits[i] = '0';
  }
  digits.insert(digits.begin(), '1');
}

// Multiplies a string of decimal digits by 2^bits in linear passes.
void shift_left_digits(std::string& digits, int32_t bits) {
  while (bits > 0) {
    const int32_t step = std::min<int32_t>(bits, 30);
    bits -= step;
    uint64_t carry = 0;
    for (size_t i = digits.size(); i-- > 0;) {
      const uint64_t v = (static_cast<uint64_t>(digits[i] - '0') << step) + carry;
      digits[i] = static_cast<char>('0' + v % 10);
      carry = v / 10;
    }
    std::string head;
    while (carry > 0) {
      head.push_back(static_cast<char>('0' + carry % 10));
      carry /= 10;
    }
    std::reverse(head.begin(), head.end());
    digits.insert(0, head);
  }
}

// Digits mod 2^64 (Go's big.Int low 64 bits).
uint64_t low64_of_digits(std::string_view digits) {
  uint64_t v = 0;
  for (char c : digits) v = v * 10 + static_cast<uint64_t>(c - '0');
  return v;
}

// 10^n mod 2^64 (it is 0 from n = 64 on).
uint64_t low64_pow10(int64_t n) {
  if (n >= 64) return 0;
  uint64_t v = 1;
  for (int64_t i = 0; i < n; ++i) v *= 10;
  return v;
}

// Go's big.Int.Int64(): the low 64 bits of the magnitude as int64, negated for negative values.
int64_t go_int64(bool negative, uint64_t low_magnitude) {
  const int64_t v = static_cast<int64_t>(low_magnitude);
  return negative ? wrap_neg64(v) : v;
}

// A nonnegative big integer in base 2^32, for the binary (base 1024) canonical form only.
class BigNat {
 public:
  static BigNat from_decimal(std::string_view digits, int64_t trailing_zeros) {
    BigNat n;
    size_t i = 0;
    const size_t head = digits.size() % 9;
    if (head > 0) {
      n.mul_add(static_cast<uint64_t>(kPow10[head]), parse_chunk(digits.substr(0, head)));
      i = head;
    }
    for (; i < digits.size(); i += 9) n.mul_add(1000000000, parse_chunk(digits.substr(i, 9)));
    for (int64_t z = trailing_zeros; z > 0; z -= 9) {
      n.mul_add(static_cast<uint64_t>(kPow10[static_cast<size_t>(std::min<int64_t>(z, 9))]), 0);
    }
    return n;
  }

  int64_t trailing_zero_bits() const {
    int64_t bits = 0;
    for (uint32_t limb : limbs_) {
      if (limb != 0) return bits + __builtin_ctz(limb);
      bits += 32;
    }
    return bits;
  }

  void shift_right(int64_t bits) {
    const size_t words = static_cast<size_t>(bits / 32);
    const int shift = static_cast<int>(bits % 32);
    limbs_.erase(limbs_.begin(), limbs_.begin() + static_cast<std::ptrdiff_t>(std::min(words, limbs_.size())));
    if (shift > 0) {
      for (size_t i = 0; i < limbs_.size(); ++i) {
        const uint64_t next = i + 1 < limbs_.size() ? limbs_[i + 1] : 0;
        limbs_[i] = static_cast<uint32_t>((limbs_[i] >> shift) | (next << (32 - shift)));
      }
    }
    trim();
  }

  std::string to_decimal() const {
    if (limbs_.empty()) return "0";
    std::vector<uint32_t> work = limbs_;
    std::vector<uint32_t> chunks;  // base 10^9, least significant first
    while (!work.empty()) {
      uint64_t rem = 0;
      for (size_t i = work.size(); i-- > 0;) {
        const uint64_t cur = (rem << 32) | work[i];
        work[i] = static_cast<uint32_t>(cur / 1000000000);
        rem = cur % 1000000000;
      }
      chunks.push_back(static_cast<uint32_t>(rem));
      while (!work.empty() && work.back() == 0) work.pop_back();
    }
    std::string out = std::to_string(chunks.back());
    for (size_t i = chunks.size() - 1; i-- > 0;) {
      const std::string part = std::to_string(chunks[i]);
      out.append(9 - part.size(), '0');
      out += part;
    }
    return out;
  }

 private:
  static uint32_t parse_chunk(std::string_view s) {
    uint32_t v = 0;
    for (char c : s) v = v * 10 + static_cast<uint32_t>(c - '0');
    return v;
  }

  void mul_add(uint64_t mul, uint32_t add) {
    uint64_t carry = add;
    for (uint32_t& limb : limbs_) {
      const uint64_t cur = static_cast<uint64_t>(limb) * mul + carry;
      limb = static_cast<uint32_t>(cur);
      carry = cur >> 32;
    }
    if (carry > 0) limbs_.push_back(static_cast<uint32_t>(carry));
  }

  void trim() {
    while (!limbs_.empty() && limbs_.back() == 0) limbs_.pop_back();
  }

  std::vector<uint32_t> limbs_;  // least significant first
};

// --- exact decimal values ----------------------------------------------------------------------

// A read-only decimal: (negative ? -1 : 1) * digits * 10^exponent, digits without leading or
// trailing zeros (empty for zero).
struct DecimalView {
  bool negative = false;
  std::string_view digits;
  int64_t exponent = 0;

  int64_t top() const { return static_cast<int64_t>(digits.size()) + exponent; }
};

// The digits of an int64 mantissa as a DecimalView over its own buffer (hence not copyable).
class IntDigits {
 public:
  IntDigits() = default;
  IntDigits(int64_t value, int64_t exponent) { assign(value, exponent); }
  IntDigits(const IntDigits&) = delete;
  IntDigits& operator=(const IntDigits&) = delete;

  const DecimalView& assign(int64_t value, int64_t exponent) {
    view_ = DecimalView{};
    if (value == 0) return view_;
    auto [end, ec] = std::to_chars(buffer_, buffer_ + sizeof buffer_, magnitude(value));
    (void)ec;
    size_t len = static_cast<size_t>(end - buffer_);
    int64_t zeros = 0;
    while (buffer_[len - 1] == '0') {
      --len;
      ++zeros;
    }
    view_ = DecimalView{value < 0, std::string_view(buffer_, len), exponent + zeros};
    return view_;
  }

  const DecimalView& view() const { return view_; }

 private:
  char buffer_[24] = {};
  DecimalView view_;
};

int compare_magnitudes(const DecimalView& a, const DecimalView& b) {
  if (a.digits.empty() || b.digits.empty()) return a.digits.empty() ? (b.digits.empty() ? 0 : -1) : 1;
  if (a.top() != b.top()) return a.top() < b.top() ? -1 : 1;
  const size_t n = std::min(a.digits.size(), b.digits.size());
  const int c = std::memcmp(a.digits.data(), b.digits.data(), n);
  if (c != 0) return c < 0 ? -1 : 1;
  if (a.digits.size() == b.digits.size()) return 0;
  return a.digits.size() < b.digits.size() ? -1 : 1;
}

int compare_values(const DecimalView& a, const DecimalView& b) {
  const int sa = a.digits.empty() ? 0 : (a.negative ? -1 : 1);
  const int sb = b.digits.empty() ? 0 : (b.negative ? -1 : 1);
  if (sa != sb) return sa < sb ? -1 : 1;
  if (sa == 0) return 0;
  const int m = compare_magnitudes(a, b);
  return sa > 0 ? m : -m;
}

struct DecimalValue {
  bool negative = false;
  std::string digits;
  int64_t exponent = 0;
};

// a + b exactly, unless the exact digits would run past kMaxExactDigits (and the operands' own
// lengths): then digits below that many places under the leading one are dropped first.
DecimalValue add_decimals(const DecimalView& a, const DecimalView& b) {
  if (a.digits.empty()) return {b.negative, std::string(b.digits), b.exponent};
  if (b.digits.empty()) return {a.negative, std::string(a.digits), a.exponent};
  const int64_t top = std::max(a.top(), b.top());
  int64_t low = std::min(a.exponent, b.exponent);
  const int64_t limit = std::max<int64_t>({kMaxExactDigits, static_cast<int64_t>(a.digits.size()),
                                           static_cast<int64_t>(b.digits.size())}) + 1;
  if (top - low > limit) low = top - limit;
  const size_t width = static_cast<size_t>(top - low);
  auto place = [&](const DecimalView& v) {
    std::string out(width, '0');
    for (size_t i = 0; i < v.digits.size(); ++i) {
      const int64_t position = v.top() - 1 - static_cast<int64_t>(i);  // power of ten of this digit
      if (position < low) break;
      out[static_cast<size_t>(top - 1 - position)] = v.digits[i];
    }
    return out;
  };
  std::string x = place(a);
  std::string y = place(b);
  DecimalValue result;
  result.exponent = low;
  if (a.negative == b.negative) {
    result.negative = a.negative;
    int carry = 0;
    for (size_t i = width; i-- > 0;) {
      const int d = (x[i] - '0') + (y[i] - '0') + carry;
      x[i] = static_cast<char>('0' + d % 10);
      carry = d / 10;
    }
    if (carry) x.insert(x.begin(), '1');
    result.digits = std::move(x);
  } else {
    const int c = x.compare(y);
    if (c == 0) return {};
    if (c < 0) std::swap(x, y);
    result.negative = c > 0 ? a.negative : b.negative;
    int borrow = 0;
    for (size_t i = width; i-- > 0;) {
      int d = (x[i] - '0') - (y[i] - '0') - borrow;
      borrow = d < 0;
      if (borrow) d += 10;
      x[i] = static_cast<char>('0' + d);
    }
    result.digits = std::move(x);
  }
  normalize_digits(result.digits, result.exponent);
  if (result.digits.empty()) result.negative = false;
  return result;
}

// inf.Dec canonical bytes: the mantissa with up to two zeros appended so the exponent is a
// multiple of three (Go's truncated modulo, int32 wrap-around included).
void append_dec_canonical(std::string& out, int32_t& exponent_out, bool negative, std::string_view digits,
                          int64_t zeros, int32_t dec_scale) {
  int32_t exponent = wrap_add32(wrap_neg32(dec_scale), wrap_to32(zeros));
  if (negative) out.push_back('-');
  out.append(digits);
  while (exponent % 3 != 0) {
    out.push_back('0');
    exponent = wrap_sub32(exponent, 1);
  }
  exponent_out = exponent;
}

void append_int(std::string& out, int64_t value) {
  char buffer[24];
  auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
  (void)ec;
  out.append(buffer, end);
}

// int64Amount canonical bytes; falls back to the inf.Dec form when scaling up overflows.
void append_int_canonical(std::string& out, int32_t& exponent_out, int64_t value, int32_t scale) {
  const Factored f = remove_factors(value, 10);
  int32_t exponent = wrap_add32(scale, f.times);
  int64_t amount = f.value;
  const int32_t rem = exponent % 3;
  if (rem == 1 || rem == -2 || rem == 2 || rem == -1) {
    const bool by_ten = rem == 1 || rem == -2;
    const Checked scaled = int64_multiply_scale(amount, by_ten ? 10 : 100);
    if (!scaled.ok) {
      const IntDigits d(value, 0);
      append_dec_canonical(out, exponent_out, value < 0, d.view().digits, d.view().exponent, wrap_neg32(scale));
      return;
    }
    amount = scaled.value;
    exponent = wrap_sub32(exponent, by_ten ? 1 : 2);
  }
  append_int(out, amount);
  exponent_out = exponent;
}

void append_suffix(std::string& out, int32_t base, int32_t exponent, Quantity::Format format) {
  switch (format) {
    case Quantity::Format::DecimalSI:
      if (base != 10) return;
      switch (exponent) {
        case -9: out += 'n'; return;
        case -6: out += 'u'; return;
        case -3: out += 'm'; return;
        case 3: out += 'k'; return;
        case 6: out += 'M'; return;
        case 9: out += 'G'; return;
        case 12: out += 'T'; return;
        case 15: out += 'P'; return;
        case 18: out += 'E'; return;
        default: return;  // no suffix for 10^0, nor for exponents without one (as apimachinery)
      }
    case Quantity::Format::BinarySI:
      if (base != 2) return;
      switch (exponent) {
        case 10: out += "Ki"; return;
        case 20: out += "Mi"; return;
        case 30: out += "Gi"; return;
        case 40: out += "Ti"; return;
        case 50: out += "Pi"; return;
        case 60: out += "Ei"; return;
        default: return;
      }
    case Quantity::Format::DecimalExponent:
      if (base != 10 || exponent == 0) return;
      out += 'e';
      append_int(out, exponent);
      return;
  }
}

// --- parsing ------------------------------------------------------------------------------------

struct SuffixInfo {
  int32_t base;
  int32_t exponent;
  Quantity::Format format;
};

// Go's strconv.ParseInt(s, 10, 64).
std::optional<int64_t> parse_int64(std::string_view s) {
  bool negative = false;
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) {
    negative = s[0] == '-';
    s.remove_prefix(1);
  }
  if (s.empty()) return std::nullopt;
  uint64_t v = 0;
  const uint64_t cap = negative ? uint64_t{1} << 63 : (uint64_t{1} << 63) - 1;
  for (char c : s) {
    if (!is_digit(c)) return std::nullopt;
    const uint64_t d = static_cast<uint64_t>(c - '0');
    if (v > (cap - d) / 10) return std::nullopt;
    v = v * 10 + d;
  }
  return negative ? static_cast<int64_t>(0 - v) : static_cast<int64_t>(v);
}

std::optional<SuffixInfo> interpret_suffix(std::string_view s) {
  using F = Quantity::Format;
  if (s.size() <= 1) {
    if (s.empty()) return SuffixInfo{10, 0, F::DecimalSI};
    switch (s[0]) {
      case 'n': return SuffixInfo{10, -9, F::DecimalSI};
      case 'u': return SuffixInfo{10, -6, F::DecimalSI};
      case 'm': return SuffixInfo{10, -3, F::DecimalSI};
      case 'k': return SuffixInfo{10, 3, F::DecimalSI};
      case 'M': return SuffixInfo{10, 6, F::DecimalSI};
      case 'G': return SuffixInfo{10, 9, F::DecimalSI};
      case 'T': return SuffixInfo{10, 12, F::DecimalSI};
      case 'P': return SuffixInfo{10, 15, F::DecimalSI};
      case 'E': return SuffixInfo{10, 18, F::DecimalSI};
      default: return std::nullopt;
    }
  }
  if (s.size() == 2 && s[1] == 'i') {
    switch (s[0]) {
      case 'K': return SuffixInfo{2, 10, F::BinarySI};
      case 'M': return SuffixInfo{2, 20, F::BinarySI};
      case 'G': return SuffixInfo{2, 30, F::BinarySI};
      case 'T': return SuffixInfo{2, 40, F::BinarySI};
      case 'P': return SuffixInfo{2, 50, F::BinarySI};
      case 'E': return SuffixInfo{2, 60, F::BinarySI};
      default: break;
    }
  }
  if (s[0] == 'e' || s[0] == 'E') {
    const std::optional<int64_t> parsed = parse_int64(s.substr(1));
    if (!parsed) return std::nullopt;
    return SuffixInfo{10, wrap_to32(*parsed), F::DecimalExponent};  // Go truncates to int32
  }
  return std::nullopt;
}

bool is_suffix_letter(char c) {
  switch (c) {
    case 'e': case 'E': case 'i': case 'n': case 'u': case 'm':
    case 'k': case 'K': case 'M': case 'G': case 'T': case 'P':
      return true;
    default:
      return false;
  }
}

// The pieces of a quantity string, as apimachinery's parseQuantityString splits them.
struct Pieces {
  bool positive = true;
  std::string_view value;  // sign, integer and fraction as written
  std::string_view num;    // integer digits without leading zeros ("0" when none)
  std::string_view denom;  // fraction digits
  std::string_view suffix;
};

// False when the text has characters after the suffix's exponent digits.
bool split_quantity(std::string_view s, Pieces& p) {
  static constexpr std::string_view kZero = "0";
  size_t pos = 0;
  const size_t end = s.size();
  if (pos < end) {
    if (s[0] == '-') {
      p.positive = false;
      ++pos;
    } else if (s[0] == '+') {
      ++pos;
    }
  }
  while (true) {
    if (pos >= end) {
      p.num = kZero;
      p.value = kZero;
      return true;
    }
    if (s[pos] != '0') break;
    ++pos;
  }
  size_t i = pos;
  while (true) {
    if (i >= end) {
      p.num = s.substr(pos);
      p.value = s;
      return true;
    }
    if (!is_digit(s[i])) break;
    ++i;
  }
  p.num = s.substr(pos, i - pos);
  pos = i;
  if (p.num.empty()) p.num = kZero;
  if (pos < end && s[pos] == '.') {
    ++pos;
    i = pos;
    while (true) {
      if (i >= end) {
        p.denom = s.substr(pos);
        p.value = s;
        return true;
      }
      if (!is_digit(s[i])) break;
      ++i;
    }
    p.denom = s.substr(pos, i - pos);
    pos = i;
  }
  p.value = s.substr(0, pos);
  const size_t suffix_start = pos;
  i = pos;
  while (true) {
    if (i >= end) {
      p.suffix = s.substr(suffix_start);
      return true;
    }
    if (!is_suffix_letter(s[i])) break;
    ++i;
  }
  pos = i;
  if (pos < end && (s[pos] == '-' || s[pos] == '+')) ++pos;
  for (i = pos;; ++i) {
    if (i >= end) {
      p.suffix = s.substr(suffix_start);
      return true;
    }
    if (!is_digit(s[i])) return false;
  }
}

std::optional<Quantity> fail(std::string* error, std::string_view message) {
  if (error) *error = std::string(message);
  return std::nullopt;
}

}  // namespace

// Private access for the parser and arithmetic above.
struct QuantityMath {
  static DecimalView view(const Quantity& q, IntDigits& storage) {
    if (q.big_) return DecimalView{q.negative_, q.text_, q.zeros_ - q.dec_scale_};
    return storage.assign(q.value_, q.scale_);
  }

  // Quantity.ToDec(): int64Amount.AsDec() keeps the mantissa and negates the scale (int32).
  static void to_dec(Quantity& q) {
    if (q.big_) return;
    const IntDigits d(q.value_, 0);
    q.negative_ = d.view().negative;
    q.text_.assign(d.view().digits);
    q.zeros_ = d.view().exponent;
    q.dec_scale_ = wrap_neg32(q.scale_);
    q.value_ = 0;
    q.scale_ = 0;
    q.big_ = true;
  }

  // inf.Dec Add: the exact sum at the larger of the two scales (q is already in big form).
  static void dec_add(Quantity& q, const Quantity& other, bool subtract) {
    Quantity y = other;  // y.AsDec(): the same int32 scale negation as q's own conversion
    to_dec(y);
    const DecimalView a{q.negative_, q.text_, q.zeros_ - q.dec_scale_};
    DecimalView b{y.negative_, y.text_, y.zeros_ - y.dec_scale_};
    if (subtract && !b.digits.empty()) b.negative = !b.negative;
    DecimalValue sum = add_decimals(a, b);
    const int32_t scale = std::max(q.dec_scale_, y.dec_scale_);
    q.negative_ = sum.negative;
    q.zeros_ = sum.digits.empty() ? 0 : sum.exponent + scale;
    q.text_ = std::move(sum.digits);
    q.dec_scale_ = scale;
  }

  static void add(Quantity& q, const Quantity& y, bool subtract) {
    if (!q.big_) q.text_.clear();
    if (subtract) {
      if (q.is_zero()) q.format_ = y.format_;
      if (!q.big_ && !y.big_ && int_add(q.value_, q.scale_, wrap_neg64(y.value_), y.scale_)) return;
    } else if (!q.big_ && !y.big_) {
      if (q.value_ == 0) q.format_ = y.format_;
      if (int_add(q.value_, q.scale_, y.value_, y.scale_)) return;
    } else if (q.is_zero()) {
      q.format_ = y.format_;
    }
    to_dec(q);
    dec_add(q, y, subtract);
  }

  // scaledValue(unscaled, scale, newScale) of scale_int.go on the big form.
  static int64_t dec_scaled_value(const Quantity& q, int32_t scale) {
    if (q.text_.empty()) return 0;
    const std::string_view digits = q.text_;
    const int64_t dif = static_cast<int64_t>(q.dec_scale_) - static_cast<int64_t>(wrap_neg32(scale));
    auto unscaled_int64 = [&] { return go_int64(q.negative_, low64_of_digits(digits) * low64_pow10(q.zeros_)); };
    if (dif == 0) return unscaled_int64();
    if (dif < 0) {
      // int64(math.Pow10(n)) is exact up to 10^18; past that amd64 yields the "integer indefinite" value.
      const int64_t multiplier = -dif <= 18 ? kPow10[static_cast<size_t>(-dif)] : kMostNegative;
      return wrap_mul64(unscaled_int64(), multiplier);
    }
    const int64_t length = static_cast<int64_t>(digits.size()) + q.zeros_;
    bool below_max = q.negative_ || length < 19;
    if (!below_max && length == 19) {
      std::string padded(digits);
      padded.append(static_cast<size_t>(q.zeros_), '0');
      below_max = padded < "9223372036854775807";
    }
    if (below_max && dif < 19) {
      const int64_t x = unscaled_int64();
      const int64_t divisor = kPow10[static_cast<size_t>(dif)];
      const int64_t result = x / divisor;
      return x % divisor != 0 ? result + 1 : result;
    }
    // big.Int DivMod is Euclidean: the quotient rounds toward negative infinity here.
    if (q.zeros_ >= dif) return go_int64(q.negative_, low64_of_digits(digits) * low64_pow10(q.zeros_ - dif));
    const int64_t dropped = dif - q.zeros_;
    const uint64_t truncated =
        dropped >= static_cast<int64_t>(digits.size())
            ? 0
            : low64_of_digits(digits.substr(0, digits.size() - static_cast<size_t>(dropped)));
    const int64_t quotient = q.negative_ ? go_int64(true, truncated + 1) : go_int64(false, truncated);
    return wrap_add64(quotient, 1);
  }

  // The inf.Dec branch of ParseQuantity: value is the sign, integer and fraction as written.
  static std::optional<Quantity> parse_big(std::string_view value, const SuffixInfo& suffix, std::string* error) {
    Quantity q;
    q.format_ = suffix.format;
    bool negative = false;
    if (!value.empty() && (value[0] == '+' || value[0] == '-')) {
      negative = value[0] == '-';
      value.remove_prefix(1);
    }
    std::string digits;
    digits.reserve(value.size());
    int64_t fraction_digits = 0;
    bool in_fraction = false;
    for (char c : value) {
      if (c == '.') {
        in_fraction = true;
        continue;
      }
      digits.push_back(c);
      if (in_fraction) ++fraction_digits;
    }
    if (digits.empty()) return fail(error, kErrNumeric);  // inf.Dec.SetString: "no digits read"

    int32_t scale = wrap_to32(fraction_digits);
    int64_t zeros = 0;
    if (suffix.base == 10) {
      scale = wrap_add32(scale, wrap_neg32(suffix.exponent));
      normalize_digits(digits, zeros);
    } else {
      normalize_digits(digits, zeros);
      if (!digits.empty()) {
        shift_left_digits(digits, suffix.exponent);
        normalize_digits(digits, zeros);
      }
    }

    if (!digits.empty()) {
      // Round(amount, 9, RoundUp) on the magnitude: anything finer than 1n rounds up to it.
      const int32_t shift = wrap_sub32(-kNanoScale, scale);
      if (shift > 0) {
        zeros += shift;
      } else if (shift < 0) {
        const int64_t drop = -static_cast<int64_t>(shift);
        if (zeros >= drop) {
          zeros -= drop;
        } else {
          const int64_t cut = drop - zeros;
          zeros = 0;
          if (cut >= static_cast<int64_t>(digits.size())) {
            digits.clear();
          } else {
            digits.erase(digits.size() - static_cast<size_t>(cut));
          }
          increment_digits(digits);
          normalize_digits(digits, zeros);
        }
      }
      scale = -kNanoScale;
    }

    if (suffix.format == Quantity::Format::BinarySI && !digits.empty()) {
      const DecimalView magnitude_view{false, digits, zeros - scale};
      const IntDigits max(kMostPositive, 0);
      if (compare_magnitudes(magnitude_view, max.view()) > 0) {
        digits.assign(max.view().digits);
        zeros = 0;
        scale = 0;
      }
      const IntDigits one(1, 0);
      if (compare_magnitudes(DecimalView{false, digits, zeros - scale}, one.view()) < 0) {
        q.format_ = Quantity::Format::DecimalSI;  // avoids printing a fraction of a binary unit
      }
    }

    q.big_ = true;
    q.negative_ = negative && !digits.empty();
    q.text_ = std::move(digits);
    q.zeros_ = zeros;
    q.dec_scale_ = scale;
    return q;
  }

  static std::optional<Quantity> parse(std::string_view str, std::string* error) {
    if (str.empty()) return fail(error, kErrFormatWrong);
    if (str == "0") return Quantity{};

    Pieces p;
    if (!split_quantity(str, p)) return fail(error, kErrFormatWrong);
    const std::optional<SuffixInfo> suffix = interpret_suffix(p.suffix);
    if (!suffix) return fail(error, kErrSuffix);

    int32_t precision = 0;
    int32_t scale = 0;
    int64_t mantissa = 1;
    if (suffix->format == Quantity::Format::BinarySI) {
      if (suffix->exponent >= 0 && p.denom.empty()) {
        mantissa = int64_t{1} << suffix->exponent;
        // 2^10 carries about three decimal digits, so the int64 fast path keeps ~15 of them.
        precision = wrap_sub32(wrap_sub32(wrap_sub32(15, wrap_to32(static_cast<int64_t>(p.num.size()))),
                                          suffix->exponent * 3 / 10),
                               1);
      } else {
        precision = -1;
      }
    } else {
      scale = suffix->exponent;
      precision = wrap_sub32(18, wrap_to32(static_cast<int64_t>(p.num.size() + p.denom.size())));
    }

    if (precision >= 0) {
      scale = wrap_sub32(scale, wrap_to32(static_cast<int64_t>(p.denom.size())));
      if (scale >= kNanoScale) {
        const size_t total = p.num.size() + p.denom.size();
        auto digit_at = [&](size_t i) { return i < p.num.size() ? p.num[i] : p.denom[i - p.num.size()]; };
        if (total > 19) return fail(error, kErrNumeric);
        uint64_t parsed = 0;
        for (size_t i = 0; i < total; ++i) parsed = parsed * 10 + static_cast<uint64_t>(digit_at(i) - '0');
        if (parsed > static_cast<uint64_t>(kMostPositive)) return fail(error, kErrNumeric);
        const int64_t value = static_cast<int64_t>(parsed);
        const Checked product = int64_multiply(value, mantissa);
        if (product.ok) {
          Quantity q;
          q.value_ = p.positive ? product.value : wrap_neg64(product.value);
          q.scale_ = scale;
          q.format_ = suffix->format;
          if (keeps_text(str, p, *suffix, value, scale, total, digit_at)) q.text_.assign(str);
          return q;
        }
      }
    }
    return parse_big(p.value, *suffix, error);
  }

  // ParseQuantity remembers the input when it looks canonical, and String() then returns it
  // verbatim ("+1Ki", "1.001k", "1e0"). Only texts that differ from the computed canonical
  // form need storing.
  template <typename DigitAt>
  static bool keeps_text(std::string_view str, const Pieces& p, const SuffixInfo& suffix, int64_t value,
                         int32_t scale, size_t total, DigitAt digit_at) {
    if (suffix.format == Quantity::Format::BinarySI) {
      if (suffix.exponent % 10 != 0 || (value & 0x07) == 0) return false;
    } else {
      if (scale % 3 != 0) return false;
      if (total >= 3 && digit_at(total - 1) == '0' && digit_at(total - 2) == '0' && digit_at(total - 3) == '0') {
        return false;
      }
      if (digit_at(0) == '0') return false;
    }
    // Remembered: store it unless it is byte-for-byte what to_string() computes anyway.
    const size_t body = str[0] == '-' ? 1 : 0;
    if (str[0] == '+' || str[body] == '0' || str.find('.') != std::string_view::npos) return true;
    if (suffix.format == Quantity::Format::DecimalExponent) {
      // Near the int32 limit the canonical exponent wraps around, so keep such texts too.
      if (suffix.exponent == 0 || suffix.exponent > 1000000000) return true;
      std::string expected = "e";
      append_int(expected, suffix.exponent);
      return p.suffix != expected;
    }
    return false;
  }

  static std::string to_string(const Quantity& q) {
    if (!q.big_ && !q.text_.empty()) return q.text_;
    if (q.is_zero()) return "0";

    Quantity::Format format = q.format_;
    // The binary form prints an integer: the value rounded up to scale 0, when that is exact.
    int64_t rounded_value = 0;
    int32_t rounded_scale = 0;
    int64_t integer_exponent = 0;  // big form: power of ten of the last significant digit
    if (format == Quantity::Format::BinarySI) {
      if (q.compare(Quantity::from_int(-1024)) > 0 && q.compare(Quantity::from_int(1024)) < 0) {
        format = Quantity::Format::DecimalSI;
      } else if (!q.big_) {
        if (q.scale_ >= 0) {
          rounded_value = q.value_;
          rounded_scale = q.scale_;
        } else {
          const Checked r = negative_scale(q.value_, wrap_neg32(q.scale_));
          if (!r.ok) format = Quantity::Format::DecimalSI;
          rounded_value = r.value;
        }
      } else {
        integer_exponent = q.zeros_ - q.dec_scale_;
        if (integer_exponent < 0) format = Quantity::Format::DecimalSI;
      }
    }

    std::string out;
    int32_t exponent = 0;
    if (format != Quantity::Format::BinarySI) {
      if (q.big_) {
        append_dec_canonical(out, exponent, q.negative_, q.text_, q.zeros_, q.dec_scale_);
      } else {
        append_int_canonical(out, exponent, q.value_, q.scale_);
      }
      append_suffix(out, 10, exponent, format);
      return out;
    }

    if (!q.big_) {
      const Checked whole = positive_scale(rounded_value, rounded_scale);
      if (whole.ok) {
        const Factored f = remove_factors(whole.value, 1024);
        append_int(out, f.value);
        append_suffix(out, 2, wrap_mul32(f.times, 10), format);
        return out;
      }
    }
    // Base-1024 digits of a big integer: only feasible while its decimal expansion is bounded.
    IntDigits storage;
    const DecimalView integer = q.big_ ? DecimalView{q.negative_, q.text_, integer_exponent}
                                       : storage.assign(rounded_value, rounded_scale);
    if (integer.top() > kMaxExactDigits) {
      // Beyond reach (apimachinery would print tens of thousands of digits): the exact value
      // as a decimal exponent instead.
      if (q.big_) {
        append_dec_canonical(out, exponent, q.negative_, q.text_, q.zeros_, q.dec_scale_);
      } else {
        append_int_canonical(out, exponent, rounded_value, rounded_scale);
      }
      append_suffix(out, 10, exponent, Quantity::Format::DecimalExponent);
      return out;
    }
    BigNat n = BigNat::from_decimal(integer.digits, integer.exponent);
    const int64_t times = n.trailing_zero_bits() / 10;
    n.shift_right(times * 10);
    if (integer.negative) out.push_back('-');
    out += n.to_decimal();
    append_suffix(out, 2, wrap_mul32(wrap_to32(times), 10), format);
    return out;
  }
};

std::optional<Quantity> Quantity::parse(std::string_view text, std::string* error) {
  return QuantityMath::parse(text, error);
}

Quantity Quantity::from_scaled(int64_t value, int32_t scale, Format format) {
  Quantity q;
  q.value_ = value;
  q.scale_ = scale;
  q.format_ = format;
  return q;
}

int64_t Quantity::value() const { return scaled_value(0); }

int64_t Quantity::milli_value() const { return scaled_value(-3); }

int64_t Quantity::scaled_value(int32_t scale) const {
  if (!big_) return int_scaled_value(value_, scale_, scale);
  return QuantityMath::dec_scaled_value(*this, scale);
}

std::optional<int64_t> Quantity::as_int64() const {
  if (big_ || scale_ < 0) return std::nullopt;
  if (scale_ == 0) return value_;
  const Checked scaled = positive_scale(value_, scale_);
  if (!scaled.ok) return std::nullopt;
  return scaled.value;
}

double Quantity::as_approximate_float64() const {
  double base = 0;
  int64_t exponent = 0;
  if (big_) {
    base = digits_to_double(text_, zeros_);
    if (negative_) base = -base;
    exponent = wrap_neg32(dec_scale_);  // inf.Dec's scale negated as an int32, as Go does
  } else {
    base = static_cast<double>(value_);
    exponent = scale_;
  }
  if (exponent == 0) return base;
  return base * go_pow10(exponent);
}

void Quantity::to_dec() { QuantityMath::to_dec(*this); }

int Quantity::compare(const Quantity& other) const {
  if (!big_ && !other.big_) {
    if (scale_ == other.scale_ || value_ == 0 || other.value_ == 0) {
      if (scale_ == other.scale_) return value_ < other.value_ ? -1 : (value_ > other.value_ ? 1 : 0);
      const int a = sign();
      const int b = other.sign();
      return a < b ? -1 : (a > b ? 1 : 0);
    }
  }
  IntDigits sa;
  IntDigits sb;
  return compare_values(QuantityMath::view(*this, sa), QuantityMath::view(other, sb));
}

bool Quantity::is_zero() const { return big_ ? text_.empty() : value_ == 0; }

int Quantity::sign() const {
  if (big_) return text_.empty() ? 0 : (negative_ ? -1 : 1);
  return value_ == 0 ? 0 : (value_ > 0 ? 1 : -1);
}

void Quantity::add(const Quantity& other) {
  if (&other == this) {
    const Quantity copy = other;
    QuantityMath::add(*this, copy, false);
    return;
  }
  QuantityMath::add(*this, other, false);
}

void Quantity::sub(const Quantity& other) {
  if (&other == this) {
    const Quantity copy = other;
    QuantityMath::add(*this, copy, true);
    return;
  }
  QuantityMath::add(*this, other, true);
}

std::string Quantity::to_string() const { return QuantityMath::to_string(*this); }

}  // namespace podfit
