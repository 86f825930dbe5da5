#include <ratekit/host/store/location.hpp>
#include <ratekit/host/store/connection_scope.hpp>

#include "store/conninfo.hpp"

#include <ratekit/host/text/diagnostics.hpp>

#include <algorithm>
#include <cctype>
#include <map>
#include <memory>
#include <mutex>
#include <optional>

namespace ratekit {
namespace {

// A connection string as read: what libpq connects with, what is shown of it,
// and its text with each secret masked where it is written.
struct read_connection {
  std::string written, connect, shown, masked;
  std::vector<std::string> secrets;  // each as libpq reads it and as written
};

}  // namespace

// Connection strings by location: the process's (the last met for each) or one run's.
struct connection_strings {
  std::mutex lock;
  std::map<std::string, read_connection> by_location;
};

namespace {

connection_strings& kept() {
  static connection_strings k;
  return k;
}

// The strings of the run this thread works for (a connection_scope), or none.
thread_local connection_strings* run_strings = nullptr;

// The string kept for `location`, this thread's run's first, then the process's.
std::optional<read_connection> kept_for(const std::string& location) {
  for (connection_strings* strings : {run_strings, &kept()}) {
    if (!strings) continue;
    const std::lock_guard hold(strings->lock);
    if (const auto at = strings->by_location.find(location); at != strings->by_location.end()) return at->second;
  }
  return std::nullopt;
}

constexpr std::string_view mask = "********";

bool starts_with_any_case(std::string_view s, std::string_view prefix) {
  return s.size() >= prefix.size() && std::equal(prefix.begin(), prefix.end(), s.begin(), [](char p, char c) {
           return p == std::tolower(static_cast<unsigned char>(c));
         });
}

// The length of "postgresql:" or "postgres:" at the start of `where`, in any case; 0 for none.
size_t scheme_length(std::string_view where) {
  for (const std::string_view scheme : {"postgresql:", "postgres:"})
    if (starts_with_any_case(where, scheme)) return scheme.size();
  return 0;
}

// "host=... dbname=...": a keyword/value connection string starts with one of libpq's keywords and '='.
bool is_keyword_value(std::string_view where) {
  static const std::string_view keywords[] = {
      "host", "hostaddr", "port", "dbname", "user", "password", "passfile", "service", "options",
      "application_name", "connect_timeout", "client_encoding", "sslmode", "sslpassword", "target_session_attrs"};
  size_t i = 0;
  while (i < where.size() && std::isspace(static_cast<unsigned char>(where[i]))) ++i;
  const size_t name = i;
  while (i < where.size() && (std::isalpha(static_cast<unsigned char>(where[i])) || where[i] == '_')) ++i;
  const std::string_view keyword = where.substr(name, i - name);
  while (i < where.size() && std::isspace(static_cast<unsigned char>(where[i]))) ++i;
  return i < where.size() && where[i] == '=' && std::find(std::begin(keywords), std::end(keywords), keyword) != std::end(keywords);
}

// `s` with each byte but letters, digits, "-._~" and `keep` written %XX.
std::string percent_encoded(std::string_view s, std::string_view keep) {
  constexpr char hex[] = "0123456789ABCDEF";
  std::string out;
  for (const char c : s) {
    const auto b = static_cast<unsigned char>(c);
    if (std::isalnum(b) || std::string_view("-._~").find(c) != std::string_view::npos ||
        keep.find(c) != std::string_view::npos)
      out += c;
    else
      out.append({'%', hex[b >> 4], hex[b & 15]});
  }
  return out;
}

// The options libpq read, but the secrets, as one URI: postgresql://user@host:port/dbname?key=value&...
std::string shown_uri(const std::vector<store::conninfo_option>& options) {
  const auto value = [&](std::string_view keyword) -> const std::optional<std::string>& {
    static const std::optional<std::string> none;
    const auto o = std::find_if(options.begin(), options.end(), [&](const auto& o) { return o.keyword == keyword; });
    return o == options.end() ? none : o->value;
  };
  const auto& host = value("host");
  const bool host_in_place = host && !host->empty() && percent_encoded(*host, "") == *host;
  std::string uri = "postgresql://";
  if (const auto& user = value("user")) uri.append(percent_encoded(*user, "")).append("@");
  if (host_in_place) uri.append(*host).append(value("port") ? ":" : "").append(value("port").value_or(""));
  uri.append("/").append(percent_encoded(value("dbname").value_or(""), ""));
  char joint = '?';
  for (const auto& o : options) {
    const bool in_place = o.keyword == "user" || o.keyword == "dbname" ||
                          (host_in_place && (o.keyword == "host" || o.keyword == "port"));
    if (!o.value || o.secret || in_place) continue;
    uri.append(1, joint).append(o.keyword).append("=").append(percent_encoded(*o.value, "/:,"));
    joint = '&';
  }
  return uri;
}

// Each `from` in `text` replaced by `to`.
void replace_all(std::string& text, std::string_view from, std::string_view to) {
  for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
    text.replace(at, from.size(), to);
}

read_connection read(const std::string& written) {
  const size_t scheme = scheme_length(written);
  const store::parsed_connection parsed = store::parse_connection(written, scheme);
  read_connection r{written, parsed.connect, "", written, {}};
  bool secret = false;
  for (auto w = parsed.secrets.rbegin(); w != parsed.secrets.rend(); ++w) {  // from the end: spans stay in place
    if (w->size == 0) continue;
    secret = secret || !w->value.empty();
    for (std::string form : {w->value, written.substr(w->at, w->size)})
      if (!form.empty()) r.secrets.push_back(std::move(form));
    r.masked.replace(w->at, w->size, mask);
  }
  // A URI libpq reads as written, without a secret, is shown as written (as ratekit always showed it).
  r.shown = scheme > 0 && parsed.connect == written && !secret ? written : shown_uri(parsed.options);
  return r;
}

}  // namespace

bool is_database_uri(std::string_view where) {
  // Spaces before a scheme too: libpq then reads no URI, and the string is refused, not taken for a file.
  const size_t start = std::min(where.find_first_not_of(" \t\r\n"), where.size());
  return scheme_length(where.substr(start)) > 0 || is_keyword_value(where);
}

bool same_database(const std::filesystem::path& a, const std::filesystem::path& b) {
  std::error_code ec;
  if (is_database_uri(a.string()) || is_database_uri(b.string())) return a == b;
  return !a.empty() && !b.empty() && std::filesystem::equivalent(a, b, ec);
}

std::string database_location(const std::string& where) {
  if (!is_database_uri(where)) return where;
  read_connection r = read(where);
  const std::string shown = r.shown;
  // The last met: a later string without a password gets none of an earlier one.
  for (connection_strings* strings : {run_strings, &kept()}) {
    if (!strings) continue;
    const std::lock_guard hold(strings->lock);
    strings->by_location[shown] = r;
  }
  return shown;
}

std::string opened_location(const std::string& where) {
  return kept_for(where) ? where : database_location(where);
}

std::string connection_uri(const std::string& location) {
  const auto kept_string = kept_for(location);
  return kept_string ? kept_string->connect : location;
}

bool writes_password(const std::string& where) {
  if (!is_database_uri(where)) return false;
  try {
    const auto secrets = store::parse_connection(where, scheme_length(where)).secrets;
    return std::any_of(secrets.begin(), secrets.end(), [](const auto& w) { return !w.value.empty() && w.value != mask; });
  } catch (const user_error&) {
    return true;
  }
}

std::string without_password(std::string text, const std::string& location) {
  const auto kept_string = kept_for(location);
  if (!kept_string || kept_string->secrets.empty()) return text;
  const read_connection& r = *kept_string;
  if (text.find(r.written) != std::string::npos) {
    replace_all(text, r.written, r.masked);
    return text;
  }
  // Not written as read (a YAML escape, a folded line): each secret, wherever it is.
  for (const std::string& secret : r.secrets) replace_all(text, secret, mask);
  return text;
}

std::shared_ptr<connection_strings> new_connection_strings() { return std::make_shared<connection_strings>(); }

connection_scope::connection_scope(std::shared_ptr<connection_strings> strings)
    : strings_(std::move(strings)), outer_(run_strings) {
  run_strings = strings_.get();
}

connection_scope::~connection_scope() { run_strings = outer_; }

}  // namespace ratekit
