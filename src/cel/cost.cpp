// What the libraries share to price and order values as cel-go and Kubernetes' cost.go do:
// sizes, traversal costs, Go's conversions, cel-go's Compare and Go's sort.Slice.
#include <bit>
#include <limits>

#include "gonet.h"
#include "internal.h"
#include "shared_values.h"

namespace podfit::cel {

std::uint64_t actual_size(const Value& v) {
  switch (v.kind()) {
    case Kind::String: return utf8_length(v.as_string());
    case Kind::Bytes: return v.as_string().size();
    case Kind::List: return v.as_list().size();
    case Kind::Map: return v.as_map().size();
    case Kind::Optional: return v.optional_has_value() ? actual_size(v.optional_value()) : 1;
    case Kind::Opaque:
      if (v.type_name() == kIPType) return ip_addr(v).is4 ? 4 : 16;
      if (v.type_name() == "net.CIDR") return cidr_size(v);
      return 1;
    default: return 1;
  }
}

namespace {

// The traversal walked element by element, giving up once the sum passes stop_at (the rest
// cannot matter: the call is over its limit) or the walk passes kMaxBuiltText elements.
struct Traversal {
  std::uint64_t stop_at;
  std::uint64_t cost = 0;
  std::size_t walked = 0;
  bool too_long = false;

  // Adds one element of a list or map (a key or a value); false once the walk can stop.
  bool element(const Value& v) {
    if (++walked > kMaxBuiltText) {
      too_long = true;
      return false;
    }
    return add(v);
  }

  // False once the walk can stop.
  bool add(const Value& v) {
    switch (v.kind()) {
      case Kind::String:
      case Kind::Bytes: cost += static_cast<std::uint64_t>(static_cast<double>(v.as_string().size()) * 0.1); break;
      case Kind::List: {
        ListWalk elements(v.as_list());
        for (Value e; elements.next(e);)
          if (!element(e)) return false;
        break;
      }
      case Kind::Map: {
        const MapValue& m = v.as_map();
        for (std::size_t i = 0; i < m.size(); ++i) {
          Value k = m.key_at(i);
          if (!element(k)) return false;
          if (auto e = m.find(k)) {
            if (!element(*e)) return false;
          } else {
            ++cost;
          }
        }
        break;
      }
      default: ++cost;
    }
    return cost <= stop_at;
  }
};

}  // namespace

std::optional<std::uint64_t> kube_traversal_cost(const Value& v, std::uint64_t stop_at) {
  Traversal t{stop_at};
  t.add(v);
  if (t.too_long) return std::nullopt;
  return t.cost;
}

std::uint64_t go_float_to_uint(double f) {
  constexpr double two63 = 9223372036854775808.0;
  if (std::isnan(f)) return 0x8000000000000000ULL;
  // amd64 converts below 2^63 through a signed conversion, which wraps negatives.
  if (f < two63) {
    if (f <= -two63) return 0x8000000000000000ULL;
    return static_cast<std::uint64_t>(static_cast<std::int64_t>(f));
  }
  if (f >= 2 * two63) return 0;
  return static_cast<std::uint64_t>(static_cast<std::int64_t>(f - two63)) ^ 0x8000000000000000ULL;
}

bool is_comparable(const Value& v) {
  switch (v.kind()) {
    case Kind::Int:
    case Kind::Uint:
    case Kind::Double:
    case Kind::Bool:
    case Kind::String:
    case Kind::Bytes: return true;
    case Kind::Opaque: return is_timestamp(v) || is_duration(v);
    default: return false;
  }
}

int cel_compare(const Value& a, const Value& b) {
  auto number = [](Kind k) { return k == Kind::Int || k == Kind::Uint || k == Kind::Double; };
  if (number(a.kind()) && number(b.kind())) return compare_numeric(a, b);
  if (a.kind() != b.kind()) return 2;
  switch (a.kind()) {
    case Kind::Bool:
    case Kind::String:
    case Kind::Bytes: return order_values(a, b);
    case Kind::Opaque: return compare_times(a, b);
    default: return 2;
  }
}

std::string runtime_type_text(const Value& v) {
  switch (v.kind()) {
    case Kind::List: return "list(dyn)";
    case Kind::Map: return "map(dyn, dyn)";
    default: return std::string(v.type_name());
  }
}

namespace {

// Go's sort.Slice internals over positions: pdqsort with insertion sort below 13 elements,
// heapsort past the bad-pivot limit, pattern breaking seeded by the length.
class GoSort {
 public:
  GoSort(const std::function<bool(std::size_t, std::size_t)>& less, const std::function<void(std::size_t, std::size_t)>& swap)
      : less_(less), swap_(swap) {}

