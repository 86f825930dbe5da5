// What every answer of the server shares: the path split into its decoded
// segments, the body with its ETag and Last-Modified (a 304 when the client's
// copy is current), and errors as one JSON line that repeats nothing of the request.
#pragma once

#include <httplib.h>

#include <string>
#include <string_view>
#include <vector>

namespace ratekit::serve {

// The segments of `target`'s path below `base` ("/ratings" or ""), each
// percent-decoded ("Short%2C%20Nigel" is "Short, Nigel"); a bad_request for a
// bad escape or a segment that is not UTF-8. Empty segments are dropped; none
// when the path is not below `base`.
std::vector<std::string> path_segments(std::string_view target, std::string_view base, bool& below_base);

// recorded_at (2024-11-21T06:20:11Z) as HTTP writes a date: Thu, 21 Nov 2024 06:20:11 GMT; "" when it is none.
std::string http_date(std::string_view recorded_at);

// `body` as `type`, with its ETag (a hash of the body) and `last_modified`
// (recorded_at of the database's last run); 304 without a body when the request's
// If-None-Match names the ETag.
void send(const httplib::Request& req, httplib::Response& res, std::string body, const char* type,
          const std::string& last_modified);

// {"error": message} with `status`.
void send_error(httplib::Response& res, int status, const std::string& message);

}  // namespace ratekit::serve
