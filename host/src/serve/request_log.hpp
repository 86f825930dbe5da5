// The request log in the common log format, a line a request:
// 127.0.0.1 - - [29/Nov/2026:15:40:13 +0000] "GET /api/competitions HTTP/1.1" 200 245
#pragma once

#include <httplib.h>

#include <cstdio>
#include <mutex>
#include <string>

namespace ratekit::serve {

class request_log {
 public:
  explicit request_log(std::FILE* out) : out_(out) {}
  void write(const httplib::Request& req, const httplib::Response& res);

 private:
  std::FILE* out_;
  std::mutex mutex_;
};

// The line write() logs, at `now` (seconds since 1970).
std::string common_log_line(const httplib::Request& req, const httplib::Response& res, long long now);

}  // namespace ratekit::serve
