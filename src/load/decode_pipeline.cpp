#include "decode_pipeline.h"

#include <algorithm>

namespace podfit {

DecodePipeline::DecodePipeline(size_t workers)
    : workers_(std::max<size_t>(workers, 1)), max_in_flight_(2 * workers_ + 1) {}

DecodePipeline::~DecodePipeline() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    queue_.clear();
  }
  work_ready_.notify_all();
  for (std::thread& t : threads_) t.join();
}

size_t DecodePipeline::default_workers() { return std::max(1u, std::thread::hardware_concurrency()); }

void DecodePipeline::submit(std::function<void()> work, std::function<void()> commit) {
  while (pending_.size() >= max_in_flight_) commit_oldest();
  auto batch = std::make_shared<Batch>();
  batch->work = std::move(work);
  batch->commit = std::move(commit);
  {
    std::lock_guard lock(mutex_);
    pending_.push_back(batch);
    queue_.push_back(batch);
    // A worker more only while every one is busy: small inputs start a single thread.
    if (threads_.size() < workers_ && queue_.size() > 0 && pending_.size() > threads_.size()) {
      threads_.emplace_back([this] { worker_loop(); });
    }
  }
  work_ready_.notify_one();
}

void DecodePipeline::finish() {
  while (!pending_.empty()) commit_oldest();
}

void DecodePipeline::commit_oldest() {
  std::shared_ptr<Batch> batch = pending_.front();
  {
    std::unique_lock lock(mutex_);
    batch_done_.wait(lock, [&] { return batch->done; });
  }
  pending_.pop_front();
  if (batch->error) std::rethrow_exception(batch->error);
  batch->commit();
}

void DecodePipeline::worker_loop() {
  for (;;) {
    std::shared_ptr<Batch> batch;
    {
      std::unique_lock lock(mutex_);
      work_ready_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
      if (stopping_) return;
      batch = queue_.front();
      queue_.pop_front();
    }
    try {
      batch->work();
    } catch (...) {
      batch->error = std::current_exception();
    }
    // The batch's input is freed here, not on the reading thread, which has enough to do.
    batch->work = nullptr;
    {
      std::lock_guard lock(mutex_);
      batch->done = true;
    }
    batch_done_.notify_all();
  }
}

}  // namespace podfit
