#include "podfit/framework/parallelizer.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>

namespace podfit {
namespace {

// Threads kept for the life of the process: a check of 1,000 pods calls until() thousands of
// times, and starting a thread each time (its stack mapped and protected) cost a tenth of it.
class HelperPool {
 public:
  static HelperPool& instance() {
    static HelperPool pool;
    return pool;
  }

  // Runs `drain` on `helpers` pool threads and on the caller, and returns once all are done.
  // False, with nothing run, when the pool is already running a job (a nested or concurrent
  // until()) or has no thread to offer.
  bool run(size_t helpers, const std::function<void()>& drain) {
    {
      std::unique_lock lock(mutex_);
      if (busy_) return false;
      while (threads_.size() < helpers) {
        try {
          const size_t index = threads_.size();
          threads_.emplace_back([this, index] { helper_loop(index); });
        } catch (const std::system_error&) {
          break;  // fewer helpers: the others share the work
        }
      }
      helpers = std::min(helpers, threads_.size());
      if (helpers == 0) return false;
      busy_ = true;
      job_ = &drain;
      job_helpers_ = helpers;
      running_ = helpers;
      ++generation_;
    }
    start_.notify_all();
    drain();
    std::unique_lock lock(mutex_);
    done_.wait(lock, [&] { return running_ == 0; });
    job_ = nullptr;
    busy_ = false;
    return true;
  }

  ~HelperPool() {
    {
      std::lock_guard lock(mutex_);
      stopping_ = true;
    }
    start_.notify_all();
    for (std::thread& t : threads_) t.join();
  }

 private:
  void helper_loop(size_t index) {
    uint64_t seen = 0;
    std::unique_lock lock(mutex_);
    for (;;) {
      start_.wait(lock, [&] { return stopping_ || generation_ != seen; });
      if (stopping_) return;
      seen = generation_;
      if (index >= job_helpers_) continue;
      const std::function<void()>* job = job_;
      lock.unlock();
      (*job)();
      lock.lock();
      if (--running_ == 0) done_.notify_all();
    }
  }

  std::mutex mutex_;
  std::condition_variable start_;
  std::condition_variable done_;
  std::vector<std::thread> threads_;
  const std::function<void()>* job_ = nullptr;
  size_t job_helpers_ = 0;
  size_t running_ = 0;
  uint64_t generation_ = 0;
  bool busy_ = false;
  bool stopping_ = false;
};

// kube-scheduler's chunkSizeFor: pieces are handed out in chunks of about sqrt(n), so that
// workers take turns on the shared counter rarely, yet end close together.
size_t chunk_size(size_t pieces, size_t parallelism) {
  size_t chunk = static_cast<size_t>(std::sqrt(static_cast<double>(pieces)));
  chunk = std::min(chunk, pieces / parallelism + 1);
  return std::max<size_t>(chunk, 1);
}

}  // namespace

Parallelizer::Parallelizer(size_t parallelism) : parallelism_(std::max<size_t>(parallelism, 1)) {}

void Parallelizer::until(size_t pieces, const std::function<void(size_t)>& work) const {
  const size_t workers = std::min(parallelism_, pieces);
  if (workers <= 1) {
    for (size_t i = 0; i < pieces; ++i) work(i);
    return;
  }

  const size_t chunk = chunk_size(pieces, workers);
  std::atomic<size_t> next{0};
  std::atomic<bool> failed{false};
  std::exception_ptr first_error;
  std::mutex error_mutex;
  const std::function<void()> drain = [&] {
    for (size_t start = next.fetch_add(chunk); start < pieces && !failed.load(); start = next.fetch_add(chunk)) {
      const size_t end = std::min(start + chunk, pieces);
      for (size_t i = start; i < end && !failed.load(std::memory_order_relaxed); ++i) {
        try {
          work(i);
        } catch (...) {
          std::lock_guard<std::mutex> lock(error_mutex);
          if (!first_error) first_error = std::current_exception();
          failed = true;
        }
      }
    }
  };
  // Nested or concurrent calls find the pool busy and run on the calling thread alone.
  if (!HelperPool::instance().run(workers - 1, drain)) drain();
  if (first_error) std::rethrow_exception(first_error);
}

}  // namespace podfit
