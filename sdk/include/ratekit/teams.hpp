// ratekit team-model helper: turns a model of team matches (TrueSkill,
// Weng-Lin) into the C entry of abi.h, so the plugin is only its mathematics.
//
//   struct my_model {
//     static const rk_descriptor descriptor;   // RK_CAP_RANKED | RK_CAP_TEAMS
//     my_model(const ratekit::sdk::host& host, ratekit::sdk::params p);
//     void initial(double* state) const;       // a new player's state, from the parameters
//     void rate(ratekit::sdk::match& m);  // moves the states of m's players
//     template <class Each>                    // each(i, j, pair_chance) for every pair i < j
//     void each_chance(const ratekit::sdk::match& m, Each&& each) const;
//   };
//   RATEKIT_TEAM_PLUGIN(my_model)
//
// each_chance hands over, pair by pair of teams (i < j, row by row: i = 0
// with every j, then i = 1, ...), the chances that i finishes ahead of j,
// that j finishes ahead of i, and that they tie. From them the helper writes
// the T x T tables of expect_teams and each team's expected score, which
// needs no table: a match of T teams costs memory linear in its players, and
// time in its T (T - 1) / 2 pairs. A model may give the tables itself
// instead, `void chances(const match& m, double* beats, double* draws) const`
// (beats[i * T + j] = P(i ahead of j), draws[i * T + j] = P(tie), diagonals
// 0), at the cost of two T x T tables per match (1.6 GB for 10,000 teams).
// A model may also give each team's expected score itself, `bool
// expected_scores(const match& m, std::vector<double>& scores) const`, in less
// time than the pairs take (trueskill's for large matches); returning false
// leaves them to the pairs.
// A ranked event of single players is a match of teams of one (a
// free-for-all); a pairwise expectation (`ratekit expect`) is a match of two
// teams of one.
#pragma once

#include <ratekit/sdk.hpp>

#include <cmath>
#include <string>
#include <vector>

namespace ratekit::sdk {

// One match: its players in team order, each with his state row and his
// share of the match. Built by the helper; a model reads it and moves states.
class match {
 public:
  uint32_t teams() const noexcept { return uint32_t(first_.size() - 1); }
  uint32_t players() const noexcept { return uint32_t(weight_.size()); }
  // Team t's players are [first(t), first(t + 1)).
  uint32_t first(uint32_t team) const { return first_[team]; }
  uint32_t size(uint32_t team) const { return first_[team + 1] - first_[team]; }
  double rank(uint32_t team) const { return rank_[team]; }  // 1 is best; equal ranks tie
  double weight(uint32_t player) const { return weight_[player]; }  // in (0, 1]
  // The player's state row: the descriptor's fields in order, [0] is the rating.
  double* state(uint32_t player) { return rows_.data() + size_t(player) * fields_; }
  const double* state(uint32_t player) const { return rows_.data() + size_t(player) * fields_; }
  uint32_t fields() const noexcept { return fields_; }

  // Building (the helper's side): clear, then each player in team order.
  void clear(uint32_t fields) {
    fields_ = fields;
    first_.assign(1, 0), rank_.clear(), weight_.clear(), rows_.clear();
  }
  // Adds a player of team `team` (the current one, or the next), returning his row to fill.
  double* add(uint32_t team, double rank, double weight, int64_t index) {
    if (weight_.empty() || team != teams() - 1) {  // the first player, or the next team's
      if (team != teams())
        throw failure(RK_ERR_INVALID_ARGUMENT, "teams are not numbered from 0 in the order they appear", index);
      first_.push_back(first_.back());
      rank_.push_back(rank);
    } else if (rank != rank_.back()) {
      throw failure(RK_ERR_INVALID_ARGUMENT, "the players of one team have different ranks", index);
    }
    if (!(weight > 0.0 && weight <= 1.0))
      throw failure(RK_ERR_INVALID_ARGUMENT, "a weight is outside (0, 1]: " + std::to_string(weight), index);
    ++first_.back();
    weight_.push_back(weight);
    rows_.resize(rows_.size() + fields_);
    return rows_.data() + rows_.size() - fields_;
  }

