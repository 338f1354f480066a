#include "podfit/cli/progress.h"

#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>

#include <fmt/format.h>

namespace podfit {
namespace {

// 1234567 -> "1,234,567": object counts read at a glance.
std::string with_separators(uint64_t n) {
  std::string digits = std::to_string(n);
  std::string out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

std::string megabytes(uint64_t bytes) { return fmt::format("{:.1f} MB", static_cast<double>(bytes) / 1e6); }

// The size of a source that is a regular file (standard input included), else 0.
uint64_t size_of(const std::string& source) {
  struct stat st{};
  int rc = source == "<stdin>" ? ::fstat(STDIN_FILENO, &st) : ::stat(source.c_str(), &st);
  return rc == 0 && S_ISREG(st.st_mode) ? static_cast<uint64_t>(st.st_size) : 0;
}

void write_all(const std::string& text) {
  size_t done = 0;
  while (done < text.size()) {
    ssize_t n = ::write(STDERR_FILENO, text.data() + done, text.size() - done);
    if (n <= 0) return;
    done += static_cast<size_t>(n);
  }
}

}  // namespace

ProgressLine::ProgressLine(bool enabled) : enabled_(enabled) {
  if (!enabled_) return;
  if (const char* delay = std::getenv("PODFIT_PROGRESS_DELAY"); delay != nullptr && *delay != '\0') {
    char* end = nullptr;
    double seconds = std::strtod(delay, &end);
    if (end != delay && seconds >= 0) delay_seconds_ = seconds;
  }
  painter_ = std::thread([this] { run(); });
}

ProgressLine::~ProgressLine() { finish(); }

void ProgressLine::waiting_for(const std::string& what) {
  if (!enabled_) return;
  std::lock_guard lock(mutex_);
  waiting_for_ = what;
}

void ProgressLine::update(const std::string& source, uint64_t bytes, size_t objects) {
  if (!enabled_) return;
  bytes_.store(bytes, std::memory_order_relaxed);
  objects_.store(objects, std::memory_order_relaxed);
  std::lock_guard lock(mutex_);
  if (source != source_) {
    source_ = source;
    total_ = size_of(source);
  }
}

void ProgressLine::phase(const std::string& what, size_t total) {
  if (!enabled_) return;
  std::lock_guard lock(mutex_);
  source_.clear();
  waiting_for_.clear();
  phase_ = what;
  phase_total_ = total;
  phase_done_.store(0, std::memory_order_relaxed);
  phase_changed_ = true;
  wake_.notify_all();
}

void ProgressLine::advance(size_t done) {
  if (enabled_) phase_done_.store(done, std::memory_order_relaxed);
}

void ProgressLine::erase() {
  if (!enabled_) return;
  std::lock_guard lock(mutex_);
  erase_locked();
}

void ProgressLine::erase_locked() {
  if (drawn_width_ > 0) write_all("\r" + std::string(drawn_width_, ' ') + "\r");
  drawn_width_ = 0;
  drawn_line_.clear();
}

void ProgressLine::finish() {
  if (!painter_.joinable()) return;
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  painter_.join();
  erase_locked();
}

std::string ProgressLine::describe(const std::string& source, uint64_t bytes, uint64_t total, size_t objects) {
  std::string line = fmt::format("Loading {}: ", source);
  if (total > 0 && bytes <= total) {
    line += fmt::format("{}% ({} of {})", bytes * 100 / total, megabytes(bytes), megabytes(total));
  } else {
    line += megabytes(bytes);
  }
  return line + fmt::format(", {} object{}", with_separators(objects), objects == 1 ? "" : "s");
}

void ProgressLine::run() {
  using Clock = std::chrono::steady_clock;
  const Clock::time_point started = Clock::now();
  const auto first = started + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(delay_seconds_));
  std::unique_lock lock(mutex_);
  if (wake_.wait_until(lock, first, [this] { return stopping_; })) return;
  for (;;) {
    std::string line;
    if (!phase_.empty()) {
      const size_t done = phase_done_.load(std::memory_order_relaxed);
      if (phase_total_ > 0) {
        line = fmt::format("{} {} of {}", phase_, with_separators(std::min(done + 1, phase_total_)),
                           with_separators(phase_total_));
      } else {
        line = done > 0 ? fmt::format("{}: {}", phase_, with_separators(done)) : phase_;
      }
    } else if (!source_.empty()) {
      line = describe(source_, bytes_.load(std::memory_order_relaxed), total_, objects_.load(std::memory_order_relaxed));
    } else if (!waiting_for_.empty()) {
      const auto waited = std::chrono::duration_cast<std::chrono::seconds>(Clock::now() - started).count();
      line = fmt::format("Waiting for {}: {}s", waiting_for_, waited);
    }
    if (!line.empty() && line != drawn_line_) draw(line);
    // A new phase is drawn at once, not at the next tick: a short one would otherwise go unseen.
    if (wake_.wait_for(lock, std::chrono::milliseconds(100), [this] { return stopping_ || phase_changed_; })) {
      if (stopping_) return;
    }
    phase_changed_ = false;
  }
}

void ProgressLine::draw(const std::string& full_line) {
  // A line wider than the terminal would wrap, and the next redraw could not return over it.
  winsize size{};
  const size_t columns = ::ioctl(STDERR_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 1 ? size.ws_col : 80;
  const std::string line = full_line.substr(0, columns - 1);
  std::string text = "\r" + line;
  if (line.size() < drawn_width_) text += std::string(drawn_width_ - line.size(), ' ');
  write_all(text);
  drawn_width_ = std::max(drawn_width_, line.size());
  drawn_line_ = full_line;
}

}  // namespace podfit
