// Decodes batches of objects on worker threads while the reader goes on scanning, and commits
// them on the reading thread in the order they were read.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace podfit {

class DecodePipeline {
 public:
  // `workers` threads (started as work arrives); at most 2 x workers + 1 batches wait for
  // their commit (each worker busy with one, another ready for it, one being filled), which
  // bounds memory to that many batches whatever the input's size.
  explicit DecodePipeline(size_t workers);
  // Waits for the batches being worked on; the ones not committed are dropped.
  ~DecodePipeline();
  DecodePipeline(const DecodePipeline&) = delete;
  DecodePipeline& operator=(const DecodePipeline&) = delete;

  // Queues `work` for a worker; `commit` runs later on this thread, after every earlier
  // batch's commit. When max_in_flight batches are pending, the oldest is committed first.
  // An exception from `work` is rethrown in place of its commit.
  void submit(std::function<void()> work, std::function<void()> commit);
  // Commits every pending batch, in order; the first exception stops the rest.
  void finish();

  // Worker threads for loading: one per core.
  static size_t default_workers();

 private:
  struct Batch {
    std::function<void()> work;
    std::function<void()> commit;
    std::exception_ptr error;
    bool done = false;
  };
  void commit_oldest();
  void worker_loop();

  size_t workers_;
  size_t max_in_flight_;
  std::mutex mutex_;
  std::condition_variable work_ready_;   // workers wait for a queued batch
  std::condition_variable batch_done_;   // the reading thread waits for the oldest batch
  std::deque<std::shared_ptr<Batch>> pending_;  // submitted, not committed, in order
  std::deque<std::shared_ptr<Batch>> queue_;    // not yet taken by a worker
  std::vector<std::thread> threads_;
  bool stopping_ = false;
};

}  // namespace podfit
