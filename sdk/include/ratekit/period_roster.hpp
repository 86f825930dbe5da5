// The bookkeeping of a rating period, so a plugin is only its mathematics: the
// period's players in order of appearance, each with the plugin's sums
// (Scratch), which of them are fixed, and each game's share of the change.
#pragma once

#include <ratekit/elo.hpp>
#include <ratekit/sdk.hpp>

#include <cstdint>
#include <vector>

namespace ratekit::sdk {

template <class Scratch>
class period_roster {
 public:
  // Starts period p: every player of its games joins once, with the Scratch
  // that start(who, game index) returns; sides flagged fixed are noted. What a
  // failed call left behind is dropped first.
  template <class Start>
  void open(const rk_game_batch& b, const period& p, uint64_t players, Start&& start) {
    if (entries_.size() < players) entries_.resize(players);
    for (const int32_t who : order_) entries_[size_t(who)].joined = false;
    order_.clear();
    for (uint64_t i = p.begin; i < p.end; ++i) {
      stop_point(i);
      const rk_game& g = b.games[i];
      check_game(g, i, players);
      for (const int32_t who : {g.a, g.b}) {
        entry& e = entries_[size_t(who)];
        if (e.joined) continue;
        e = {start(who, i), true, false, 0.0};
        order_.push_back(who);
      }
    }
    for (uint64_t i = p.begin; i < p.end; ++i) {
      const rk_game& g = b.games[i];
      if (g.flags & RK_GAME_FIXED_A) entries_[size_t(g.a)].fixed = true;
      if (g.flags & RK_GAME_FIXED_B) entries_[size_t(g.b)].fixed = true;
    }
  }

  Scratch& operator[](int32_t who) { return entries_[size_t(who)].scratch; }

  // fn(who, scratch) for each player of the period who is rated (not fixed), in order of appearance, polling
  // the host every stop_poll_interval players (stop_point): fn writes only the scratch, the state is commit's.
  template <class Fn>
  void for_each_rated(Fn&& fn) {
    uint64_t k = 0;
    for (const int32_t who : order_) {
      stop_point(k++);
      if (!entries_[size_t(who)].fixed) fn(who, entries_[size_t(who)].scratch);
    }
  }

  // The period's last pass, fn(who, scratch) for each rated player without a poll: where a model writes the
  // state, so that a stop at any poll before it leaves the state as the period found it.
  template <class Fn>
  void commit(Fn&& fn) {
    for (const int32_t who : order_)
      if (!entries_[size_t(who)].fixed) fn(who, entries_[size_t(who)].scratch);
  }

  // The array each game's output is written into: `out`, or without it one
  // of the roster's own, so the ratings move the same whether or not the host
  // asked for the outputs.
  rk_game_out* outputs(rk_game_out* out, uint64_t games) {
    if (out) return out;
    if (own_.size() < games) own_.resize(games);
    return own_.data();
  }

  // Turns the per-unit deltas the games wrote into changes, each side's delta
  // times its player's `factor`, and moves each rated player's rating by his
  // changes added up in game order: as the host adds up a period's deltas, so
  // the ratings it shows in the history are the model's to the last bit. It
  // polls before any rating moves; the ratings move in a commit.
  void apply_changes(const rk_game_batch& b, const period& p, rk_game_out* out, double Scratch::*factor,
                     double* rating) {
    for (uint64_t i = p.begin; i < p.end; ++i) {
      stop_point(i);  // before any rating moves
      const rk_game& g = b.games[i];
      entry& a = entries_[size_t(g.a)];
      entry& o = entries_[size_t(g.b)];
      a.change += out[i].delta_a *= a.scratch.*factor;
      o.change += out[i].delta_b *= o.scratch.*factor;
    }
    commit([&](int32_t who, Scratch&) { rating[who] += entries_[size_t(who)].change; });  // each joins the next period with no change (open)
  }

 private:
  struct entry {
    Scratch scratch;
    bool joined = false, fixed = false;
    double change = 0;  // the period's changes so far
  };
  std::vector<entry> entries_;
  std::vector<int32_t> order_;
  std::vector<rk_game_out> own_;
};

// The rate_games of a model built on a period_roster (glicko, glicko2,
// stephenson): each period, model.start_period(s, batch, p), then
// model.play(s, game, &out[i]) for each of its games, then
// model.end_period(s, batch, p, out), which moves the ratings. `out` is the
// host's array, or the roster's own when the host asks for no outputs: the
// changes are made of them.
template <class Model, class Scratch>
void rate_by_periods(Model& model, period_roster<Scratch>& roster, const state& s, const rk_game_batch& batch,
                     rk_game_out* asked) {
  rk_game_out* out = roster.outputs(asked, batch.game_count);
  for_each_period(s, batch, [&](const period& p) {
    model.start_period(s, batch, p);
    for (uint64_t i = p.begin; i < p.end; ++i) {
      stop_point(i);
      model.play(s, batch.games[i], &out[i]);
    }
    model.end_period(s, batch, p, out);
  });
}

}  // namespace ratekit::sdk
