// A one-line status on standard error while long work goes on (loading a 5,000-node dump,
// building its snapshot, checking its pods, draining its nodes): only on a terminal, and only
// once the work has taken longer than a moment, so short runs, pipes and CI logs never see it.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>

namespace podfit {

class ProgressLine {
 public:
  // Draws nothing unless `enabled` (standard error is a terminal). The line first appears after
  // PODFIT_PROGRESS_DELAY seconds (default 0.5), then is redrawn ten times a second.
  explicit ProgressLine(bool enabled);
  ~ProgressLine();  // finish()
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

  // What is awaited before any byte arrives, e.g. "kubectl get" while the cluster answers.
  void waiting_for(const std::string& what);
  // LoadOptions::progress: bytes read from `source` so far, objects read over the whole load.
  void update(const std::string& source, uint64_t bytes, size_t objects);
  // A phase of the work after loading, shown as `what` ("Building the snapshot"), or with a
  // `total` as "Draining node 1,234 of 5,000" (the step under way, from advance()).
  void phase(const std::string& what, size_t total = 0);
  // Steps of the phase finished so far; any thread may call it.
  void advance(size_t done);
  // Erases the line now, before output to standard output shares the terminal; it is drawn
  // again at the next tick.
  void erase();
  // Erases the line, so what follows on standard error starts clean; later calls draw nothing.
  void finish();

  // The status line for these counts; `total` is the source's size, 0 when unknown (a pipe).
  static std::string describe(const std::string& source, uint64_t bytes, uint64_t total, size_t objects);

 private:
  void run();
  void draw(const std::string& full_line);
  void erase_locked();

  bool enabled_;
  double delay_seconds_ = 0.5;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::string source_;      // guarded by mutex_
  std::string waiting_for_; // guarded by mutex_
  uint64_t total_ = 0;      // size of source_, 0 when unknown; guarded by mutex_
  std::string phase_;        // guarded by mutex_
  size_t phase_total_ = 0;  // guarded by mutex_
  bool phase_changed_ = false;  // guarded by mutex_: phase() was called since the last draw
  std::atomic<size_t> phase_done_{0};
  std::atomic<uint64_t> bytes_{0};
  std::atomic<size_t> objects_{0};
  size_t drawn_width_ = 0;  // characters of the line on screen, 0 when none
  std::string drawn_line_;  // the line last drawn, not drawn again
  std::thread painter_;
};

}  // namespace podfit
