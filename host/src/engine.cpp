#include "engine/setup.hpp"

#include <ratekit/host/diagnostics.hpp>
#include <ratekit/host/engine.hpp>
#include <ratekit/host/metrics.hpp>
#include <ratekit/host/ratings_list.hpp>
#include <ratekit/host/readers.hpp>
#include <ratekit/host/store.hpp>

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>

namespace ratekit {

namespace {

using engine_setup::where;

class engine {
 public:
  explicit engine(run_result& r) : r_(r), d_(r.data), rated_(r.source->state_field("rated")) {}

  void rate_pairwise() {
    const auto& c = r_.config;
    const size_t n = d_.games.size();
    for (size_t i = 0; i < n; ++i) {
      rk_game& g = d_.games[i];
      const double home = d_.facts.home[i];
      g.adv_predict = home * c.home_predict;
      g.adv_update = home * c.home_update;
    }
    period_count_.assign(size_t(d_.players.size()), 0);
    constant_k_ = constant_k();
    // K that reads player state must wait for the previous period's ratings:
    // then the plugin is called period by period, else for the whole stream.
    per_period_ = c.k.reads_player_state();
    const bool per_game = r_.period_ends.empty();
    const size_t periods = per_game ? n : r_.period_ends.size();
    // Per-game outputs are kept only for what reads them after the run.
    const bool keep = per_period_ || c.write_history || c.write_report || c.write_charts || !c.output_database.empty();
    if (keep) r_.game_out.resize(n);
    size_t begin = 0;
    for (size_t p = 0; p < periods; ++p) {
      const size_t end = per_game ? begin + 1 : size_t(r_.period_ends[p]);
      assign_k(begin, end);
      if (per_period_) {
        const uint64_t local_end = end - begin;
        call(begin, end, per_game ? nullptr : &local_end, per_game ? 0 : 1, r_.game_out.data() + begin);
      }
      begin = end;
    }
    std::optional<accuracy_accumulator> accuracy;
    if (r_.source->has(RK_CAP_HOME_ADVANTAGE)) accuracy.emplace();
    game_replay replay(d_, r_.period_ends, r_.start_ratings);
    auto follow = [&](size_t i, double before_a, double before_b, double after_a, double after_b,
                      const rk_game_out& out) {
      if (!per_period_) {  // else peaks were followed period by period
        raise_peak(d_.games[i].a, after_a);
        raise_peak(d_.games[i].b, after_b);
      }
      if (accuracy) accuracy->add(d_.games[i], before_a, before_b, out.expected_a);
    };
    if (keep) {
      if (!per_period_)
        call(0, n, per_game ? nullptr : r_.period_ends.data(), r_.period_ends.size(), r_.game_out.data());
      if (!per_period_ || accuracy)
        replay.run(0, n, r_.game_out.data(), [&](size_t i, double ba, double bb, double aa, double ab) {
          follow(i, ba, bb, aa, ab, r_.game_out[i]);
        });
    } else {
      stream(replay, follow);
    }
    for (int32_t p = 0; p < d_.players.size(); ++p) check_finite(p, 0, n);  // players outside the games too
    if (accuracy) {
      const double hindsight = std::isnan(c.home_hindsight) ? c.home_predict : c.home_hindsight;
      r_.metrics = accuracy->finish(d_.games, r_.state.rating(), d_.facts.home, hindsight);
    }
  }

  // The whole stream in pieces of whole periods through one reused output
  // buffer, so memory does not grow with the outputs of every game.
  template <class Follow>
  void stream(game_replay& replay, Follow& follow) {
    constexpr size_t piece = size_t(1) << 16;
    const size_t n = d_.games.size();
    std::vector<rk_game_out> out(std::min(piece, n));
    std::vector<uint64_t> ends;  // the piece's period ends, relative to its start
    size_t begin = 0, period = 0;
    while (begin < n) {
      size_t end = std::min(n, begin + piece);
      ends.clear();
      if (!r_.period_ends.empty()) {
        while (period < r_.period_ends.size() && r_.period_ends[period] - begin <= piece)
          ends.push_back(r_.period_ends[period++] - begin);
        if (ends.empty()) {  // a period longer than a piece: give it a buffer of its own
          ends.push_back(r_.period_ends[period++] - begin);
          out.resize(size_t(ends.back()));
        }
        end = begin + size_t(ends.back());
      }
      call(begin, end, ends.empty() ? nullptr : ends.data(), ends.size(), out.data());
      replay.run(begin, end, out.data(), [&](size_t i, double ba, double bb, double aa, double ab) {
        follow(i, ba, bb, aa, ab, out[i - begin]);
      });
      begin = end;
    }
  }

