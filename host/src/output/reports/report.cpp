#include <ratekit/host/text/escape.hpp>
#include <ratekit/host/text/format.hpp>
#include <ratekit/host/engine/engine.hpp>
#include <ratekit/host/output/files/outputs.hpp>
#include <ratekit/host/output/reports/report.hpp>

#include "output/reports/ranked_report.hpp"
#include "output/reports/report_rows.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>

namespace ratekit {

namespace {

// One player's side of one game.
struct side {
  int32_t player;
  size_t game;
  bool is_a;
};

// The game as seen from B: sides, score, advantage and handicap swapped.
rk_game mirrored(const rk_game& g) {
  rk_game m = g;
  std::swap(m.a, m.b);
  std::swap(m.points_a, m.points_b);
  std::swap(m.k_a, m.k_b);
  m.score_a = 1 - g.score_a;
  m.adv_predict = -g.adv_predict;
  m.adv_update = -g.adv_update;
  m.handicap = -g.handicap;
  m.flags = (g.flags & ~(RK_GAME_FIXED_A | RK_GAME_FIXED_B)) | (g.flags & RK_GAME_FIXED_A ? RK_GAME_FIXED_B : 0) |
            (g.flags & RK_GAME_FIXED_B ? RK_GAME_FIXED_A : 0);
  return m;
}

}  // namespace

void report_column_values(const model& rater, size_t game, const rk_game& g, bool is_a, double mine, double theirs,
                          double* out) {
  try {
    rater.game_columns(is_a ? g : mirrored(g), mine, theirs, out);
  } catch (const plugin_error& e) {
    throw rater.source().failure("the report columns of game " + std::to_string(game + 1), e.what());
  }
}

report_text::report_text(const run_result& run, const competition_config& config)
    : r_(run),
      categories_(config.categories),
      columns_(run.source->game_columns()) {
  std::string extra_header;
  if (columns_)
    for (uint32_t c = 0; c < columns_->count; ++c) (extra_header += ',') += columns_->names[c];
  csv = "period,player,rating_before,opponent,opponent_rating,expected,score,k,change" + extra_header +
        ",rating_after\n";
  periods_csv = "period,player,games,score,expected,change,rating_before,rating_after,performance,category";
  const rk_descriptor& desc = r_.source->descriptor();
  for (const uint32_t f : r_.shown_state) (periods_csv += ',') += std::string(desc.state[f].name) + "_after";
  periods_csv += '\n';
  markdown = "# " + markdown_escaped(config.competition) + ": rating report (" + config.model + ")\n\n" +
             "Each player's rating periods: the period's games (`rating`: the opponent's rating the game was rated on; "
             "`change`: the points the game moved the player's rating by), then the period's games, score, expected "
             "score and change, the rating before -> **after** (its category) and the performance rating (its category)";
  for (const uint32_t f : r_.shown_state)
    if (desc.state[f].help && *desc.state[f].help)
      markdown += std::string("; `") + desc.state[f].name + "`: " + markdown_escaped(desc.state[f].help);
  markdown += ".\n";
}

void report_text::player(const std::string& name) { markdown += "\n## " + markdown_escaped(name) + "\n"; }

void report_text::period(const std::string& label, const std::string& name, const report_side* sides, size_t n,
                         double after, const double* state) {
  const size_t count = column_count(), shown = r_.shown_state.size();
  const bool k = r_.source->has(RK_CAP_USES_K);  // a model without K (Glicko) shows none, not a column of zeros
  markdown += "\n### " + markdown_escaped(label) + "\n\n| opponent | rating | expected | score |" + (k ? " K |" : "") +
              " change |";
  for (size_t c = 0; c < count; ++c) (markdown += " ") += std::string(columns_->names[c]) + " |";
  markdown += k ? "\n|---|---:|---:|---:|---:|---:|" : "\n|---|---:|---:|---:|---:|";
  for (size_t c = 0; c < count; ++c) markdown += "---:|";
  markdown += '\n';
  double score = 0, expected = 0, change = 0, opponents = 0;
  for (const report_side* x = sides; x != sides + n; ++x) {
    score += x->score, expected += x->expected, change += x->change, opponents += x->theirs;
    {
      csv_row row(csv);
      row.text(label).text(name).number(x->mine).text(*x->opponent).number(x->theirs).number(x->expected);
      row.number(x->score).number(x->k).number(x->change);
      for (size_t c = 0; c < count; ++c) row.number(x->columns[c]);
      row.number(after);
    }
    markdown += "| " + markdown_escaped(*x->opponent) + " | " + fixed(x->theirs, 0) + " | " + fixed(x->expected, 3) +
                " | " + fixed(x->score, 1) + " | " + (k ? brief(x->k, 2) + " | " : "") + signed_fixed(x->change, 2) + " |";
    for (size_t c = 0; c < count; ++c) (markdown += ' ') += brief(x->columns[c], 3) + " |";
    markdown += '\n';
  }
  const double games = double(n), before = sides[0].mine;
  const double perf = performance(opponents / games, games, score, name, label);
  const std::string category = category_of(categories_, after);
  {
    csv_row row(periods_csv);
    row.text(label).text(name).number(games).number(score).number(expected).number(change).number(before)
        .number(after).number(perf).text(category);
    for (size_t k = 0; k < shown; ++k) row.number(state[k]);
  }
  markdown += "\n" + counted(games, "game") + ", score " + fixed(score, 1) +
              ", expected " + fixed(expected, 3) + ", change " + signed_fixed(change, 2) + ": " + fixed(before, 1) +
              " -> **" + fixed(after, 1) + "**";
  // Each category beside the number it is of: the rating's, then the performance's.
  auto with_category = [&](const std::string& label) {
    if (!label.empty()) markdown += " (" + markdown_escaped(label) + ")";
  };
  with_category(category);
  if (!std::isnan(perf)) {
    markdown += ", performance " + fixed(perf, 0);
    with_category(category_of(categories_, perf));
  }
  const rk_descriptor& desc = r_.source->descriptor();
  for (size_t k = 0; k < shown; ++k)
    markdown += std::string(", ") + desc.state[r_.shown_state[k]].name + " " + brief(state[k], 4);
  markdown += '\n';
}

double report_text::performance(double mean_opponent, double games, double score, const std::string& name,
                                const std::string& label) const {
  std::unique_lock<std::mutex> lock;
  if (model_calls_) lock = std::unique_lock(*model_calls_);
  try {
    return r_.rater->performance(mean_opponent, games, score);
  } catch (const plugin_error& e) {
    throw r_.source->failure("the performance rating of " + name + " in period " + label, e.what());
  }
}

namespace {

// The report of a run that kept its games (no report_writer streamed it).
class pairwise_report {
 public:
  pairwise_report(const run_result& r, const competition_config& config) : r_(r), c_(config), d_(r.data) {
    const size_t n = d_.games.size();
    before_a_.resize(n), before_b_.resize(n), after_a_.resize(n), after_b_.resize(n);
    r.replay_games([&](size_t i, double ba, double bb, double aa, double ab) {
      before_a_[i] = ba, before_b_[i] = bb, after_a_[i] = aa, after_b_[i] = ab;
    });
    for (size_t i = 0; i < n; ++i) {
      sides_.push_back({d_.games[i].a, i, true});
      sides_.push_back({d_.games[i].b, i, false});
    }
    // Players by final rating, highest first; each player's games in order.
    const double* rating = r.state.rating();
    std::stable_sort(sides_.begin(), sides_.end(), [&](const side& x, const side& y) {
      if (x.player != y.player) {
        if (rating[x.player] != rating[y.player]) return rating[x.player] > rating[y.player];
        return d_.players.name(x.player) < d_.players.name(y.player);
      }
      return x.game < y.game;
    });
  }

