// What a request asks of a rating list: the date, the order, the page and a
// name search, each parameter checked before anything is read; and the page
// of the list that answers it.
#pragma once

#include "serve/lists.hpp"

#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace ratekit::serve {

using query_params = std::multimap<std::string, std::string>;

// A request the server refuses with 400 and this message (which repeats none of the request).
class bad_request : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

inline constexpr int64_t default_per_page = 50;
inline constexpr int64_t max_per_page = 500;  // a larger per_page is served this many

// A parameter's value when given and not empty, checked to be valid UTF-8 of at most 200 bytes.
const std::string* parameter(const query_params& params, const char* name);
// A whole number from `low` to `high` (or the default when absent); a bad_request otherwise.
int64_t whole_parameter(const query_params& params, const char* name, int64_t fallback, int64_t low, int64_t high);
// as_of as yyyymmdd, 0 when absent.
int32_t date_parameter(const query_params& params, const char* name);

struct list_request {
  int32_t as_of = 0;
  std::string sort = "rating";  // a column: rank, player, a state field, games, peak
  bool descending = true;
  int64_t page = 1, per_page = default_per_page;
  std::string search;           // folded, "" for none
  int64_t min_games = 0;
  std::string category;         // a label of the competition's categories, "" for any
  int32_t active_since = 0;     // yyyymmdd: only players who played in a period counted at or after it; 0 for all
};
list_request read_list_request(const query_params& params);

struct list_page {
  int64_t total = 0;               // players the search leaves
  std::vector<size_t> positions;   // this page's, as positions in the list's order (rank)
};
// Throws bad_request for a sort column or a category the list lacks.
list_page page_of(const rating_list& list, const list_request& request);

}  // namespace ratekit::serve