  void rate_ranked() {
    auto& ev = d_.events;
    const size_t extra = r_.state.columns.size() - 1;
    r_.entry_out.resize(d_.entries.size());
    r_.entry_state_before.resize(d_.entries.size() * extra);
    r_.entry_state_after.resize(d_.entries.size() * extra);
    auto snapshot = [&](const rk_event& e, std::vector<double>& into) {
      for (size_t i = e.begin; i < e.end; ++i)
        for (size_t f = 0; f < extra; ++f)
          into[i * extra + f] = r_.state.columns[f + 1][size_t(d_.entries[i].player)];
    };
    rk_state s = r_.state.view();
    for (size_t e = 0; e < ev.size(); ++e) {
      snapshot(ev[e], r_.entry_state_before);
      rk_event_batch b{sizeof(rk_event_batch), 0, d_.entries.data(), d_.entries.size(), &ev[e], 1};
      try {
        r_.rater->rate_events(s, b, r_.entry_out.data());
      } catch (const plugin_error& err) {
        throw plugin_failure(err, "event '" + d_.event_infos[e].name + "' (" + d_.source + ":" +
                                      std::to_string(d_.event_infos[e].line) + ")");
      }
      snapshot(ev[e], r_.entry_state_after);
      if (r_.event_skipped(e))
        spdlog::warn("event '{}' ({}:{}) was not rated: {} rounds is fewer than the model rates", d_.event_infos[e].name,
                     d_.source, d_.event_infos[e].line, ev[e].rounds);
    }
    for (int32_t p = 0; p < d_.players.size(); ++p) check_finite(p, 0, 0);
    for (size_t i = 0; i < d_.entries.size(); ++i)
      if (!(r_.entry_out[i].flags & RK_ENTRY_SKIPPED)) r_.state.games[size_t(d_.entries[i].player)] += 1;
    r_.replay_entries([&](size_t i, double, double after) { raise_peak(d_.entries[i].player, after); });
  }

 private:
  // K for the games of one period, from the state at its start.
  void assign_k(size_t begin, size_t end) {
    if (constant_k_) {
      for (size_t i = begin; i < end; ++i) d_.games[i].k_a = d_.games[i].k_b = *constant_k_;
      return;
    }
    const bool capped = r_.config.k.cap().has_value();
    if (capped)  // the cap needs each player's games in the period
      for (size_t i = begin; i < end; ++i) {
        ++period_count_[size_t(d_.games[i].a)];
        ++period_count_[size_t(d_.games[i].b)];
      }
    for (size_t i = begin; i < end; ++i) {
      rk_game& g = d_.games[i];
      g.k_a = k_for(g.a, i);
      g.k_b = k_for(g.b, i);
    }
    if (capped)
      for (size_t i = begin; i < end; ++i) period_count_[size_t(d_.games[i].a)] = period_count_[size_t(d_.games[i].b)] = 0;
  }

  // The K of a schedule that is one number for every game (no rules, or a first
  // rule without conditions or table, and no cap), so no game needs a lookup.
  std::optional<double> constant_k() const {
    const auto& k = r_.config.k;
    if (k.empty()) return 0.0;
    const k_rule& r = k.rules().front();
    if (k.cap() || r.games || r.rating || r.peak || r.age || r.week || r.playoff || !r.tags.empty() ||
        !r.table.empty() || !std::isfinite(r.constant) || r.constant < 0)
      return std::nullopt;
    return r.constant;
  }

  double k_for(int32_t player, size_t i) {
    const auto& k = r_.config.k;
    if (k.empty()) return 0.0;
    const size_t p = size_t(player);
    k_context ctx;
    ctx.games = r_.state.games[p];
    ctx.rating = r_.state.rating()[p];
    ctx.peak = r_.state.peak[p];
    const double birth = d_.players.birth_year[p];
    if (!std::isnan(birth) && d_.facts.date[i] > 0) ctx.age = d_.facts.date[i] / 10000 - birth;
    ctx.week = d_.facts.week[i];
    ctx.playoff = d_.games[i].flags & RK_GAME_PLAYOFF;
    ctx.tag = &d_.facts.tags[d_.facts.tag[i]];
    ctx.period_games = std::max(1, period_count_[p]);
    const double value = k.k(ctx);
    if (!std::isfinite(value) || value < 0)
      throw user_error(r_.config.file.string(), 0, 0,
                       "no k_schedule rule gives a K for " + d_.players.name(player) + " in the game at " + where(d_, i) +
                           " (end the schedule with a rule without `when`)");
    return value;
  }