  void pdqsort(std::ptrdiff_t a, std::ptrdiff_t b, int limit) {
    constexpr std::ptrdiff_t kMaxInsertion = 12;
    bool balanced = true, partitioned = true;
    for (;;) {
      const std::ptrdiff_t length = b - a;
      if (length <= kMaxInsertion) {
        insertion(a, b);
        return;
      }
      if (limit == 0) {
        heap(a, b);
        return;
      }
      if (!balanced) {
        break_patterns(a, b);
        --limit;
      }
      int hint;
      std::ptrdiff_t pivot = choose_pivot(a, b, hint);
      if (hint == kDecreasing) {
        reverse(a, b);
        pivot = (b - 1) - (pivot - a);
        hint = kIncreasing;
      }
      if (balanced && partitioned && hint == kIncreasing && partial_insertion(a, b)) return;
      if (a > 0 && !less(a - 1, pivot)) {
        a = partition_equal(a, b, pivot);
        continue;
      }
      bool already = false;
      const std::ptrdiff_t mid = partition(a, b, pivot, already);
      partitioned = already;
      const std::ptrdiff_t left = mid - a, right = b - mid, threshold = length / 8;
      if (left < right) {
        balanced = left >= threshold;
        pdqsort(a, mid, limit);
        a = mid + 1;
      } else {
        balanced = right >= threshold;
        pdqsort(mid + 1, b, limit);
        b = mid;
      }
    }
  }

 private:
  static constexpr int kUnknown = 0, kIncreasing = 1, kDecreasing = 2;

  bool less(std::ptrdiff_t i, std::ptrdiff_t j) { return less_(static_cast<std::size_t>(i), static_cast<std::size_t>(j)); }
  void swap(std::ptrdiff_t i, std::ptrdiff_t j) { swap_(static_cast<std::size_t>(i), static_cast<std::size_t>(j)); }

  void insertion(std::ptrdiff_t a, std::ptrdiff_t b) {
    for (std::ptrdiff_t i = a + 1; i < b; ++i)
      for (std::ptrdiff_t j = i; j > a && less(j, j - 1); --j) swap(j, j - 1);
  }

  void sift_down(std::ptrdiff_t lo, std::ptrdiff_t hi, std::ptrdiff_t first) {
    std::ptrdiff_t root = lo;
    for (;;) {
      std::ptrdiff_t child = 2 * root + 1;
      if (child >= hi) return;
      if (child + 1 < hi && less(first + child, first + child + 1)) ++child;
      if (!less(first + root, first + child)) return;
      swap(first + root, first + child);
      root = child;
    }
  }

  void heap(std::ptrdiff_t a, std::ptrdiff_t b) {
    const std::ptrdiff_t first = a, hi = b - a;
    for (std::ptrdiff_t i = (hi - 1) / 2; i >= 0; --i) sift_down(i, hi, first);
    for (std::ptrdiff_t i = hi - 1; i >= 0; --i) {
      swap(first, first + i);
      sift_down(0, i, first);
    }
  }

  std::ptrdiff_t partition(std::ptrdiff_t a, std::ptrdiff_t b, std::ptrdiff_t pivot, bool& already) {
    swap(a, pivot);
    std::ptrdiff_t i = a + 1, j = b - 1;
    while (i <= j && less(i, a)) ++i;
    while (i <= j && !less(j, a)) --j;
    if (i > j) {
      swap(j, a);
      already = true;
      return j;
    }
    swap(i, j);
    ++i;
    --j;
    for (;;) {
      while (i <= j && less(i, a)) ++i;
      while (i <= j && !less(j, a)) --j;
      if (i > j) break;
      swap(i, j);
      ++i;
      --j;
    }
    swap(j, a);
    already = false;
    return j;
  }

