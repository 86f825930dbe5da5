#include "recording/database_rows.hpp"
#include "store/player_record_rows.hpp"

#include <ratekit/host/plugin/player_records.hpp>

#include <ratekit/host/text/diagnostics.hpp>
#include <ratekit/host/text/escape.hpp>
#include <ratekit/host/text/format.hpp>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <climits>
#include <cmath>
#include <stdexcept>

namespace ratekit::db_rows {
namespace {

using store::statement;

std::vector<std::string> shown_names(const rk_descriptor& model, const std::vector<uint32_t>& shown) {
  std::vector<std::string> names;
  for (const uint32_t f : shown) names.emplace_back(model.state[f].name);
  return names;
}

}  // namespace

player_rows::player_rows(store::database& db, int64_t competition)
    : competition_(competition),
      find_(db.prepare("SELECT id FROM players WHERE competition_id = ?1 AND name = ?2")),
      insert_(db.prepare("INSERT INTO players (competition_id, name, external_id, federation, birth_year) "
                         "VALUES (?1, ?2, nullif(?3, ''), nullif(?4, ''), ?5) RETURNING id")),
      update_(db.prepare("UPDATE players SET external_id = coalesce(nullif(?2, ''), external_id), "
                         "federation = coalesce(nullif(?3, ''), federation), birth_year = coalesce(?4, birth_year) "
                         "WHERE id = ?1")) {}

// Looked up first, then inserted or its facts updated: an upsert would copy
// each page it touches aside in case it had to undo itself halfway (SQLite),
// and draw an id from the sequence each time, found or not (PostgreSQL).
int64_t player_rows::add(std::string_view name, std::string_view external_id, std::string_view federation,
                         double birth_year) {
  find_.bind(1, competition_).bind(2, name);
  const bool found = find_.step();
  const int64_t id = found ? find_.integer(0) : 0;
  find_.reset();
  if (!found) {
    insert_.bind(1, competition_).bind(2, name).bind(3, external_id).bind(4, federation).bind(5, birth_year);
    return inserted_id(insert_);
  }
  if (!external_id.empty() || !federation.empty() || !std::isnan(birth_year))
    update_.bind(1, id).bind(2, external_id).bind(3, federation).bind(4, birth_year).run();
  return id;
}

period_totals::period_totals(store::database& db, const rk_descriptor& model, std::vector<uint32_t> shown,
                             const std::vector<int64_t>& player_ids)
    : shown_(std::move(shown)),
      player_ids_(player_ids),
      object_(shown_names(model, shown_)),
      insert_(db, "INSERT INTO ratings (period_id, player_id, rating, change, games, state)", 6) {}

void period_totals::add(int64_t period, int32_t player, double before, double after, const double* state) {
  const size_t p = size_t(player), extra = shown_.size();
  touch(period, p, before);
  after_[p] = after;
  std::copy(state, state + extra, state_.begin() + long(p * extra));
  ++games_[p];
}

void period_totals::adjust(int64_t period, const rated_adjustment& a) {
  const size_t p = size_t(a.player), extra = shown_.size();
  const bool played = period == period_ && p < before_.size() && !std::isnan(before_[p]);
  touch(period, p, a.before);
  if (!played) std::fill_n(state_.begin() + long(p * extra), extra, NAN);  // no game of his: no state shown
  after_[p] = a.after;
}

void period_totals::touch(int64_t period, size_t p, double before) {
  if (period != period_) end_period();
  period_ = period;
  if (p >= before_.size()) {
    const size_t n = std::max(p + 1, before_.size() * 2);
    before_.resize(n, NAN);
    after_.resize(n);
    state_.resize(n * shown_.size());
    games_.resize(n, 0);
  }
  if (std::isnan(before_[p])) {
    before_[p] = before;
    touched_.push_back(int32_t(p));
    note_last_period(p);
  }
}

void period_totals::note_last_period(size_t p) {
  if (!date_of_) return;
  if (last_period_.size() <= p) last_period_.resize(before_.size(), 0);
  int64_t& last = last_period_[p];
  if (last == 0 || date_of_(period_) >= date_of_(last)) last = period_;
}

void period_totals::flush() {
  end_period();
  insert_.flush();
}

void period_totals::end_period() {
  // In the order of the players' ids (the run's order): rows go in at the end of the key.
  std::sort(touched_.begin(), touched_.end());
  const size_t extra = shown_.size();
  for (const int32_t player : touched_) {
    const size_t p = size_t(player);
    const int64_t id = player_ids_[p];
    const std::string_view state = object_.write(state_.data() + p * extra);
    insert_.bind(1, period_).bind(2, id).bind(3, after_[p]).bind(4, after_[p] - before_[p]).bind(5, games_[p]);
    (state.empty() ? insert_.bind_null(6) : insert_.bind(6, state)).run();
    before_[p] = NAN;
    games_[p] = 0;
  }
  touched_.clear();
}

game_rows::game_rows(store::database& db, int64_t run)
    : run_(run),
      insert_(db,
              "INSERT INTO games (run_id, seq, period_id, player_a, player_b, score_a, expected_a, expected_b, k_a, "
              "k_b, change_a, change_b, rating_a, rating_b)",
              14) {}

void game_rows::add(size_t seq, int64_t period, int64_t player_a, int64_t player_b, const rk_game& g,
                    const rk_game_out& o, double before_a, double before_b) {
  insert_.bind(1, run_).bind(2, int64_t(seq)).bind(3, period).bind(4, player_a).bind(5, player_b).bind(6, g.score_a);
  insert_.bind(7, o.expected_a).bind(8, o.expected_b).bind(9, g.k_a).bind(10, g.k_b);
  insert_.bind(11, o.delta_a).bind(12, o.delta_b).bind(13, before_a).bind(14, before_b).run();
}

entry_rows::entry_rows(store::database& db, int64_t run)
    : run_(run),
      insert_(db,
              "INSERT INTO entries (run_id, seq, period_id, player_id, rank, expected, weight, change, rating, skipped, "
              "team)",
              11) {}

void entry_rows::add(size_t seq, int64_t period, int64_t player, const rk_entry& e, const rk_entry_out& o,
                     double before, std::string_view team) {
  insert_.bind(1, run_).bind(2, int64_t(seq)).bind(3, period).bind(4, player).bind(5, double(e.rank));
  insert_.bind(6, o.expected).bind(7, o.weight).bind(8, o.delta).bind(9, before);
  insert_.bind(10, int64_t((o.flags & RK_ENTRY_SKIPPED) != 0));
  (team.empty() ? insert_.bind_null(11) : insert_.bind(11, team)).run();
}

void add_event_rows(const rated_event& e, int64_t period, period_totals& totals, entry_rows& entries,
                    const std::vector<int64_t>& player_ids) {
  for (size_t i = 0; i < e.count; ++i) {
    const rk_entry& entry = e.entries[i];
    if (!(e.out[i].flags & RK_ENTRY_SKIPPED))
      totals.add(period, entry.player, e.before[i], e.after[i], e.state + i * e.shown);
    const bool named = e.teams && !e.info->teams.empty();  // a free-for-all's teams of one have no names
    entries.add(e.first + i, period, player_ids[size_t(entry.player)], entry, e.out[i], e.before[i],
                named ? std::string_view(e.info->teams[entry.team]) : std::string_view());
  }
}

// When a player was last rated (period number and date) is kept for a model
// that reads elapsed time, the only kind that moves it.
state_fields::state_fields(const rk_descriptor& model, const player_state& state)
    : state_(state), model_fields_(model.state_count) {
  for (uint32_t f = 0; f < model.state_count; ++f) names_.emplace_back(model.state[f].name);
  names_.insert(names_.end(), {"games", "peak"});
  elapsed_ = std::any_of(state.last_period.begin(), state.last_period.end(), [](int64_t p) { return p != RK_NEVER_RATED; });
  if (elapsed_) names_.insert(names_.end(), {"last_period", "last_played"});
}

void state_fields::values(size_t p, double* out) const {
  const size_t fields = model_fields_;
  for (size_t f = 0; f < fields; ++f) out[f] = state_.columns[f][p];
  out[fields] = state_.games[p];
  out[fields + 1] = state_.peak[p];
  if (!elapsed_) return;
  const bool rated = state_.last_period[p] != RK_NEVER_RATED;
  out[fields + 2] = rated ? double(state_.last_period[p]) : NAN;
  out[fields + 3] = rated && state_.last_date[p] ? double(state_.last_date[p]) : NAN;
}

void insert_states(store::database& db, int64_t run, const rk_descriptor& model, const player_state& st,
                   const std::vector<int64_t>& player_ids) {
  const state_fields fields(model, st);
  store::row_batch s(db, "INSERT INTO states (run_id, player_id, field, value)", 4);
  std::vector<double> values(fields.names().size());
  for (size_t p = 0; p < player_ids.size(); ++p) {
    fields.values(p, values.data());
    for (size_t f = 0; f < values.size(); ++f)
      s.bind(1, run).bind(2, player_ids[p]).bind(3, std::string_view(fields.names()[f])).bind(4, values[f]).run();
  }
  s.flush();
}

void insert_player_records(store::database& db, int64_t run, model& rater, const std::vector<int64_t>& player_ids) {
  store::write_player_records(db, run, saved_player_records(rater, player_ids.size()), player_ids);
}

}  // namespace ratekit::db_rows
