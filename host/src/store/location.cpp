#include <ratekit/host/store/location.hpp>

#include <map>
#include <mutex>
#include <vector>

namespace ratekit {
namespace {

// Every URI met with a password, by its location: read by the connection only.
struct kept_uris {
  std::mutex lock;
  std::map<std::string, std::string> by_location;
};
kept_uris& kept() {
  static kept_uris k;
  return k;
}

// The parts of a URI that hold a password: ":secret" before the host's "@",
// and "password=secret" among its parameters (with the "&" that joins it).
struct password_parts {
  std::string location;
  std::vector<std::string> passwords;
};

password_parts split(const std::string& uri) {
  password_parts out{uri, {}};
  const size_t start = uri.find("://") + 3;
  const size_t end = uri.find_first_of("/?", start);
  const size_t at = uri.rfind('@', end == std::string::npos ? uri.size() : end);
  if (at != std::string::npos && at >= start) {
    const size_t colon = uri.find(':', start);
    if (colon < at) {
      out.passwords.push_back(uri.substr(colon + 1, at - colon - 1));
      out.location = uri.substr(0, colon) + uri.substr(at);
    }
  }
  const size_t query = out.location.find('?');
  if (query == std::string::npos) return out;
  std::string kept_params;
  for (size_t p = query + 1; p <= out.location.size();) {
    const size_t amp = std::min(out.location.find('&', p), out.location.size());
    const std::string param = out.location.substr(p, amp - p);
    if (param.rfind("password=", 0) == 0)
      out.passwords.push_back(param.substr(9));
    else if (!param.empty())
      kept_params += (kept_params.empty() ? "" : "&") + param;
    p = amp + 1;
  }
  out.location = out.location.substr(0, query) + (kept_params.empty() ? "" : "?" + kept_params);
  return out;
}

}  // namespace

bool is_database_uri(std::string_view where) {
  return where.rfind("postgresql://", 0) == 0 || where.rfind("postgres://", 0) == 0;
}

bool same_database(const std::filesystem::path& a, const std::filesystem::path& b) {
  std::error_code ec;
  if (is_database_uri(a.string()) || is_database_uri(b.string())) return a == b;
  return !a.empty() && !b.empty() && std::filesystem::equivalent(a, b, ec);
}

std::string database_location(const std::string& where) {
  if (!is_database_uri(where)) return where;
  password_parts parts = split(where);
  if (parts.passwords.empty()) return where;
  const std::lock_guard hold(kept().lock);
  kept().by_location[parts.location] = where;
  return parts.location;
}

std::string connection_uri(const std::string& location) {
  const std::lock_guard hold(kept().lock);
  const auto at = kept().by_location.find(location);
  return at == kept().by_location.end() ? location : at->second;
}

std::string without_password(std::string text, const std::string& uri) {
  const std::string original = connection_uri(uri);
  if (!is_database_uri(original)) return text;
  for (const std::string& password : split(original).passwords) {
    if (password.empty()) continue;
    for (size_t at = text.find(password); at != std::string::npos; at = text.find(password, at + 8))
      text.replace(at, password.size(), "********");
  }
  return text;
}

}  // namespace ratekit