  // Games [begin, end) in one call; `ends` are period ends relative to begin
  // (none: a period per game); out[i - begin] receives game i's output.
  void call(size_t begin, size_t end, const uint64_t* ends, size_t count, rk_game_out* out) {
    if (begin == end) return;
    const rk_game_batch b{sizeof(rk_game_batch), 0, d_.games.data() + begin, end - begin, ends, count};
    rk_state s = r_.state.view();
    try {
      r_.rater->rate_games(s, b, out);
    } catch (const plugin_error& e) {
      const bool known = e.index() >= 0 && size_t(e.index()) < end - begin;
      throw plugin_failure(e, known ? "game " + std::to_string(begin + size_t(e.index()) + 1) + " (" +
                                          where(d_, begin + size_t(e.index())) + ")"
                                    : std::string("the batch"));
    }
    // A long batch is checked column by column first; the game-order scan,
    // which names the first culprit, runs only when something is wrong.
    if ((end - begin) * 2 < size_t(d_.players.size()) || !all_finite())
      for (size_t i = begin; i < end; ++i) {
        check_finite(d_.games[i].a, begin, end);
        check_finite(d_.games[i].b, begin, end);
      }
    const double* rating = r_.state.rating();
    for (size_t i = begin; i < end; ++i) {
      const rk_game& g = d_.games[i];
      r_.state.games[size_t(g.a)] += 1;
      r_.state.games[size_t(g.b)] += 1;
      if (per_period_) {  // the state is this period's end
        raise_peak(g.a, rating[g.a]);
        raise_peak(g.b, rating[g.b]);
      }
    }
  }

  bool all_finite() const {
    for (const auto& column : r_.state.columns)
      for (double v : column)
        if (!std::isfinite(v)) return false;
    return true;
  }

  // Only published ratings count towards a peak.
  void raise_peak(int32_t player, double rating) {
    const size_t p = size_t(player);
    if (rated_ >= 0 && r_.state.columns[size_t(rated_)][p] == 0) return;
    r_.state.peak[p] = std::fmax(r_.state.peak[p], rating);
  }

  user_error plugin_failure(const plugin_error& e, const std::string& what) const {
    return user_error(r_.source->file().string(), 0, 0,
                      "plugin '" + std::string(r_.source->id()) + "' failed on " + what + ": " + e.what());
  }

  // A plugin is native code we did not write: check what it hands back.
  // Checking only the players of a batch keeps per-game calls O(games).
  void check_finite(int32_t player, size_t begin, size_t end) const {
    const auto& columns = r_.state.columns;
    for (size_t f = 0; f < columns.size(); ++f) {
      if (std::isfinite(columns[f][size_t(player)])) continue;
      std::string after;
      if (end == begin + 1) after = " after game " + std::to_string(end) + " (" + where(d_, begin) + ")";
      else if (end > begin)
        after = " after games " + std::to_string(begin + 1) + " to " + std::to_string(end) + " (" + where(d_, begin) +
                " to line " + std::to_string(d_.facts.line[end - 1]) + ")";
      throw user_error(r_.source->file().string(), 0, 0,
                       "plugin '" + std::string(r_.source->id()) + "' returned a non-finite " +
                           r_.source->descriptor().state[f].name + " for player " + d_.players.name(player) + after);
    }
  }

  run_result& r_;
  dataset& d_;
  const int rated_;  // index of the plugin's `rated` state field, -1 when none
  bool per_period_ = false;  // the plugin is called period by period
  std::optional<double> constant_k_;  // set when every game gets the same K
  std::vector<int> period_count_;
};


}  // namespace

run_result rate(const competition_config& config, const plugin_registry& plugins) {
  run_result r;
  r.config = config;
  r.source = plugins.get(config.model);
  r.rater = std::make_unique<model>(r.source, config.params);

  player_table players;
  ratings_list list;
  if (!config.initial_ratings.empty()) list = read_ratings_list(config.initial_ratings, players);
  if (!config.initial_database.empty())
    list = read_database_ratings(config.initial_database, config.competition, players);
  r.data = engine_setup::read_input(config, std::move(players));
  dataset& d = r.data;

  const bool pairwise = !d.games.empty();
  if (pairwise && !r.source->has(RK_CAP_PAIRWISE))
    throw user_error(config.file.string(), 0, 0,
                     "model '" + config.model + "' rates ranked events, but the input holds pairwise games");
  if (!pairwise && d.events.empty()) throw user_error(d.source, 0, 0, "the input holds no games and no events");
  if (!pairwise && !r.source->has(RK_CAP_RANKED))
    throw user_error(config.file.string(), 0, 0,
                     "model '" + config.model + "' rates pairwise games, but the input holds ranked events");

  r.state = engine_setup::initial_state(config, *r.source, d, list);
  r.start_ratings = r.state.columns[0];
  engine e(r);
  if (pairwise) {
    r.period_ends = engine_setup::game_periods(config, d);
    e.rate_pairwise();
  } else {
    for (size_t i = 0; i < d.events.size(); ++i) r.period_ends.push_back(d.events[i].end);
    e.rate_ranked();
  }
  return r;
}

}  // namespace ratekit
