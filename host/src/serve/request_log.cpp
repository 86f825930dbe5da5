#include "serve/request_log.hpp"

#include <ratekit/host/text/escape.hpp>

#include <fmt/format.h>

#include <ctime>

namespace ratekit::serve {

namespace {

// The request line as the log may hold it: no quote to end the field early, no control character.
std::string quoted_part(const std::string& text) {
  std::string out;
  for (const char c : printable(text)) out += c == '"' ? std::string("\\x22") : std::string(1, c);
  return out;
}

}  // namespace

std::string common_log_line(const httplib::Request& req, const httplib::Response& res, long long now) {
  const std::time_t seconds = std::time_t(now);
  std::tm t{};
  gmtime_r(&seconds, &t);
  char when[40];
  std::strftime(when, sizeof when, "%d/%b/%Y:%H:%M:%S +0000", &t);
  const std::string size = res.body.empty() ? "-" : std::to_string(res.body.size());
  return fmt::format("{} - - [{}] \"{} {} {}\" {} {}\n", req.remote_addr.empty() ? "-" : req.remote_addr, when,
                     quoted_part(req.method), quoted_part(req.target), quoted_part(req.version), res.status, size);
}

void request_log::write(const httplib::Request& req, const httplib::Response& res) {
  const std::string line = common_log_line(req, res, std::time(nullptr));
  const std::lock_guard lock(mutex_);
  std::fputs(line.c_str(), out_);
  std::fflush(out_);
}

}  // namespace ratekit::serve
