#include "store/conninfo.hpp"

#include <ratekit/host/text/diagnostics.hpp>

#ifdef RATEKIT_WITH_POSTGRES
#include <libpq-fe.h>
#endif

#include <algorithm>
#include <cctype>
#include <memory>

namespace ratekit::store {
namespace {

constexpr const char* not_repeated = " (the connection string is not repeated: it may hold a password)";

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  c = char(std::tolower(static_cast<unsigned char>(c)));
  return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

// A URI's part with %XX decoded, as libpq decodes it (it refuses a bad escape before this is asked).
std::string percent_decoded(std::string_view s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%' && i + 2 < s.size() && hex_digit(s[i + 1]) >= 0 && hex_digit(s[i + 2]) >= 0) {
      out += char(hex_digit(s[i + 1]) * 16 + hex_digit(s[i + 2]));
      i += 2;
    } else {
      out += s[i];
    }
  }
  return out;
}

bool is_secret(const std::vector<conninfo_option>& options, std::string_view keyword) {
  return std::any_of(options.begin(), options.end(), [&](const conninfo_option& o) { return o.secret && o.keyword == keyword; });
}

// The user:password before the host's '@', and the ?key=value parameters naming a secret.
std::vector<written_secret> uri_secrets(const std::string& s, const std::vector<conninfo_option>& options) {
  const size_t start = s.find("://") + 3;
  const size_t at = s.find('@', start), slash = s.find('/', start);
  if (at != std::string::npos && (slash < at || s.find('@', at + 1) != std::string::npos))
    throw user_error(std::string("a PostgreSQL URI's user name and password must write '@' as %40 and '/' as %2F, and "
                                 "an '@' elsewhere as %40: libpq would read part of the password as the host or the "
                                 "database") + not_repeated);
  std::vector<written_secret> found;
  size_t netloc = start;
  if (at != std::string::npos) {
    netloc = at + 1;
    if (const size_t colon = s.find(':', start); colon < at)
      found.push_back({colon + 1, at - colon - 1, percent_decoded(std::string_view(s).substr(colon + 1, at - colon - 1))});
  }
  const size_t query = s.find('?', netloc);
  for (size_t p = query == std::string::npos ? s.size() : query + 1; p < s.size();) {
    const size_t end = std::min(s.find('&', p), s.size()), equals = s.find('=', p);
    if (equals < end && is_secret(options, percent_decoded(std::string_view(s).substr(p, equals - p))))
      found.push_back({equals + 1, end - equals - 1, percent_decoded(std::string_view(s).substr(equals + 1, end - equals - 1))});
    p = end + 1;
  }
  return found;
}

// keyword = value pairs, a value bare or in single quotes, with \ escaping the next character (as libpq reads them).
std::vector<written_secret> keyword_secrets(const std::string& s, const std::vector<conninfo_option>& options) {
  const auto space = [&](size_t i) { return i < s.size() && std::isspace(static_cast<unsigned char>(s[i])); };
  std::vector<written_secret> found;
  for (size_t i = 0; i < s.size();) {
    while (space(i)) ++i;
    const size_t name = i;
    while (i < s.size() && s[i] != '=' && !space(i)) ++i;
    const std::string keyword = s.substr(name, i - name);
    while (space(i)) ++i;
    if (i >= s.size() || s[i] != '=') break;  // libpq read the string before: this is its end
    ++i;
    while (space(i)) ++i;
    const size_t value = i;
    const bool quoted = i < s.size() && s[i] == '\'';
    std::string text;
    for (i += quoted; i < s.size(); ++i) {
      if (s[i] == '\\' && i + 1 < s.size()) text += s[++i];
      else if (quoted ? s[i] == '\'' : space(i)) break;
      else text += s[i];
    }
    i += quoted;
    if (is_secret(options, keyword)) found.push_back({value, i - value, text});
  }
  return found;
}

#ifdef RATEKIT_WITH_POSTGRES

// libpq's message with what it quotes of the string left out: the quoted token
// may be the password itself ("invalid percent-encoded token: \"pa%ss\"").
std::string unquoted(std::string message) {
  while (!message.empty() && std::isspace(static_cast<unsigned char>(message.back()))) message.pop_back();
  std::string out;
  bool inside = false;
  for (const char c : message) {
    if (c == '"') {
      if (!inside) out += "\"...\"";
      inside = !inside;
    } else if (!inside) {
      out += c;
    }
  }
  return out;
}

std::vector<conninfo_option> libpq_options(const std::string& connect) {
  char* error = nullptr;
  const std::unique_ptr<PQconninfoOption, decltype(&PQconninfoFree)> parsed(PQconninfoParse(connect.c_str(), &error),
                                                                            &PQconninfoFree);
  if (!parsed) {
    const std::string reason = error ? unquoted(error) : "out of memory";
    PQfreemem(error);
    throw user_error("libpq cannot read this PostgreSQL connection string: " + reason + not_repeated);
  }
  std::vector<conninfo_option> options;
  for (const PQconninfoOption* o = parsed.get(); o->keyword; ++o)
    options.push_back({o->keyword, o->val ? std::optional<std::string>(o->val) : std::nullopt,
                       o->dispchar && std::string_view(o->dispchar).find('*') != std::string_view::npos});
  return options;
}

#else

std::vector<conninfo_option> libpq_options(const std::string&) {
  throw user_error(std::string("this ratekit was built without PostgreSQL (libpq was not found when it was built): a "
                               "history database it can use is a file") + not_repeated);
}

#endif

}  // namespace

parsed_connection parse_connection(const std::string& written, size_t scheme) {
  parsed_connection parsed{written, {}, {}};
  if (scheme > 0 && written.compare(scheme, 2, "//") != 0)
    throw user_error(std::string("a PostgreSQL URI starts with 'postgresql://' or 'postgres://', two slashes after "
                                 "the colon") + not_repeated);
  for (size_t i = 0; i < scheme; ++i) parsed.connect[i] = char(std::tolower(static_cast<unsigned char>(written[i])));
  parsed.options = libpq_options(parsed.connect);
  parsed.secrets = scheme > 0 ? uri_secrets(parsed.connect, parsed.options) : keyword_secrets(parsed.connect, parsed.options);
  // Each secret libpq read must be one found here, or it could not be masked where it is written.
  for (const conninfo_option& o : parsed.options)
    if (o.secret && o.value && !o.value->empty() &&
        std::none_of(parsed.secrets.begin(), parsed.secrets.end(), [&](const written_secret& w) { return w.value == *o.value; }))
      throw user_error(std::string("ratekit cannot tell where this PostgreSQL connection string writes its password, "
                                   "to keep it out of messages and records") + not_repeated);
  return parsed;
}

}  // namespace ratekit::store
