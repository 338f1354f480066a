// resource.Quantity with the Kubernetes API's exact semantics: parsing, rounding,
// comparison, arithmetic and canonical printing.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace podfit {

// A fixed-point decimal number with a unit suffix, as apimachinery's resource.Quantity.
// Values that fit are held as int64 * 10^scale; larger or finer ones as an exact big decimal.
class Quantity {
 public:
  // How the quantity prints itself (the suffix family it was written in).
  enum class Format { DecimalExponent, BinarySI, DecimalSI };

  Quantity() = default;

  // Parses "100m", "1.5Gi", "1e3", "-2"; nullopt with a reason in *error when invalid.
  static std::optional<Quantity> parse(std::string_view text, std::string* error = nullptr);
  // value * 10^scale printed in `format` (NewScaledQuantity / NewQuantity / NewMilliQuantity).
  static Quantity from_scaled(int64_t value, int32_t scale, Format format = Format::DecimalSI);
  static Quantity from_int(int64_t value, Format format = Format::DecimalSI) { return from_scaled(value, 0, format); }
  static Quantity from_milli(int64_t value, Format format = Format::DecimalSI) { return from_scaled(value, -3, format); }

  // Value(): the integer value rounded up (away from zero); out of int64 range it wraps or
  // yields 0 exactly as apimachinery's Value() does.
  int64_t value() const;
  // MilliValue(): value * 1000 rounded up, with Value()'s overflow behaviour.
  int64_t milli_value() const;
  // ScaledValue(scale): value / 10^scale rounded up, with Value()'s overflow behaviour.
  int64_t scaled_value(int32_t scale) const;

  // AsInt64(): the value when the int64 form holds an integer that fits; nullopt for the
  // exact-decimal form and for negative scales even when the value is whole ("1000m").
  std::optional<int64_t> as_int64() const;
  // AsApproximateFloat64(): the mantissa as a float64 times Go's math.Pow10(exponent), so
  // the rounding (and ±Inf, or NaN for 0 * Inf) is apimachinery's.
  double as_approximate_float64() const;
  // ToDec(): moves the value into the exact-decimal form; to_string() then prints the
  // canonical form instead of any remembered text.
  void to_dec();
  // Whether the exact-decimal form holds the value (apimachinery's inf.Dec).
  bool is_dec() const { return big_; }
  // The int64 form as apimachinery's int64Amount holds it: value * 10^scale (meaningless while
  // is_dec()).
  int64_t int64_value() const { return value_; }
  int32_t int64_scale() const { return scale_; }

  // Cmp: -1, 0, 1.
  int compare(const Quantity& other) const;
  bool is_zero() const;
  int sign() const;
  Format format() const { return format_; }

  void add(const Quantity& other);
  void sub(const Quantity& other);

  // String(): the canonical form ("1500m", "2Gi", "1k", "0"), or the parsed text when
  // apimachinery keeps it verbatim.
  std::string to_string() const;

  friend bool operator==(const Quantity& a, const Quantity& b) { return a.compare(b) == 0; }

 private:
  // int64 form (apimachinery's int64Amount), used while big_ is false: value_ * 10^scale_.
  int64_t value_ = 0;
  // Big form (apimachinery's inf.Dec), used once big_ is true: the unscaled integer is
  // (negative_ ? -1 : 1) * text_ * 10^zeros_ and the value is unscaled * 10^-dec_scale_.
  int64_t zeros_ = 0;
  int32_t scale_ = 0;
  int32_t dec_scale_ = 0;
  Format format_ = Format::DecimalSI;
  bool big_ = false;
  bool negative_ = false;
  // big_: the significant digits of the unscaled magnitude (no leading or trailing zeros,
  // empty for zero). Otherwise: the parsed text to_string() echoes, or empty to print canonically.
  std::string text_;

  friend struct QuantityMath;
};

}  // namespace podfit