  report_files build() {
    report_text text(r_, c_);
    int32_t current = -1;
    for (size_t s = 0; s < sides_.size();) {
      const side& first = sides_[s];
      const int32_t period = period_of(first.game);
      size_t end = s;
      while (end < sides_.size() && sides_[end].player == first.player && period_of(sides_[end].game) == period) ++end;
      if (first.player != current) {
        current = first.player;
        text.player(d_.players.name(current));
      }
      write_period(text, s, end);
      s = end;
    }
    return {std::move(text.csv), std::move(text.periods_csv), std::move(text.markdown)};
  }

 private:
  int32_t period_of(size_t game) const {
    if (r_.period_ends.empty()) return int32_t(game);
    return int32_t(std::upper_bound(r_.period_ends.begin(), r_.period_ends.end(), game) - r_.period_ends.begin());
  }

  void write_period(report_text& text, size_t begin, size_t end) {
    const size_t count = text.column_count(), shown = r_.shown_state.size();
    values_.resize((end - begin) * count);
    rows_.clear();
    for (size_t s = begin; s < end; ++s) {
      const side& x = sides_[s];
      const rk_game& g = d_.games[x.game];
      const rk_game_out& o = r_.game_out[x.game];
      const double mine = x.is_a ? before_a_[x.game] : before_b_[x.game];
      const double theirs = x.is_a ? before_b_[x.game] : before_a_[x.game];
      double* values = values_.data() + (s - begin) * count;
      if (count) report_column_values(*r_.rater, x.game, g, x.is_a, mine, theirs, values);
      rows_.push_back({&d_.players.name(x.is_a ? g.b : g.a), mine, theirs, x.is_a ? o.expected_a : o.expected_b,
                       x.is_a ? g.score_a : 1 - g.score_a, x.is_a ? g.k_a : g.k_b, x.is_a ? o.delta_a : o.delta_b,
                       values});
    }
    const side& last = sides_[end - 1];
    const double after = last.is_a ? after_a_[last.game] : after_b_[last.game];
    // The plugin's shown state fields (rd, ...) after the period, from the player's last game in it.
    const double* state = shown ? r_.game_state_after.data() + (2 * last.game + (last.is_a ? 0 : 1)) * shown : nullptr;
    text.period(r_.period_label(sides_[begin].game), d_.players.name(sides_[begin].player), rows_.data(), rows_.size(),
                after, state);
  }

  const run_result& r_;
  const competition_config& c_;
  const dataset& d_;
  std::vector<double> before_a_, before_b_, after_a_, after_b_;
  std::vector<side> sides_;
  std::vector<double> values_;     // the period's extra column values, column_count() per side
  std::vector<report_side> rows_;  // the period's sides
};

}  // namespace

report_files build_report(const run_result& run, const competition_config& config) {
  return run.data.ranked() ? ranked_report(run, config) : pairwise_report(run, config).build();
}

}  // namespace ratekit
