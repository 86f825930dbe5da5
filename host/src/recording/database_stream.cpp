// database_stream: a run's pairwise games written to the history database as
// they are rated, period by period, so the run keeps none of them.
#include "recording/database_stream.hpp"

#include "recording/standings_rows.hpp"

#include <ratekit/host/text/diagnostics.hpp>
#include <ratekit/host/text/escape.hpp>
#include <ratekit/host/text/format.hpp>

#include <algorithm>
#include <cctype>

namespace ratekit::db_rows {

using store::statement;

database_stream::database_stream(store::database& db, const competition_config& config, const rk_descriptor& model,
                                 std::string fingerprint, stream_policy policy)
    : db_(db),
      config_(config),
      model_(model),
      fingerprint_(std::move(fingerprint)),
      policy_(std::move(policy)),
      competition_(competition_id(db, config.competition)),
      deferred_indexes_(db.defer_indexes("ratings") + db.defer_indexes("games") + db.defer_indexes("entries")),
      taken_(config.period),
      checked_(config.period),
      recorded_(recorded_periods(db, competition_)),
      players_(db, competition_),
      totals_(db, model, shown_state_fields(model), player_ids_) {
  totals_.date_periods([this](int64_t period) { return periods_->date_of(period); });
}

namespace {

// Dated labels of one kind ("2024-03", "2024-03-05", "2024"): digits in the same places.
bool same_shape(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return (std::isdigit(static_cast<unsigned char>(x)) != 0) == (std::isdigit(static_cast<unsigned char>(y)) != 0);
         });
}

}  // namespace

const earlier_run* database_stream::met(const std::string& label) const {
  auto at = recorded_.lower_bound(label);
  if (at != recorded_.end() && at->first == label) return &at->second;
  if (!is_calendar(config_.period)) return nullptr;
  for (; at != recorded_.end(); ++at)
    if (same_shape(at->first, label)) return &at->second;
  return nullptr;
}

// A period recorded by another run, or before one it recorded: refused, that
// run removed with every later one, or rated again from the state before it
// (stream_policy). Runs removed already, with one replaced before, are gone.
void database_stream::meet(const std::string& label) {
  const earlier_run* e = met(label);
  if (!e) return;
  const auto gone = std::find_if(replaced_.begin(), replaced_.end(), [&](const earlier_run& r) { return r.id == e->id; });
  if (gone != replaced_.end()) {
    // Removed as a later run, it recorded one of this run's periods too: replaced, not to be rated again.
    if (gone->period.empty() && e->period == label) gone->period = label;
    return;
  }
  refuse_or_rate_again(*e, label);
  for (earlier_run& r : runs_from(db_, competition_, *e, run_)) {
    if (r.period != label) r.period.clear();  // it recorded later periods: to be run again
    remove_runs(db_, {r.id});
    replaced_.push_back(std::move(r));
  }
}

void database_stream::refuse_or_rate_again(const earlier_run& e, const std::string& label) const {
  if (!policy_.replace) {
    if (e.period == label) refuse_other_input(config_, e);
    throw user_error(config_.output_database.string(), 0, 0,
                     "period '" + label + "' of competition '" + config_.competition + "' comes before period '" +
                         e.period + "', recorded by run " + std::to_string(e.id) + " of " + e.recorded_at +
                         ", so it would be rated from ratings after it; nothing was recorded. To rate it, run again "
                         "with --replace: run " + std::to_string(e.id) +
                         " and every run recorded after it are rated again after this one, from their recorded inputs");
  }
  // The state the run starts from holds e's ratings: rated again from the state before e.
  if (policy_.starts_here && e.id < config_.initial_before_run) throw rate_again(e);
}

void database_stream::check(const std::string& label) const {
  if (const earlier_run* e = met(label)) refuse_or_rate_again(*e, label);
}

void database_stream::before_rating(const rated_games& window) {
  if (config_.period == period_kind::game) return;  // its one period is named once its last game is known
  for (const std::string& label : checked_.of(window)) check(label);
}

int64_t database_stream::add_period(const std::string& label, int32_t first, int32_t last) {
  meet(label);
  return periods_->add(label, first, last);
}

