#include "serve/competitions.hpp"

#include "store/period_dates.hpp"

#include <yaml-cpp/yaml.h>

#include <algorithm>

namespace ratekit::serve {

using store::statement;

std::vector<std::string> competition_names(store::database& db) {
  statement s = db.prepare(
      "SELECT c.name FROM competitions c WHERE EXISTS (SELECT 1 FROM runs r WHERE r.competition_id = c.id) "
      "ORDER BY c.name");
  std::vector<std::string> names;
  while (s.step()) names.emplace_back(s.text(0));
  return names;
}

namespace {

void read_periods(store::database& db, competition& c) {
  const std::unordered_map<int64_t, int32_t> dates = store::period_dates_of(db, c.id);
  statement s = db.prepare("SELECT id, label FROM periods WHERE competition_id = ?1 ORDER BY id");
  s.bind(1, c.id);
  while (s.step()) c.periods.push_back({s.integer(0), std::string(s.text(1)), dates.at(s.integer(0))});
  std::stable_sort(c.periods.begin(), c.periods.end(), [](const period& a, const period& b) { return a.date < b.date; });
  for (size_t i = 0; i < c.periods.size(); ++i) c.position.emplace(c.periods[i].id, i);
}

// categories: [ { from: 1000, label: beginner }, ... ] of the config as recorded (a run read it, so it parses).
std::vector<std::pair<double, std::string>> categories_of(const std::string& config_text) {
  std::vector<std::pair<double, std::string>> out;
  try {
    const YAML::Node categories = YAML::Load(config_text)["categories"];
    if (categories && categories.IsSequence())
      for (const auto& c : categories) out.emplace_back(c["from"].as<double>(), c["label"].as<std::string>());
  } catch (const YAML::Exception&) {  // none then: the filter names none
    out.clear();
  }
  return out;
}

int64_t count(store::database& db, const char* sql, int64_t id) {
  statement s = db.prepare(sql);
  s.bind(1, id);
  return s.step() ? s.integer(0) : 0;
}

}  // namespace

std::optional<competition> find_competition(store::database& db, const std::string& name) {
  statement s = db.prepare(
      "SELECT c.id, r.model, r.params, r.config_text, r.recorded_at FROM competitions c "
      "JOIN runs r ON r.competition_id = c.id WHERE c.name = ?1 ORDER BY r.id DESC LIMIT 1");
  s.bind(1, std::string_view(name));
  if (!s.step()) return std::nullopt;
  competition c{s.integer(0), name, std::string(s.text(1)), std::string(s.text(2)), std::string(s.text(3)),
                std::string(s.text(4)), {}, {}, 0, 0, {}};
  read_periods(db, c);
  c.categories = categories_of(c.config_text);
  return c;
}

void count_players_and_games(store::database& db, competition& c) {
  c.players = count(db, "SELECT count(*) FROM players WHERE competition_id = ?1", c.id);
  c.games = count(db, "SELECT count(*) FROM games g JOIN runs r ON r.id = g.run_id WHERE r.competition_id = ?1", c.id);
}

}  // namespace ratekit::serve
