// What every HTML page of the server shares: the report's typography, a
// header, links under the base path, and the query of a link that changes one
// parameter of the page's own.
#pragma once

#include "serve/list_query.hpp"

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ratekit::serve {

// The page around `body`, titled `title`; `trail`: (text, href) links above the title.
std::string html_page(const std::string& title, const std::vector<std::pair<std::string, std::string>>& trail,
                      const std::string& body);

// A path segment or query value percent-encoded (all but letters, digits and -._~).
std::string url_encoded(std::string_view text);

// `params` with `changes` applied (an empty value removes the parameter), as "?a=1&b=2" ("" for none).
std::string query_with(const query_params& params, const std::vector<std::pair<std::string, std::string>>& changes);

}  // namespace ratekit::serve
