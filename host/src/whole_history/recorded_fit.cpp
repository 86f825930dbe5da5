#include "whole_history/recorded_fit.hpp"

#include "recording/database_rows.hpp"
#include "recording/run_rows.hpp"
#include "store/row_batch.hpp"
#include "store/schema_steps.hpp"
#include "store/state_object.hpp"
#include "store/whole_history_rows.hpp"
#include "whole_history/batch_label.hpp"
#include "whole_history/dense_history.hpp"

#include <algorithm>
#include <optional>
#include <unordered_map>

namespace ratekit {
namespace {

using store::statement;

// The competition's estimates go: every fit re-estimates the whole history. Unless the recorded fit is
// extended in place (`kept`: extension_of), so do its games (their warm state is on their rows) and its
// periods, which are written again in time order (a correction may add a batch before the others); the runs
// replaced go whole.
void remove_last_fit(store::database& db, int64_t competition, const std::vector<earlier_run>& replaced, bool kept) {
  statement fits = db.prepare("DELETE FROM whole_history_fits WHERE run_id = ?1");
  for (const earlier_run& e : replaced) fits.bind(1, e.id).run();
  db.prepare("DELETE FROM ratings WHERE period_id IN (SELECT id FROM periods WHERE competition_id = ?1)")
      .bind(1, competition)
      .run();
  if (!kept)
    for (const char* sql : {"DELETE FROM whole_history_games WHERE run_id IN (SELECT id FROM runs WHERE competition_id = ?1)",
                            "DELETE FROM whole_history_entries WHERE run_id IN (SELECT id FROM runs WHERE competition_id = ?1)",
                            "DELETE FROM periods WHERE competition_id = ?1"})
      db.prepare(sql).bind(1, competition).run();
  std::vector<int64_t> ids;
  for (const earlier_run& e : replaced) ids.push_back(e.id);
  db_rows::remove_runs(db, ids);
}

// Whether each of the fit's batches holds recorded games only (1) or this run's only (0); -1 for one holding both.
std::vector<int> batches_recorded(const dense_history& h, size_t recorded_matches) {
  std::vector<int> out(h.batch_ends.size());
  for (size_t b = 0, m = 0; b < out.size(); ++b) {
    out[b] = h.source[m] < recorded_matches;
    for (; m < h.batch_ends[b]; ++m)
      if ((h.source[m] < recorded_matches) != bool(out[b])) out[b] = -1;
  }
  return out;
}

// The ids of the periods of the fit's recorded batches, in time order, when the recorded fit can be extended
// in place: no run replaced, no warm state on the games' rows (the fit changes it), every recorded batch
// before every new one (so the periods' ids stay in time order, as `ratekit history` reads them) and each one
// a period already. Then the games and periods recorded stay as they are, and this run adds its own.
std::optional<std::vector<int64_t>> extension_of(store::database& db, int64_t competition, const whole_history_fit& fit,
                                                 const std::vector<int64_t>& run_of, const std::vector<earlier_run>& replaced) {
  if (!replaced.empty() || !fit.warm_state.empty() || run_of.empty()) return std::nullopt;
  const std::vector<int> recorded = batches_recorded(*fit.history, run_of.size());
  std::unordered_map<std::string, int64_t> period_ids;
  statement s = db.prepare("SELECT label, id FROM periods WHERE competition_id = ?1");
  s.bind(1, competition);
  while (s.step()) period_ids.emplace(s.text(0), s.integer(1));
  std::vector<int64_t> ids;
  for (size_t b = 0; b < recorded.size() && recorded[b] == 1; ++b) {
    const auto found = period_ids.find(batch_label(fit.run.period, fit.history->batch_dates[b]));
    if (found == period_ids.end() || (!ids.empty() && found->second < ids.back())) return std::nullopt;
    ids.push_back(found->second);
  }
  if (ids.size() != period_ids.size() || std::any_of(recorded.begin() + long(ids.size()), recorded.end(), [](int r) { return r != 0; }))
    return std::nullopt;
  return ids;
}

std::vector<int64_t> player_ids(store::database& db, int64_t competition, const player_table& p) {
  db_rows::player_rows rows(db, competition);
  std::vector<int64_t> ids;
  for (int32_t i = 0; i < p.size(); ++i)
    ids.push_back(rows.add(p.name(i), p.external_id[size_t(i)], p.federation[size_t(i)], p.birth_year[size_t(i)]));
  return ids;
}

// Each recorded match's run and its number in that run (from 1), in the order the fit read them: those the
// competition's runs recorded first (run_of), then this run's.
struct recorded_match_numbering {
  const std::vector<int64_t>& run_of;
  int64_t run, seq = 0;
  int64_t owner(size_t m) const { return m < run_of.size() ? run_of[m] : run; }
  int64_t next(size_t m) { return seq = m > 0 && owner(m) == owner(m - 1) ? seq + 1 : 1; }
};

// Each match's first entry in the fit's history, by its index in the dataset (dense_history::source).
std::vector<uint64_t> first_entry_of_matches(const dense_history& h, size_t matches) {
  std::vector<uint64_t> entry_of(matches);
  for (size_t m = 0; m < h.matches.size(); ++m) entry_of[h.source[m]] = h.matches[m].begin;
  return entry_of;
}

// The games from `first` on (0: every game), each under the run that read it (the recorded ones first, numbered
// again in their order), with its entries' warm state when the model has one.
void insert_games(store::database& db, const whole_history_fit& fit, int64_t run, const std::vector<int64_t>& run_of,
                  const std::vector<int64_t>& ids, size_t first) {
  const dataset& d = fit.run.data;
  const size_t width = fit.warm_state.size() / std::max<size_t>(fit.history->entries.size(), 1);
  const std::vector<uint64_t> entry_of = first_entry_of_matches(*fit.history, d.games.size());  // A's
  store::row_batch rows(db, "INSERT INTO whole_history_games (run_id, seq, date, player_a, player_b, score_a, home, "
                            "warm_a, warm_b)", 9);
  recorded_match_numbering number{run_of, run};
  for (size_t g = first; g < d.games.size(); ++g) {
    const rk_game& game = d.games[g];
    rows.bind(2, number.next(g)).bind(1, number.owner(g)).bind(3, int64_t(d.facts.date[g])).bind(4, ids[size_t(game.a)]);
    rows.bind(5, ids[size_t(game.b)]).bind(6, game.score_a).bind(7, int64_t(d.facts.home[g]));
    if (width) {
      const double* state = fit.warm_state.data() + entry_of[g] * width;
      rows.bind(8, std::string_view(store::warm_text(state, width))).bind(9, std::string_view(store::warm_text(state + width, width)));
    }
    rows.run();
  }
  rows.flush();
}

// The team matches from `first` on, an entry a row, as insert_games records the duels.
void insert_matches(store::database& db, const whole_history_fit& fit, int64_t run, const std::vector<int64_t>& run_of,
                    const std::vector<int64_t>& ids, size_t first) {
  const dataset& d = fit.run.data;
  const size_t width = fit.warm_state.size() / std::max<size_t>(fit.history->entries.size(), 1);
  const std::vector<uint64_t> entry_of = first_entry_of_matches(*fit.history, d.events.size());
  store::row_batch rows(db, "INSERT INTO whole_history_entries (run_id, seq, entry, match_name, date, player_id, team, "
                            "rank, weight, warm)", 10);
  recorded_match_numbering number{run_of, run};
  for (size_t m = first; m < d.events.size(); ++m) {
    const rk_event& match = d.events[m];
    const event_info& info = d.event_infos[m];
    const int64_t seq = number.next(m);
    for (uint64_t e = match.begin; e < match.end; ++e) {
      const rk_entry& entry = d.entries[e];
      const std::string team = entry.team < info.teams.size() ? info.teams[entry.team] : std::to_string(entry.team);
      rows.bind(1, number.owner(m)).bind(2, seq).bind(3, int64_t(e - match.begin)).bind(4, std::string_view(info.name));
      rows.bind(5, int64_t(info.date)).bind(6, ids[size_t(entry.player)]).bind(7, std::string_view(team));
      rows.bind(8, entry.rank).bind(9, d.weights.empty() ? 1.0 : d.weights[e]);
      if (width)
        rows.bind(10, std::string_view(store::warm_text(fit.warm_state.data() + (entry_of[m] + e - match.begin) * width, width)));
      rows.run();
    }
  }
  rows.flush();
}

// Each batch after the `kept` periods as a period, owned by the run its games came from; the ids of all.
std::vector<int64_t> insert_periods(store::database& db, int64_t competition, int64_t run, const whole_history_fit& fit,
                                    const std::vector<int64_t>& run_of, std::vector<int64_t> kept) {
  const dense_history& h = *fit.history;
  statement s = db.prepare("INSERT INTO periods (competition_id, run_id, label) VALUES (?1, ?2, ?3) RETURNING id");
  std::vector<int64_t> ids = std::move(kept);
  for (size_t b = ids.size(); b < h.batch_dates.size(); ++b) {
    const size_t game = h.source[b == 0 ? 0 : h.batch_ends[b - 1]];
    const std::string label = batch_label(fit.run.period, h.batch_dates[b]);
    s.bind(1, competition).bind(2, game < run_of.size() ? run_of[game] : run).bind(3, std::string_view(label));
    ids.push_back(db_rows::inserted_id(s));
  }
  return ids;
}

// One row per player per batch he played in: the estimate, its change from his estimate at his batch before
// (from the model's first estimate at his first), the matches, the deviation in `state`.
void insert_estimates(store::database& db, const whole_history_fit& fit, const std::vector<int64_t>& periods,
                      const std::vector<int64_t>& players) {
  store::row_batch rows(db, "INSERT INTO ratings (period_id, player_id, rating, change, games, state)", 6);
  store::state_object state({"deviation"});
  std::vector<double> last(players.size(), fit.run.rater->new_player()[0]);
  each_appearance(*fit.history, [&](size_t b, int32_t p, uint64_t e, uint64_t games) {
    const double mean = fit.mean[e];
    rows.bind(1, periods[b]).bind(2, players[size_t(p)]).bind(3, mean).bind(4, mean - last[size_t(p)]);
    rows.bind(5, int64_t(games)).bind(6, state.write(&fit.sd[e]));
    rows.run();
    last[size_t(p)] = mean;
  });
  rows.flush();
}

void insert_summary(store::database& db, int64_t run, const whole_history_fit& fit, size_t games) {
  const auto& f = fit.summary;
  statement s = db.prepare(
      "INSERT INTO whole_history_fits (run_id, sweeps, last_change, converged, epsilon, log_evidence, warm_start, "
      "games) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)");
  s.bind(1, run).bind(2, int64_t(f["sweeps"].get<uint64_t>()));
  s.bind(3, f["last_change"].is_null() ? NAN : f["last_change"].get<double>());
  s.bind(4, int64_t(f["converged"].get<bool>())).bind(5, f["epsilon"].get<double>());
  s.bind(6, f["log_evidence"].is_null() ? NAN : f["log_evidence"].get<double>());
  s.bind(7, int64_t(f.value("warm_start", false))).bind(8, int64_t(games));
  s.run();
}

}  // namespace

recorded_run record_fit(store::database& db, const whole_history_fit& fit, const competition_config& config,
                        const std::string& fingerprint,
                        const std::vector<int64_t>& run_of, const std::vector<earlier_run>& replaced) {
  const run_result& r = fit.run;
  const rk_descriptor& model = r.source->descriptor();
  store::ensure_step(db, store::whole_history_step);
  const int64_t competition = db_rows::competition_id(db, config.competition);
  const std::optional<std::vector<int64_t>> kept = extension_of(db, competition, fit, run_of, replaced);
  remove_last_fit(db, competition, replaced, kept.has_value());
  const int64_t run = db_rows::insert_run(db, competition, config, model, fingerprint);
  const std::vector<int64_t> players = player_ids(db, competition, r.data.players);
  const size_t first_new = kept ? run_of.size() : 0;
  if (r.data.ranked())
    insert_matches(db, fit, run, run_of, players, first_new);
  else
    insert_games(db, fit, run, run_of, players, first_new);
  const std::vector<int64_t> periods = insert_periods(db, competition, run, fit, run_of, kept.value_or(std::vector<int64_t>{}));
  insert_estimates(db, fit, periods, players);
  db_rows::insert_states(db, run, model, r.state, players);
  insert_summary(db, run, fit, r.data.ranked() ? r.data.events.size() : r.data.games.size());
  return recorded_run{run, periods.size(), players.size(), false, replaced};
}

}  // namespace ratekit
