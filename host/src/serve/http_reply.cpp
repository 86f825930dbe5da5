#include "serve/http_reply.hpp"

#include "serve/list_query.hpp"

#include <ratekit/host/text/escape.hpp>

#include <nlohmann/json.hpp>

#include <cstdint>
#include <ctime>

#include <fmt/format.h>

namespace ratekit::serve {

namespace {

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::string decoded(std::string_view segment) {
  std::string out;
  for (size_t i = 0; i < segment.size(); ++i) {
    if (segment[i] != '%') {
      out += segment[i];
      continue;
    }
    const int high = i + 2 < segment.size() ? hex_value(segment[i + 1]) : -1;
    const int low = high >= 0 ? hex_value(segment[i + 2]) : -1;
    if (low < 0) throw bad_request("the path holds a bad percent escape");
    out += char(high * 16 + low);
    i += 2;
  }
  if (valid_utf8(out) != out || has_control(out)) throw bad_request("the path is not UTF-8 text");
  return out;
}

// FNV-1a: the ETag only tells one body from another.
uint64_t body_hash(std::string_view body) {
  uint64_t h = 14695981039346656037ull;
  for (const char c : body) h = (h ^ uint8_t(c)) * 1099511628211ull;
  return h;
}

}  // namespace

std::vector<std::string> path_segments(std::string_view target, std::string_view base, bool& below_base) {
  std::string_view path = target.substr(0, target.find('?'));
  below_base = path.substr(0, base.size()) == base && (path.size() == base.size() || path[base.size()] == '/');
  std::vector<std::string> segments;
  if (!below_base) return segments;
  path.remove_prefix(base.size());
  while (!path.empty()) {
    const size_t slash = path.find('/');
    if (slash != 0) segments.push_back(decoded(path.substr(0, slash)));
    path = slash == std::string_view::npos ? std::string_view() : path.substr(slash + 1);
  }
  return segments;
}

std::string http_date(std::string_view recorded_at) {
  std::tm t{};
  const std::string text(recorded_at);
  if (!strptime(text.c_str(), "%Y-%m-%dT%H:%M:%SZ", &t)) return "";
  const std::time_t seconds = timegm(&t);
  gmtime_r(&seconds, &t);
  char out[64];
  return std::strftime(out, sizeof out, "%a, %d %b %Y %H:%M:%S GMT", &t) ? std::string(out) : std::string();
}

void send(const httplib::Request& req, httplib::Response& res, std::string body, const char* type,
          const std::string& last_modified) {
  const std::string etag = fmt::format("\"{:016x}\"", body_hash(body));
  res.set_header("ETag", etag);
  res.set_header("Cache-Control", "no-cache");  // a run may change it any time: ask again, with the ETag
  if (!last_modified.empty()) res.set_header("Last-Modified", last_modified);
  if (req.get_header_value("If-None-Match") == etag) {
    res.status = 304;
    return;
  }
  res.set_content(std::move(body), type);
}

void send_error(httplib::Response& res, int status, const std::string& message) {
  res.status = status;
  res.set_content(json_text(nlohmann::json{{"error", message}}) + "\n", "application/json");
}

}  // namespace ratekit::serve
