#include "validation/api_release.h"

namespace podfit {
namespace {

const ApiReleaseScope::State& newest_state() {
  static const ApiReleaseScope::State state{KubernetesRelease::newest(), ReleaseChanges::of(KubernetesRelease::newest())};
  return state;
}

// Per thread: the loader decodes shards on several threads, each in its own scope.
thread_local const ApiReleaseScope::State* current = nullptr;

const ApiReleaseScope::State& state() { return current != nullptr ? *current : newest_state(); }

}  // namespace

KubernetesRelease api_release() { return state().release; }

const ReleaseChanges& api_release_changes() { return state().changes; }

ApiReleaseScope::ApiReleaseScope(KubernetesRelease release)
    : state_{release, ReleaseChanges::of(release)}, previous_(current) {
  current = &state_;
}

ApiReleaseScope::~ApiReleaseScope() { current = previous_; }

}  // namespace podfit
