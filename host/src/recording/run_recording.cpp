// record_run: one run into the history database, all or nothing.
#include <ratekit/host/text/diagnostics.hpp>
#include <ratekit/host/engine/engine.hpp>
#include <ratekit/host/recording/run_recording.hpp>
#include <ratekit/host/store/location.hpp>

#include "recording/database_lock.hpp"
#include "recording/database_rows.hpp"
#include "recording/database_stream.hpp"
#include "recording/period_rows.hpp"
#include "recording/standings_rows.hpp"
#include "store/database.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <atomic>

namespace ratekit {
namespace {

namespace fs = std::filesystem;
using store::statement;

// A finished run, from what it kept, when no sink recorded it as it was rated (record_run).
class recorder {
 public:
  recorder(store::database& db, const run_result& r, const competition_config& config, std::atomic<uint64_t>* done)
      : db_(db), r_(r), c_(config), done_(done) {}

  recorded_run record(const std::string& fingerprint) {
    const rk_descriptor& model = r_.source->descriptor();
    competition_ = db_rows::competition_id(db_, c_.competition);
    const db_rows::stored_periods periods = db_rows::split_periods(r_, c_);
    run_ = db_rows::insert_run(db_, competition_, c_, model, fingerprint);
    db_rows::period_rows period_rows(db_, competition_, run_);
    insert_periods(periods, period_rows);
    insert_players();
    db_rows::period_totals totals(db_, model, r_.shown_state, player_ids_);
    totals.date_periods([&](int64_t period) { return period_rows.date_of(period); });
    if (r_.data.ranked()) {
      insert_events(periods, totals);
    } else {
      insert_game_ratings(periods, totals);
      insert_games(periods);
    }
    totals.flush();
    db_rows::insert_states(db_, run_, model, r_.state, player_ids_);
    db_rows::record_standings(db_, competition_, run_, db_rows::state_fields(model, r_.state), player_ids_,
                              totals.last_periods(), period_rows);
    db_rows::insert_player_records(db_, run_, *r_.rater, player_ids_);
    return {run_, periods.labels.size(), player_ids_.size(), false, {}};
  }

 private:
  // Each stored period with the first and last date of its games or event.
  void insert_periods(const db_rows::stored_periods& periods, db_rows::period_rows& rows) {
    const dataset& d = r_.data;
    std::vector<std::pair<int32_t, int32_t>> dates(periods.labels.size(), {INT32_MAX, 0});
    for (size_t i = 0; i < periods.of.size(); ++i) {
      const int32_t date = d.ranked() ? d.event_infos[i].date : d.facts.date[i];
      auto& [first, last] = dates[periods.of[i]];
      if (date > 0) first = std::min(first, date), last = std::max(last, date);
    }
    for (size_t p = 0; p < periods.labels.size(); ++p)
      period_ids_.push_back(rows.add(periods.labels[p], dates[p].second ? dates[p].first : 0, dates[p].second));
  }

  void insert_players() {
    db_rows::player_rows rows(db_, competition_);
    const player_table& p = r_.data.players;
    for (int32_t i = 0; i < p.size(); ++i)
      player_ids_.push_back(rows.add(p.name(i), p.external_id[size_t(i)], p.federation[size_t(i)],
                                     p.birth_year[size_t(i)]));
  }

  void insert_game_ratings(const db_rows::stored_periods& periods, db_rows::period_totals& totals) {
    const size_t shown = r_.shown_state.size();
    const double* state = r_.game_state_after.data();
    const uint64_t* ends = r_.period_ends.empty() ? nullptr : r_.period_ends.data();
    size_t k = 0;  // the next adjustment, after its period's last game
    r_.replay_games([&](size_t i, double ba, double bb, double aa, double ab) {
      const int64_t period = period_ids_[periods.of[i]];
      totals.add(period, r_.data.games[i].a, ba, aa, state + (2 * i) * shown);
      totals.add(period, r_.data.games[i].b, bb, ab, state + (2 * i + 1) * shown);
      for (; k < r_.adjustments.size() && period_end_of(r_.adjustments[k].game, ends, r_.period_ends.size()) == i + 1; ++k)
        totals.adjust(period, r_.adjustments[k]);
    });
  }

  void count(size_t i) {
    if (done_ && (i & 1023) == 0) done_->store(i, std::memory_order_relaxed);
  }

  void insert_games(const db_rows::stored_periods& periods) {
    db_rows::game_rows rows(db_, run_);
    r_.replay_games([&](size_t i, double ba, double bb, double, double) {
      const rk_game& g = r_.data.games[i];
      rows.add(i, period_ids_[periods.of[i]], player_ids_[size_t(g.a)], player_ids_[size_t(g.b)], g, r_.game_out[i],
               ba, bb);
      count(i);
    });
    rows.flush();
    if (done_) done_->store(r_.data.games.size(), std::memory_order_relaxed);
  }

  void insert_events(const db_rows::stored_periods& periods, db_rows::period_totals& totals) {
    db_rows::entry_rows rows(db_, run_);
    size_t event = 0;
    r_.replay_events([&](const rated_event& e) {
      db_rows::add_event_rows(e, period_ids_[periods.of[event++]], totals, rows, player_ids_);
      if (done_) done_->store(e.first + e.count, std::memory_order_relaxed);
    });
    rows.flush();
  }

