// player_report(): a whole-history fit's report.csv, periods.csv and report.md.
#include "whole_history/player_report.hpp"

#include "output/files/rating_order.hpp"
#include "whole_history/batch_label.hpp"
#include "whole_history/dense_history.hpp"

#include <ratekit/host/output/files/outputs.hpp>
#include <ratekit/host/text/diagnostics.hpp>
#include <ratekit/host/text/escape.hpp>
#include <ratekit/host/text/format.hpp>

#include <fmt/format.h>

#include <numeric>

namespace ratekit {

namespace {

// Each player's entries in time order (his first at [begin[p]]), each entry's match and each match's batch.
struct appearances {
  std::vector<uint64_t> begin, entry, match_of, batch_of;

  explicit appearances(const dense_history& h) : begin(size_t(h.player_count) + 1, 0) {
    match_of.resize(h.entries.size());
    batch_of.resize(h.matches.size());
    for (size_t b = 0, m = 0; b < h.batch_ends.size(); ++b)
      for (; m < h.batch_ends[b]; ++m) batch_of[m] = b;
    for (size_t m = 0; m < h.matches.size(); ++m)
      for (uint64_t e = h.matches[m].begin; e < h.matches[m].end; ++e) match_of[e] = m, ++begin[size_t(h.entries[e].player) + 1];
    std::partial_sum(begin.begin(), begin.end(), begin.begin());
    entry.resize(h.entries.size());
    std::vector<uint64_t> next(begin.begin(), begin.end() - 1);
    for (uint64_t e = 0; e < h.entries.size(); ++e) entry[next[size_t(h.entries[e].player)]++] = e;
  }
};

// One game from one side: the opponent's entry, the expected score and the score.
struct side {
  uint64_t opponent;
  double expected, score;
};

class report_builder {
 public:
  report_builder(const whole_history_fit& fit, const competition_config& config)
      : fit_(fit), config_(config), h_(*fit.history), index_(h_), a_(fit.run.rater->new_player()), b_(a_) {}

  whole_history_report build() {
    const run_result& r = fit_.run;
    const std::string first = batch_column(config_.period);
    out_.games = first + ",player,rating,deviation,opponent,opponent_rating,opponent_deviation,expected,score\n";
    out_.times = first + ",player,games,score,expected,rating,deviation\n";
    out_.markdown = "# " + markdown_escaped(config_.competition) + ": rating report (" + config_.model + ")\n\n" +
                    "A whole-history model: each player's times he played, the games of each (`rating`: the "
                    "opponent's estimate at that time; `expected`: the model's expected score from both estimates, "
                    "in-sample, since the fit has seen the game), then the time's games, score, expected score and "
                    "the player's estimate **mean** \u00b1 deviation: smoothed from all results, before and after, "
                    "not a change these games caused.\n";
    std::vector<int32_t> order;
    for (int32_t p = 0; p < r.data.players.size(); ++p)
      if (r.state.games[size_t(p)] > 0) order.push_back(p);
    order_by_rating(order, r.state.rating(), r.data.players);
    for (const int32_t p : order) player(p);
    return std::move(out_);
  }

 private:
  side side_of(uint64_t e) {
    const uint64_t m = index_.match_of[e], a = h_.matches[m].begin, other = e == a ? a + 1 : a;
    a_[0] = fit_.mean[a], a_[1] = fit_.sd[a], b_[0] = fit_.mean[a + 1], b_[1] = fit_.sd[a + 1];
    double expected_a = 0;
    try {
      expected_a = fit_.run.rater->expect(a_.data(), b_.data(), h_.advantage[m]);
    } catch (const plugin_error& error) {
      throw fit_.run.source->failure("expect (the report)", error.what());
    }
    return e == a ? side{other, expected_a, h_.score_a(m)} : side{other, 1 - expected_a, 1 - h_.score_a(m)};
  }

  // His games of one time, from his entries [from, to): rows of report.csv, a table of report.md, a row of
  // periods.csv and the line under the table.
  void time(int32_t p, uint64_t from, uint64_t to) {
    const run_result& r = fit_.run;
    const uint64_t first = index_.entry[from];
    const std::string label = batch_label(config_.period, h_.batch_dates[index_.batch_of[index_.match_of[first]]]);
    const std::string& name = r.data.players.name(p);
    out_.markdown += "\n### " + label + "\n\n| opponent | rating | expected | score |\n|---|---:|---:|---:|\n";
    double score = 0, expected = 0;
    for (uint64_t i = from; i < to; ++i) {
      const side s = side_of(index_.entry[i]);
      const std::string& opponent = r.data.players.name(h_.entries[s.opponent].player);
      csv_row(out_.games).text(label).text(name).number(fit_.mean[first]).number(fit_.sd[first]).text(opponent)
          .number(fit_.mean[s.opponent]).number(fit_.sd[s.opponent]).number(s.expected).number(s.score);
      out_.markdown += fmt::format("| {} | {} | {} | {} |\n", markdown_escaped(opponent), fixed(fit_.mean[s.opponent], 3),
                                   fixed(s.expected, 3), fixed(s.score, 1));
      score += s.score, expected += s.expected;
    }
    const uint64_t games = to - from;
    csv_row(out_.times).text(label).text(name).number(double(games)).number(score).number(expected)
        .number(fit_.mean[first]).number(fit_.sd[first]);
    out_.markdown += fmt::format("\n{} {}, score {}, expected {}: **{}** \u00b1 {}\n", games, games == 1 ? "game" : "games",
                                 fixed(score, 1), fixed(expected, 3), fixed(fit_.mean[first], 3), fixed(fit_.sd[first], 3));
  }

  void player(int32_t p) {
    out_.markdown += "\n## " + markdown_escaped(fit_.run.data.players.name(p)) + "\n";
    const uint64_t end = index_.begin[size_t(p) + 1];
    for (uint64_t from = index_.begin[size_t(p)], to = from; from < end; from = to) {
      const uint64_t batch = index_.batch_of[index_.match_of[index_.entry[from]]];
      while (to < end && index_.batch_of[index_.match_of[index_.entry[to]]] == batch) ++to;
      time(p, from, to);
    }
  }

  const whole_history_fit& fit_;
  const competition_config& config_;
  const dense_history& h_;
  const appearances index_;
  std::vector<double> a_, b_;  // the two sides' states, for expect
  whole_history_report out_;
};

}  // namespace

whole_history_report player_report(const whole_history_fit& fit, const competition_config& config) {
  return report_builder(fit, config).build();
}

}  // namespace ratekit
