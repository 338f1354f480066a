// podfit: will this pod schedule, and if not, why not, node by node?
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include <cstdlib>
#include <iostream>
#include <memory>
#include <string>
#include <streambuf>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

#include "podfit/cli/command_line.h"
#include "podfit/cli/completion.h"
#include "podfit/cli/usage.h"
#include "podfit/cli/color.h"

namespace {

// Standard output through write(2), remembering the first error, so that a report that could
// not be written whole (a full disk, /dev/full) is reported with its reason.
class StdoutBuffer final : public std::streambuf {
 public:
  StdoutBuffer() { setp(buffer_, buffer_ + sizeof buffer_); }
  int error() const { return error_; }

 protected:
  int_type overflow(int_type c) override {
    if (!drain()) return traits_type::eof();
    if (!traits_type::eq_int_type(c, traits_type::eof())) {
      *pptr() = traits_type::to_char_type(c);
      pbump(1);
    }
    return traits_type::not_eof(c);
  }
  std::streamsize xsputn(const char* data, std::streamsize n) override {
    if (n < static_cast<std::streamsize>(sizeof buffer_)) return std::streambuf::xsputn(data, n);
    if (!drain() || !write_all(data, static_cast<size_t>(n))) return 0;  // large reports go straight out
    return n;
  }
  int sync() override { return drain() ? 0 : -1; }

 private:
  bool drain() {
    const size_t n = static_cast<size_t>(pptr() - pbase());
    setp(buffer_, buffer_ + sizeof buffer_);
    return write_all(buffer_, n);
  }
  bool write_all(const char* data, size_t n) {
    while (n > 0 && error_ == 0) {
      const ssize_t done = ::write(STDOUT_FILENO, data, n);
      if (done < 0 && errno == EINTR) continue;
      if (done <= 0) {
        error_ = done < 0 ? errno : EIO;
        break;
      }
      data += done;
      n -= static_cast<size_t>(done);
    }
    return error_ == 0;
  }
  char buffer_[1 << 16];
  int error_ = 0;
};

// The command's exit code, or 2 when its report could not be written whole.
int finish(int code, StdoutBuffer& out) {
  std::cout.flush();
  const bool written = std::cout.good() && out.error() == 0;
  std::cout.rdbuf(nullptr);  // nothing more goes out, and exit's flush has no buffer to reach
  if (written) return code;
  std::cerr << "error: cannot write the report to standard output: " << std::strerror(out.error() ? out.error() : EIO)
            << '\n';
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  // Installed as kubectl-podfit too: kubectl runs it for `kubectl podfit ...`.
  const std::string_view invoked_as = argv[0];
  const bool plugin = invoked_as.substr(invoked_as.find_last_of('/') + 1) == "kubectl-podfit";
  const std::unique_ptr<podfit::CommandLine> line = podfit::make_command_line(plugin);
  const std::vector<std::string> args = podfit::split_short_flag_values(*line, {argv + 1, argv + argc});
  const std::vector<std::string> after_first(args.empty() ? args.end() : args.begin() + 1, args.end());

  // The words cobra's programs answer besides their commands: kubectl's completion calls
  // __complete, and a bare program name prints its help, as kubectl's does.
  if (args.empty()) {
    std::cout << line->app.help();
    return 0;
  }
  if (args[0] == "__complete") return podfit::complete(*line, after_first, std::cout);
  if (args[0] == "help") return podfit::help_command(*line, after_first, std::cout, std::cerr);
  if (args[0] == "version") return podfit::version_command(*line, after_first, std::cout, std::cerr);
  if (const std::string error = podfit::usage_error(*line, args); !error.empty()) {
    std::cerr << error;
    return 2;
  }
  try {
    std::vector<std::string> reversed(args.rbegin(), args.rend());  // CLI11 takes the words last first
    line->app.parse(reversed);
  } catch (const CLI::Success& e) {
    return line->app.exit(e);  // --help, --version
  } catch (const CLI::ParseError& e) {
    std::cerr << podfit::usage_error(*line, e);
    return 2;
  }
  podfit::CheckOptions& check = line->check;
  podfit::RequeueOptions& requeue = line->requeue;
  podfit::AdmitOptions& admit = line->admit;
  podfit::PlaceOptions& place = line->place;
  podfit::DevicesOptions& devices = line->devices;
  podfit::DrainOptions& drain = line->drain;

  // Standard output closed: no report could be written, so nothing is worth computing.
  if (::fcntl(STDOUT_FILENO, F_GETFD) == -1) {
    std::cerr << "error: standard output is closed: the report cannot be written\n";
    return 2;
  }
  const bool color = podfit::use_color(isatty(STDOUT_FILENO), std::getenv("NO_COLOR"), std::getenv("TERM"));
  static StdoutBuffer stdout_buffer;
  std::cout.rdbuf(&stdout_buffer);
  if (line->check_cmd->parsed()) {
    check.color = color;
    return finish(podfit::run_check(check, std::cout, std::cerr), stdout_buffer);
  }
  if (line->requeue_cmd->parsed()) {
    requeue.color = color;
    return finish(podfit::run_requeue(requeue, std::cout, std::cerr), stdout_buffer);
  }
  if (line->place_cmd->parsed()) {
    place.color = color;
    return finish(podfit::run_place(place, std::cout, std::cerr), stdout_buffer);
  }
  if (line->devices_cmd->parsed()) {
    devices.color = color;
    return finish(podfit::run_devices(devices, std::cout, std::cerr), stdout_buffer);
  }
  if (line->admit_cmd->parsed()) {
    admit.color = color;
    return finish(podfit::run_admit(admit, std::cout, std::cerr), stdout_buffer);
  }
  if (line->drain_cmd->parsed()) {
    drain.color = color;
    return finish(podfit::run_drain(drain, std::cout, std::cerr), stdout_buffer);
  }
  return 2;
}
