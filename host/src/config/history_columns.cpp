// Which columns history.csv has for a model, and what a chosen list of them shows.
#include <ratekit/host/config/config.hpp>

#include <algorithm>
#include <iterator>

namespace ratekit {

std::vector<uint32_t> shown_state_fields(const rk_descriptor& d) {
  std::vector<uint32_t> shown;
  for (uint32_t f = 1; f < d.state_count; ++f)
    if (!(f < 32 && d.bookkeeping_state >> f & 1u)) shown.push_back(f);
  return shown;
}

// A whole-history model's history.csv (whole_history/outputs.cpp): the batch's day, month or year (`date` or
// `period`, either naming that column), the player, his estimate, its deviation and his games of the batch.
constexpr const char* whole_history_columns[] = {"date", "period", "player", "rating", "deviation", "games"};

std::vector<std::string> history_column_names(const rk_descriptor& d) {
  if (d.capabilities & RK_CAP_WHOLE_HISTORY) return {std::begin(whole_history_columns), std::end(whole_history_columns)};
  const bool teams = d.capabilities & RK_CAP_TEAMS;
  std::vector<std::string> names;
  if (teams) names.assign(std::begin(history_team_columns), std::end(history_team_columns));
  else names.assign(std::begin(history_fixed_columns), std::end(history_fixed_columns));
  for (const uint32_t f : shown_state_fields(d)) names.push_back(std::string(d.state[f].name) + "_after");
  if (teams)
    for (const uint32_t f : shown_state_fields(d)) names.push_back(std::string(d.state[f].name) + "_before");
  if (d.capabilities & RK_CAP_ADJUSTMENTS) names.push_back("adjustment");  // the reason, on an adjustment's row
  return names;
}

bool history_shows_state(const std::vector<std::string>& columns) {
  return columns.empty() || std::any_of(columns.begin(), columns.end(), [](const std::string& c) {
           return (c.ends_with("_after") && c != "rating_after") || (c.ends_with("_before") && c != "rating_before");
         });
}

bool chart_reads_history(const competition_config& c) { return c.write_history && c.history_columns.empty(); }

}  // namespace ratekit