 private:
  uint32_t fields_ = 0;
  std::vector<uint32_t> first_{0};
  std::vector<double> rank_, weight_, rows_;
};

// One pair of teams' chances: the first finishes ahead, the second does, they tie.
struct pair_chance {
  double ahead, behind, tie;
};

// Each team's expected score against the others, averaged (a draw counts
// half): with two teams, its win chance.
inline double expected_score(const double* beats, const double* draws, uint32_t teams, uint32_t team) {
  if (teams < 2) return NAN;
  double sum = 0.0;
  for (uint32_t j = 0; j < teams; ++j)
    if (j != team) sum += beats[team * teams + j] + 0.5 * draws[team * teams + j];
  return sum / double(teams - 1);
}

// The model's chances of every pair of m's teams, each(i, j, pair_chance),
// i < j row by row: from each_chance, or read from the tables of a model
// that writes them (`scratch` holds them).
template <class Model, class Each>
void each_pair_chance(const Model& model, const match& m, std::vector<double>& scratch, Each&& each) {
  if constexpr (requires { model.each_chance(m, each); }) {
    model.each_chance(m, each);
  } else {
    const size_t t = m.teams();
    scratch.assign(2 * t * t, 0.0);
    double* beats = scratch.data();
    double* draws = beats + t * t;
    model.chances(m, beats, draws);
    for (size_t i = 0; i < t; ++i)
      for (size_t j = i + 1; j < t; ++j)
        each(uint32_t(i), uint32_t(j), pair_chance{beats[i * t + j], beats[j * t + i], draws[i * t + j]});
  }
}

// The T x T tables of m's chances (diagonals 0; draws may be null).
template <class Model>
void chance_tables(const Model& model, const match& m, double* beats, double* draws, std::vector<double>& scratch) {
  const size_t t = m.teams();
  for (size_t i = 0; i < t; ++i) {
    beats[i * t + i] = 0.0;
    if (draws) draws[i * t + i] = 0.0;
  }
  each_pair_chance(model, m, scratch, [&](uint32_t i, uint32_t j, const pair_chance& c) {
    beats[i * t + j] = c.ahead, beats[j * t + i] = c.behind;
    if (draws) draws[i * t + j] = draws[j * t + i] = c.tie;
  });
}

template <class Model>
void chance_tables(const Model& model, const match& m, double* beats, double* draws) {
  std::vector<double> scratch;
  chance_tables(model, m, beats, draws, scratch);
}

// Each team's expected score, as expected_score gives it from the tables,
// summed in the same order (so to the bit), without them: scores[t] for m's T teams.
// A model's own expected_scores is asked first.
template <class Model>
void expected_scores(const Model& model, const match& m, std::vector<double>& scores, std::vector<double>& scratch) {
  if constexpr (requires { model.expected_scores(m, scores); })
    if (model.expected_scores(m, scores)) return;
  const uint32_t t = m.teams();
  scores.assign(t, 0.0);
  each_pair_chance(model, m, scratch, [&](uint32_t i, uint32_t j, const pair_chance& c) {
    scores[i] += c.ahead + 0.5 * c.tie;
    scores[j] += c.behind + 0.5 * c.tie;
  });
  for (double& s : scores) s = t < 2 ? NAN : s / double(t - 1);
}

namespace detail {

// The instance: the model and what one call reuses, so no match allocates once warm.
template <class Model>
struct team_instance {
  const rk_host* services;  // the host whose stop_requested the loops poll
  Model model;
  match m;
  std::vector<double> scores, scratch, initial, a, b;
  team_instance(const rk_host* h, params p) : services(h), model(host(h), p), initial(Model::descriptor.state_count) {
    model.initial(initial.data());
  }

  // A's expected score against B from their rows, `advantage` on A's rating.
  double expect(const double* a, const double* b, double advantage) {
    m.clear(Model::descriptor.state_count);
    double* row = m.add(0, 1, 1, -1);
    for (uint32_t f = 0; f < m.fields(); ++f) row[f] = a[f];
    row[0] += advantage;
    row = m.add(1, 1, 1, -1);
    for (uint32_t f = 0; f < m.fields(); ++f) row[f] = b[f];
    double score = NAN;
    each_pair_chance(model, m, scratch, [&](uint32_t, uint32_t, const pair_chance& c) { score = c.ahead + 0.5 * c.tie; });
    return score;
  }

