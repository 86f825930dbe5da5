#include "serve/reading.hpp"

#include "serve/http_reply.hpp"
#include "serve/site.hpp"

namespace ratekit::serve {

reading::reading(const site& s) : site_(s), snapshot_(s.database.read()) {
  // A run's recording adds a run of a higher id; a replaced run is removed after its successor is added.
  store::statement runs = db().prepare("SELECT count(*), max(id), max(recorded_at) FROM runs");
  if (!runs.step() || runs.is_null(1)) return;
  generation_ = std::to_string(runs.integer(0)) + " " + std::to_string(runs.integer(1)) + " " + std::string(runs.text(2));
  last_modified_ = http_date(runs.text(2));
}

std::shared_ptr<const competition> reading::competition_named(const std::string& name, bool counted) {
  // The key: the name, then whether counted (a name holds no NUL: it came from UTF-8 text without controls).
  return site_.kept.competitions.get(generation_, name + '\0' + (counted ? "1" : "0"), [&] {
    auto c = find_competition(db(), name);
    if (!c) throw not_found("no such competition");
    if (counted) count_players_and_games(db(), *c);
    return std::move(*c);
  });
}

std::shared_ptr<const rating_list> reading::list(const competition& c, int32_t date) {
  const size_t counted = periods_counted(c, date);
  return site_.kept.lists.get(generation_, std::to_string(c.id) + " " + std::to_string(counted), [&] {
    return list_of_periods(db(), c, counted, model_fields(site_.plugins, c.model));
  });
}

std::shared_ptr<const std::string> reading::list_page(const std::string& target,
                                                     const std::function<std::string()>& build) {
  return site_.kept.list_pages.get(generation_, target, build);
}

}  // namespace ratekit::serve
