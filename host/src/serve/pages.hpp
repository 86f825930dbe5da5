// The pages of one competition: its rating list, and a player's page.
#pragma once

#include "serve/site.hpp"

#include <string>

namespace ratekit::serve {

// The competition's facts and its rating list: searchable, sortable and paged by links and a form, without script.
std::string competition_page(const site& s, reading& r, const competition& c, const query_params& params);

// The player now, his rating chart (with its band where the model keeps a deviation), his periods and games.
std::string player_page(const site& s, reading& r, const competition& c, const std::string& player,
                        const query_params& params);

// "2024-01 to 2024-06 (6)": the competition's periods, escaped for HTML.
std::string period_span(const competition& c);

}  // namespace ratekit::serve