void database_stream::start(const std::vector<std::string>& new_names) {
  if (run_ == 0) {
    run_ = insert_run(db_, competition_, config_, model_, fingerprint_);
    periods_.emplace(db_, competition_, run_);
  }
  if (new_names.empty() || db_.add_players(competition_, new_names, player_ids_)) return;
  for (const auto& name : new_names) player_ids_.push_back(players_.add(name));
}

void database_stream::count_rows(size_t rows) {
  rows_taken_ += int64_t(rows);
  if (rows_taken_ < next_index_question_) return;
  next_index_question_ *= 2;
  deferred_indexes_ += db_.rebuild_indexes_after(rows_taken_);
}

// An event is a period of its own, named after it.
void database_stream::take(rated_event& e) {
  count_rows(e.count);
  start(e.new_names);
  if (!entries_) entries_.emplace(db_, run_);
  add_event_rows(e, add_period(taken_.add(e.info->name), e.info->date, e.info->date), totals_, *entries_, player_ids_);
}

void database_stream::take(rated_games& g) {
  count_rows(g.count);
  start(g.new_names);
  if (!games_) games_.emplace(db_, run_);
  const bool per_game = config_.period == period_kind::game;
  if (per_game && game_period_ == 0) {
    // Named when the last game is known (finish()); till then by a label no period has.
    game_period_ = add_period("\x01" "being recorded by run " + std::to_string(run_), 0, 0);
    first_date_ = INT32_MAX, last_date_ = 0;
  }
  const size_t shown = g.shown;
  const std::vector<std::string>* labels = per_game ? nullptr : &taken_.of(g);
  size_t begin = 0, adjusted = 0;
  for (size_t p = 0; p < (per_game ? 1 : g.period_count); ++p) {
    const size_t end = per_game ? g.count : size_t(g.ends[p]);
    const auto [first, last] = date_range(g.dates + begin, end - begin);
    const int64_t period = per_game ? game_period_ : add_period((*labels)[p], first, last);
    for (size_t i = begin; i < end; ++i) {
      const rk_game& game = g.games[i];
      if (per_game) first_date_ = std::min(first_date_, g.dates[i]), last_date_ = std::max(last_date_, g.dates[i]);
      totals_.add(period, game.a, g.before_a[i], g.after_a[i], g.state + 2 * i * shown);
      totals_.add(period, game.b, g.before_b[i], g.after_b[i], g.state + (2 * i + 1) * shown);
      games_->add(g.first + i, period, player_ids_[size_t(game.a)], player_ids_[size_t(game.b)], game, g.out[i],
                  g.before_a[i], g.before_b[i]);
    }
    for (; adjusted < g.adjustment_count && g.adjustments[adjusted].game < end; ++adjusted)
      totals_.adjust(period, g.adjustments[adjusted]);
    begin = end;
  }
}

recorded_run database_stream::finish(const run_result& run) {
  totals_.flush();
  if (games_) games_->flush();
  if (entries_) entries_->flush();
  if (game_period_ != 0) {
    const std::string label = taken_.add(game_run_label(config_, first_date_, last_date_));
    meet(label);
    const bool dated = first_date_ > 0;  // else the label names the input files
    periods_->rename(game_period_, label, dated ? first_date_ : 0, dated ? last_date_ : 0);
  }
  // Facts the input gives are known once it is read: recorded over what the database holds.
  const player_table& p = run.data.players;
  for (size_t i = 0; i < size_t(p.size()); ++i) {
    const bool known = !p.external_id[i].empty() || !p.federation[i].empty() || !std::isnan(p.birth_year[i]);
    if (i < player_ids_.size() && !known) continue;
    const int64_t id = players_.add(p.name(int32_t(i)), p.external_id[i], p.federation[i], p.birth_year[i]);
    if (i == player_ids_.size()) player_ids_.push_back(id);
  }
  insert_states(db_, run_, model_, run.state, player_ids_);
  insert_player_records(db_, run_, *run.rater, player_ids_);
  if (!deferred_indexes_.empty()) db_.exec(deferred_indexes_.c_str());
  if (periods_)  // after the indexes: rebuilding them reads the ratings by player
    record_standings(db_, competition_, run_, state_fields(model_, run.state), player_ids_, totals_.last_periods(),
                     *periods_);
  return {run_, taken_.size(), player_ids_.size(), false, replaced_};
}

}  // namespace ratekit::db_rows
