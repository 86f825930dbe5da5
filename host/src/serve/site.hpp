// What every route of the server reads: the database, the plugins (for the
// models' field order and expectations) and where the site lives.
#pragma once

#include "serve/list_query.hpp"
#include "serve/reader.hpp"
#include "serve/reading.hpp"

#include <ratekit/host/plugin/plugin.hpp>

#include <httplib.h>

#include <string>
#include <vector>

namespace ratekit::serve {

struct site {
  reader& database;
  const plugin_registry& plugins;
  std::string base;  // the base path, "" or "/ratings"
  kept_reads& kept;  // what requests read, for the next ones
};

// The model's state fields in its order; none when no plugin of that id is loaded.
std::vector<std::string> model_fields(const plugin_registry& plugins, const std::string& model);

// A competition or player named by a request that is not there: a 404.
class not_found : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};
// What this server cannot answer now (503), the message naming no file: the competition's model not loaded.
class unavailable : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The JSON API (segments after the base: "api", ...); false when the path is none of its routes.
bool answer_api(const site& s, const std::vector<std::string>& segments, const httplib::Request& req,
                httplib::Response& res);

// The HTML pages ("", "competitions", ...); false when the path is none of them.
bool answer_page(const site& s, const std::vector<std::string>& segments, const httplib::Request& req,
                 httplib::Response& res);

// The OpenAPI 3 document of the JSON API, served under `base`.
std::string openapi_document(const std::string& base);

// A's expected score against B from their current states, under the competition's last model.
double expected_score(const plugin_registry& plugins, const competition& c, const rating_list& now, size_t a, size_t b);

}  // namespace ratekit::serve