  std::ptrdiff_t partition_equal(std::ptrdiff_t a, std::ptrdiff_t b, std::ptrdiff_t pivot) {
    swap(a, pivot);
    std::ptrdiff_t i = a + 1, j = b - 1;
    for (;;) {
      while (i <= j && !less(a, i)) ++i;
      while (i <= j && less(a, j)) --j;
      if (i > j) break;
      swap(i, j);
      ++i;
      --j;
    }
    return i;
  }

  bool partial_insertion(std::ptrdiff_t a, std::ptrdiff_t b) {
    constexpr int kMaxSteps = 5;
    constexpr std::ptrdiff_t kShortestShifting = 50;
    std::ptrdiff_t i = a + 1;
    for (int step = 0; step < kMaxSteps; ++step) {
      while (i < b && !less(i, i - 1)) ++i;
      if (i == b) return true;
      if (b - a < kShortestShifting) return false;
      swap(i, i - 1);
      if (i - a >= 2) {
        for (std::ptrdiff_t j = i - 1; j >= 1; --j) {
          if (!less(j, j - 1)) break;
          swap(j, j - 1);
        }
      }
      if (b - i >= 2) {
        for (std::ptrdiff_t j = i + 1; j < b; ++j) {
          if (!less(j, j - 1)) break;
          swap(j, j - 1);
        }
      }
    }
    return false;
  }

  void break_patterns(std::ptrdiff_t a, std::ptrdiff_t b) {
    const std::ptrdiff_t length = b - a;
    if (length < 8) return;
    auto random = static_cast<std::uint64_t>(length);
    const std::uint64_t modulus = std::uint64_t{1} << std::bit_width(static_cast<std::uint64_t>(length));
    for (std::ptrdiff_t idx = a + (length / 4) * 2 - 1; idx <= a + (length / 4) * 2 + 1; ++idx) {
      random ^= random << 13;
      random ^= random >> 17;
      random ^= random << 5;
      auto other = static_cast<std::ptrdiff_t>(random & (modulus - 1));
      if (other >= length) other -= length;
      swap(idx, a + other);
    }
  }

  std::ptrdiff_t choose_pivot(std::ptrdiff_t a, std::ptrdiff_t b, int& hint) {
    constexpr std::ptrdiff_t kShortestNinther = 50;
    constexpr int kMaxSwaps = 4 * 3;
    const std::ptrdiff_t l = b - a;
    int swaps = 0;
    std::ptrdiff_t i = a + l / 4 * 1, j = a + l / 4 * 2, k = a + l / 4 * 3;
    if (l >= 8) {
      if (l >= kShortestNinther) {
        i = median(i - 1, i, i + 1, swaps);
        j = median(j - 1, j, j + 1, swaps);
        k = median(k - 1, k, k + 1, swaps);
      }
      j = median(i, j, k, swaps);
    }
    hint = swaps == 0 ? kIncreasing : swaps == kMaxSwaps ? kDecreasing : kUnknown;
    return j;
  }

  void order2(std::ptrdiff_t& a, std::ptrdiff_t& b, int& swaps) {
    if (less(b, a)) {
      ++swaps;
      std::swap(a, b);
    }
  }

  std::ptrdiff_t median(std::ptrdiff_t a, std::ptrdiff_t b, std::ptrdiff_t c, int& swaps) {
    order2(a, b, swaps);
    order2(b, c, swaps);
    order2(a, b, swaps);
    return b;
  }

  void reverse(std::ptrdiff_t a, std::ptrdiff_t b) {
    for (std::ptrdiff_t i = a, j = b - 1; i < j; ++i, --j) swap(i, j);
  }

  const std::function<bool(std::size_t, std::size_t)>& less_;
  const std::function<void(std::size_t, std::size_t)>& swap_;
};

}  // namespace

void go_sort_slice(std::size_t n, const std::function<bool(std::size_t, std::size_t)>& less,
                   const std::function<void(std::size_t, std::size_t)>& swap) {
  GoSort s(less, swap);
  s.pdqsort(0, static_cast<std::ptrdiff_t>(n), std::bit_width(n));
}

}  // namespace podfit::cel