  store::database& db_;
  const run_result& r_;
  const competition_config& c_;
  std::atomic<uint64_t>* done_;
  int64_t competition_ = 0, run_ = 0;
  std::vector<int64_t> period_ids_, player_ids_;
};

}  // namespace

struct run_recording::impl {
  impl(const fs::path& where, const std::string& competition, bool wait) {
    // A file is locked whole, by the file lock; a server's competition by the engine (open_for_recording).
    if (!is_database_uri(where.string())) lock.emplace(where);
    db = store::open_database(where.string(), store::database::mode::read_write);
    db->open_for_recording(competition, wait);
    begin();
  }
  ~impl() {
    stream.reset();  // its statements before the connection
    tx.reset();
  }
  void begin() {
    tx.emplace(*db);
    db->ensure_schema();  // the tables of a new file are part of the transaction too
  }
  std::optional<database_lock> lock;  // first in, last out: released after the connection closes
  std::unique_ptr<store::database> db;
  std::optional<store::transaction> tx;
  std::unique_ptr<db_rows::database_stream> stream;
};

run_recording::run_recording(const fs::path& where, const std::string& competition, bool wait)
    : impl_(std::make_unique<impl>(where, competition, wait)) {}
run_recording::~run_recording() = default;

void run_recording::abandon_living() noexcept { database_lock::abandon_living(); }

std::vector<earlier_run> run_recording::earlier_runs(const run_result& run, const competition_config& config) {
  std::vector<earlier_run> found;
  statement c = impl_->db->prepare("SELECT id FROM competitions WHERE name = ?1");
  c.bind(1, std::string_view(config.competition));
  if (!c.step()) return found;
  const int64_t competition = c.integer(0);
  for (const auto& label : db_rows::split_periods(run, config).labels) {
    auto e = db_rows::period_owner(*impl_->db, competition, label);
    if (e && std::none_of(found.begin(), found.end(), [&](const earlier_run& f) { return f.id == e->id; }))
      found.push_back(std::move(*e));
  }
  return found;
}

std::optional<earlier_run> run_recording::same_input(const std::string& competition, const std::string& fingerprint) {
  statement s = impl_->db->prepare(
      "SELECT r.id, r.recorded_at, (SELECT label FROM periods WHERE run_id = r.id ORDER BY id LIMIT 1), r.config_file "
      "FROM runs r JOIN competitions c ON c.id = r.competition_id WHERE c.name = ?1 AND r.fingerprint = ?2 "
      "ORDER BY r.id DESC LIMIT 1");
  s.bind(1, std::string_view(competition)).bind(2, std::string_view(fingerprint));
  if (!s.step()) return std::nullopt;
  return earlier_run{s.integer(0), std::string(s.text(1)), fingerprint, std::string(s.text(2)), std::string(s.text(3)), {}, {}};
}

std::string run_recording::model_change(const competition_config& config, const rk_descriptor& model,
                                        const std::vector<earlier_run>& replaced) {
  statement s = impl_->db->prepare(
      "SELECT r.id, r.model, r.params FROM runs r JOIN competitions c ON c.id = r.competition_id "
      "WHERE c.name = ?1 ORDER BY r.id DESC");
  s.bind(1, std::string_view(config.competition));
  const std::string id = model.id, params = db_rows::params_json(config, model);
  while (s.step()) {
    const int64_t run = s.integer(0);
    if (std::any_of(replaced.begin(), replaced.end(), [&](const earlier_run& e) { return e.id == run; })) continue;
    if (s.text(1) == id && s.text(2) == params) return "";
    return "run " + std::to_string(run) + " used " + std::string(s.text(1)) + " " + std::string(s.text(2)) +
           ", this run uses " + id + " " + params;
  }
  return "";
}

recorded_run run_recording::record(const run_result& run, const competition_config& config,
                                   const std::string& fingerprint, std::atomic<uint64_t>* done) {
  return recorder(*impl_->db, run, config, done).record(fingerprint);
}

rated_games_sink& run_recording::stream(const competition_config& config, const rk_descriptor& model,
                                        const std::string& fingerprint, stream_policy policy) {
  impl_->stream = std::make_unique<db_rows::database_stream>(*impl_->db, config, model, fingerprint, std::move(policy));
  return *impl_->stream;
}

recorded_run run_recording::finish_stream(const run_result& run) { return impl_->stream->finish(run); }

ratings_list run_recording::read_starting_state(const std::string& competition, player_table& players,
                                                int64_t before_run) {
  // The database the run records into, read in its transaction; one that holds
  // no run of the competition yet is its first run's, as a file that does not
  // exist yet (config.cpp).
  store::database& db = *impl_->db;
  if (!store::holds_competition(db, competition)) {
    spdlog::info("{} holds no run of competition '{}' yet: this first run starts every player new", db.file(),
                 competition);
    return ratings_list{};
  }
  return store::read_ratings(db, competition, players, before_run);
}

void run_recording::restart() {
  impl_->stream.reset();
  impl_->tx.reset();  // rolls back
  impl_->begin();
}

void run_recording::commit() {
  impl_->tx->commit();
  if (impl_->lock) impl_->lock->keep();
}

store::database& run_recording::connection() { return *impl_->db; }

recorded_run record_run(const run_result& run, const competition_config& config, const fs::path& file,
                        std::atomic<uint64_t>* done) {
  run_recording recording(file, config.competition);
  const auto earlier = recording.earlier_runs(run, config);
  if (!earlier.empty())
    throw user_error(file.string(), 0, 0,
                     "period '" + earlier[0].period + "' of competition '" + config.competition +
                         "' is already recorded (run " + std::to_string(earlier[0].id) + " of " +
                         earlier[0].recorded_at + "); a period is imported once, nothing was recorded");
  const recorded_run result = recording.record(run, config, input_fingerprint(config), done);
  recording.commit();
  return result;
}

}  // namespace ratekit
