// A small worker pool that spreads independent pieces of work (one per node) over the cores.
#pragma once

#include <cstddef>
#include <functional>

namespace podfit {

// kube-scheduler's parallelize.Parallelizer in the small: Until(pieces, work) runs work(i) for
// every piece on up to `parallelism` threads, the caller's included.
class Parallelizer {
 public:
  // Two workers: the machines podfit targets are small and filtering is CPU bound.
  static constexpr size_t kDefaultParallelism = 2;

  explicit Parallelizer(size_t parallelism = kDefaultParallelism);

  // Calls work(i) once for each i in [0, pieces) and returns when all calls are done. Pieces run
  // in no particular order on no particular thread: work must write only to its own slot.
  // An exception thrown by work stops the hand-out of further pieces and is rethrown here.
  void until(size_t pieces, const std::function<void(size_t)>& work) const;

  size_t parallelism() const { return parallelism_; }

 private:
  size_t parallelism_;
};

}  // namespace podfit