  void rate_events(const state& s, const rk_event_batch& b, rk_entry_out* out) {
    const bool teams = RK_HAS_FIELD(&b, rk_event_batch, weights);
    const double* weights = teams ? b.weights : nullptr;
    const uint32_t fields = s.fields();
    for (uint64_t e = 0; e < b.event_count; ++e) {
      const rk_event& ev = b.events[e];
      if (ev.end < ev.begin || ev.end > b.entry_count)
        throw failure(RK_ERR_INVALID_ARGUMENT, "an event's entries are out of range", int64_t(e));
      m.clear(fields);
      for (uint64_t i = ev.begin; i < ev.end; ++i) {
        stop_point(i);
        const rk_entry& x = b.entries[i];
        if (x.player < 0 || uint64_t(x.player) >= s.players())
          throw failure(RK_ERR_INVALID_ARGUMENT, "unknown player", int64_t(i));
        double* row = m.add(teams ? x.team : uint32_t(i - ev.begin), x.rank, weights ? weights[i] : 1.0, int64_t(i));
        for (uint32_t f = 0; f < fields; ++f) row[f] = s.column(f)[x.player];
      }
      if (m.teams() < 2) throw failure(RK_ERR_DOMAIN, "a match needs two teams or more", int64_t(ev.begin));
      if (out) expected_scores(model, m, scores, scratch);
      try {
        model.rate(m);
      } catch (const failure& f) {  // the model knows the match, not where it starts in the batch
        throw failure(f.code(), f.what(), f.index() >= 0 ? f.index() : int64_t(ev.begin));
      }
      uint32_t team = 0;
      for (uint32_t p = 0; p < m.players(); ++p) {
        while (p >= m.first(team + 1)) ++team;
        const int32_t who = b.entries[ev.begin + p].player;
        const double* row = m.state(p);
        if (out)
          out[ev.begin + p] = rk_entry_out{scores[team], NAN, row[0] - s.column(0)[who], m.weight(p), 0u, 0u};
        for (uint32_t f = 0; f < fields; ++f) s.column(f)[who] = row[f];
      }
    }
  }
};

template <class Model>
struct team_adapter {
  using instance = team_instance<Model>;
  static instance& self(rk_instance i) { return *reinterpret_cast<instance*>(i); }

  static int32_t create(const rk_host* h, const double* values, uint32_t count, rk_instance* out, rk_error* error) {
    return guard(error, [&] {
      if (count != Model::descriptor.param_count) throw failure(RK_ERR_INVALID_ARGUMENT, "wrong number of parameters");
      *out = reinterpret_cast<rk_instance>(new instance(h, params(values, count)));
    });
  }
  static void destroy(rk_instance i) { delete &self(i); }
  static int32_t expect(rk_instance i, double ra, double rb, double advantage, double* out, rk_error* error) {
    return guard(error, [&] {  // two new players but for their ratings
      instance& x = self(i);
      x.a = x.initial, x.b = x.initial;
      x.a[0] = ra, x.b[0] = rb;
      *out = x.expect(x.a.data(), x.b.data(), advantage);
    });
  }
  static int32_t expect_states(rk_instance i, const double* a, const double* b, double advantage, double* out,
                               rk_error* error) {
    return guard(error, [&] { *out = self(i).expect(a, b, advantage); });
  }
  static int32_t rate_events(rk_instance i, const rk_state* s, const rk_event_batch* b, rk_entry_out* out,
                             rk_error* error) {
    return guard(error, [&] {
      const call_scope scope(self(i).services);
      self(i).rate_events(state(s), *b, out);
    });
  }
  static int32_t expect_teams(rk_instance i, const double* states, const uint32_t* teams, const double* weights,
                              uint64_t n, double* beats, double* draws, rk_error* error) {
    return guard(error, [&] {
      instance& x = self(i);
      x.m.clear(Model::descriptor.state_count);
      for (uint64_t p = 0; p < n; ++p) {
        double* row = x.m.add(teams[p], 1, weights ? weights[p] : 1.0, int64_t(p));
        for (uint32_t f = 0; f < x.m.fields(); ++f) row[f] = states[p * x.m.fields() + f];
      }
      if (x.m.teams() < 2) throw failure(RK_ERR_DOMAIN, "a match needs two teams or more");
      chance_tables(x.model, x.m, beats, draws, x.scratch);
    });
  }
  static int32_t initial_state(rk_instance i, double* out, rk_error* error) {
    return guard(error, [&] {
      for (size_t f = 0; f < self(i).initial.size(); ++f) out[f] = self(i).initial[f];
    });
  }
};

}  // namespace detail

template <class Model>
constexpr rk_plugin_entry make_team_entry() {
  using a = detail::team_adapter<Model>;
  rk_plugin_entry entry = entry_header<Model, a>();
  entry.rate_events = &a::rate_events;
  entry.expect_states = &a::expect_states;
  entry.expect_teams = &a::expect_teams;
  entry.initial_state = &a::initial_state;
  return entry;
}

}  // namespace ratekit::sdk

// Exports the entry of a team plugin built around Model.
#define RATEKIT_TEAM_PLUGIN(Model) \
  extern "C" RK_EXPORT const rk_plugin_entry ratekit_plugin_entry = ratekit::sdk::make_team_entry<Model>();
