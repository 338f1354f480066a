#include "podfit/framework/parallelizer.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>

namespace podfit {

Parallelizer::Parallelizer(size_t parallelism) : parallelism_(std::max<size_t>(parallelism, 1)) {}

void Parallelizer::until(size_t pieces, const std::function<void(size_t)>& work) const {
  const size_t workers = std::min(parallelism_, pieces);
  if (workers <= 1) {
    for (size_t i = 0; i < pieces; ++i) work(i);
    return;
  }

  std::atomic<size_t> next{0};
  std::atomic<bool> failed{false};
  std::exception_ptr first_error;
  std::mutex error_mutex;
  auto drain = [&] {
    for (size_t i = next.fetch_add(1); i < pieces && !failed.load(); i = next.fetch_add(1)) {
      try {
        work(i);
      } catch (...) {
        std::lock_guard<std::mutex> lock(error_mutex);
        if (!first_error) first_error = std::current_exception();
        failed = true;
      }
    }
  };

  std::vector<std::thread> helpers;
  helpers.reserve(workers - 1);
  for (size_t w = 1; w < workers; ++w) {
    // A thread that cannot be started leaves its share to the others.
    try {
      helpers.emplace_back(drain);
    } catch (const std::system_error&) {
      break;
    }
  }
  drain();
  for (auto& helper : helpers) helper.join();
  if (first_error) std::rethrow_exception(first_error);
}

}  // namespace podfit
