#include "output/files/run_files.hpp"

#include <cmath>
#include <iterator>

namespace ratekit {

starting_deviations run_starting_deviations(const run_result& r, const competition_config& c) {
  starting_deviations start;
  const int field = deviation_field(*r.source);
  if (field < 0 || r.source->has(RK_CAP_TEAMS) || r.source->has(RK_CAP_WHOLE_HISTORY)) return start;  // theirs is in history.csv
  const std::string name = r.source->descriptor().state[field].name;
  start.new_player = r.rater->new_player()[size_t(field)];
  for (const auto& [state_name, value] : c.initial_state)
    if (state_name == name) start.new_player = value;
  for (size_t p = 0; p < r.start_spread.size(); ++p)
    if (r.state.games[p] != r.start_games[p] && r.start_spread[p] != start.new_player)
      start.seeded.emplace(r.data.players.name(int32_t(p)), r.start_spread[p]);
  return start;
}

nlohmann::ordered_json summary_json(const run_result& r, const competition_config& c) {
  using json = nlohmann::ordered_json;  // keys in the order written
  const rk_descriptor& desc = r.source->descriptor();
  json params = json::object();
  for (uint32_t i = 0; i < desc.param_count; ++i) {
    const rk_param_spec& p = desc.params[i];
    const double v = c.params[i];
    if (p.type == RK_PARAM_BOOL) {
      params[p.key] = v != 0;
    } else if (p.type == RK_PARAM_CHOICE) {
      std::string_view choices = p.choices;
      for (int k = 0; k < int(v); ++k) choices.remove_prefix(choices.find('|') + 1);
      params[p.key] = std::string(choices.substr(0, choices.find('|')));
    } else {
      params[p.key] = v;
    }
  }
  json bookkeeping = json::array();  // state fields that reports leave out (a 1.0 plugin names none)
  for (uint32_t f = 0; f < desc.state_count && f < 32; ++f)
    if (desc.bookkeeping_state >> f & 1u) bookkeeping.push_back(desc.state[f].name);
  json help = json::object();  // what each state field means, for the HTML overview's ratings list
  for (uint32_t f = 0; f < desc.state_count; ++f)
    if (desc.state[f].help && *desc.state[f].help) help[desc.state[f].name] = desc.state[f].help;
  json inputs = json::array();
  for (const auto& path : c.input_paths) inputs.push_back(path.filename().string());
  json s = {{"competition", c.competition},
            {"model", c.model},
            {"plugin", {{"id", desc.id}, {"version", desc.version}, {"file", r.source->file().filename().string()}}},
            {"params", params},
            {"bookkeeping_state", bookkeeping},
            {"state_help", help},
            {"home_advantage", {{"predict", c.home_predict}, {"update", c.home_update},
                                {"hindsight", std::isnan(c.home_hindsight) ? c.home_predict : c.home_hindsight}}},
            {"input", {{"format", c.input_format}, {"files", inputs}}},
            {"counts", {{"players", r.data.players.size()}, {"games", r.game_count},
                        {"periods", r.period_count},
                        {"events", r.data.events.size()}, {"entries", r.entry_count}}}};
  if (!c.period_label.empty()) s["input"]["period_label"] = c.period_label;
  if (c.input_options.sort_by_date) s["input"]["sort"] = "date";
  if (r.data.ranked()) {
    json skipped = json::array();
    for (size_t e = 0; e < r.data.events.size(); ++e) {
      const rk_event& ev = r.data.events[e];
      if (r.event_skipped(e))
        skipped.push_back({{"event", r.data.event_infos[e].name},
                           {"rounds", std::isnan(ev.rounds) ? json(nullptr) : json(ev.rounds)},
                           {"players", ev.end - ev.begin}});
    }
    s["skipped_events"] = skipped;
  }
  if (!r.data.skipped_results.empty()) {  // input.skip_results: rows read past, by result
    json skipped = json::object();
    for (const auto& [result, rows] : r.data.skipped_results) skipped[result] = rows;
    s["skipped_results"] = skipped;
  }
  // Where the charts' bands start: `ratekit chart` and `ratekit report` read it here.
  if (const starting_deviations start = run_starting_deviations(r, c); !std::isnan(start.new_player))
    s["starting_deviation"] = {{"field", desc.state[deviation_field(*r.source)].name},
                               {"new_player", start.new_player}, {"seeded", start.seeded}};
  s["metrics"] = json(r.metrics);
  // The config itself, so a report shows exactly what produced the numbers.
  s["config_text"] = recorded_config_text(c);
  return s;
}

}  // namespace ratekit
