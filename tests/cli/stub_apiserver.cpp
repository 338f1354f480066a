// A stand-in Kubernetes API server for end-to-end tests of --live with the real kubectl: it
// answers GET requests with recorded responses, so kubectl's own discovery, argument handling
// and output formatting run unchanged, with no cluster.
//
// Usage: stub_apiserver DIR [IDLE_SECONDS]
//   Listens on 127.0.0.1 (a free port, printed as the first line of standard output), and answers
//   GET /a/b?query with DIR/a/b.json (the query is ignored) and anything else with a 404 Status.
//   Each request is logged to standard error. Exits after IDLE_SECONDS (default 60) without a
//   request, so a test that fails halfway never leaves it behind.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>

namespace {

// The request line's path, or "" when the request is not a GET this server understands.
std::string request_path(const std::string& request) {
  if (request.rfind("GET ", 0) != 0) return {};
  size_t end = request.find(' ', 4);
  if (end == std::string::npos) return {};
  std::string target = request.substr(4, end - 4);
  target = target.substr(0, target.find('?'));
  if (target.empty() || target[0] != '/' || target.find("..") != std::string::npos) return {};
  return target;
}

bool read_file(const std::string& path, std::string& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream buffer;
  buffer << in.rdbuf();
  out = buffer.str();
  return true;
}

void write_all(int fd, const std::string& data) {
  size_t done = 0;
  while (done < data.size()) {
    ssize_t n = ::write(fd, data.data() + done, data.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    done += static_cast<size_t>(n);
  }
}

// Reads the request head (up to the blank line); GET requests carry no body.
std::string read_request(int fd) {
  std::string request;
  char buffer[4096];
  while (request.find("\r\n\r\n") == std::string::npos && request.size() < 65536) {
    ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    request.append(buffer, static_cast<size_t>(n));
  }
  return request;
}

void answer(int fd, const std::string& root) {
  std::string request = read_request(fd);
  std::string path = request_path(request);
  std::string body;
  int status = 200;
  if (path.empty()) {
    status = 405;
    body = R"({"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"the stand-in server answers GET only","reason":"MethodNotAllowed","code":405})";
  } else if (!read_file(root + path + ".json", body)) {
    status = 404;
    body = R"({"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"the server could not find the requested resource","reason":"NotFound","details":{},"code":404})";
  }
  std::fprintf(stderr, "%d %s\n", status, path.empty() ? request.substr(0, request.find('\r')).c_str() : path.c_str());
  std::string head = "HTTP/1.1 " + std::to_string(status) + (status == 200 ? " OK" : status == 404 ? " Not Found" : " Method Not Allowed") +
                     "\r\nContent-Type: application/json\r\nContent-Length: " + std::to_string(body.size()) +
                     "\r\nConnection: close\r\n\r\n";
  write_all(fd, head + body);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: stub_apiserver DIR [IDLE_SECONDS]\n");
    return 2;
  }
  const std::string root = argv[1];
  const int idle_seconds = argc > 2 ? std::atoi(argv[2]) : 60;
  std::signal(SIGPIPE, SIG_IGN);

  int listener = ::socket(AF_INET, SOCK_STREAM, 0);
  if (listener < 0) return std::perror("socket"), 1;
  int yes = 1;
  ::setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  address.sin_port = 0;
  if (::bind(listener, reinterpret_cast<sockaddr*>(&address), sizeof address) < 0) return std::perror("bind"), 1;
  if (::listen(listener, 64) < 0) return std::perror("listen"), 1;
  socklen_t length = sizeof address;
  ::getsockname(listener, reinterpret_cast<sockaddr*>(&address), &length);
  std::printf("%d\n", ntohs(address.sin_port));
  std::fflush(stdout);

  for (;;) {
    pollfd waiting{listener, POLLIN, 0};
    int ready = ::poll(&waiting, 1, idle_seconds * 1000);
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) return 0;  // idle: the test is over or gone
    int connection = ::accept(listener, nullptr, nullptr);
    if (connection < 0) continue;
    answer(connection, root);
    ::close(connection);
  }
}
