#include <ratekit/host/text/escape.hpp>
#include <ratekit/host/text/format.hpp>
#include <ratekit/host/engine/engine.hpp>
#include <ratekit/host/output/outputs.hpp>
#include <ratekit/host/output/report.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>

namespace ratekit {

std::string category_of(const std::vector<std::pair<double, std::string>>& categories, double rating) {
  std::string label;
  for (const auto& [from, name] : categories)
    if (rating >= from) label = name;
  return label;
}

namespace {

// One player's side of one game.
struct side {
  int32_t player;
  size_t game;
  bool is_a;
};

// At most `decimals` decimals, trailing zeros dropped: 10, 38.16, 0.049.
std::string brief(double v, int decimals) {
  std::string s = fixed(v, decimals);
  if (s.find('.') == std::string::npos) return s;
  while (s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  return s;
}

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

class pairwise_report {
 public:
  explicit pairwise_report(const run_result& r) : r_(r), d_(r.data) {
    columns_ = static_cast<const rk_ext_game_columns*>(r.source->extension(RK_EXT_GAME_COLUMNS));
    performance_ = static_cast<const rk_ext_performance*>(r.source->extension(RK_EXT_PERFORMANCE));
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
    report_files out;
    std::string extra_header;
    if (columns_)
      for (uint32_t c = 0; c < columns_->count; ++c) (extra_header += ',') += columns_->names[c];
    out.csv = "period,player,rating_before,opponent,opponent_rating,expected,score,k,change" + extra_header +
              ",rating_after\n";
    out.periods_csv = "period,player,games,score,expected,change,rating_before,rating_after,performance,category";
    for (const uint32_t f : r_.shown_state) (out.periods_csv += ',') += std::string(desc().state[f].name) + "_after";
    out.periods_csv += '\n';
    out.markdown = "# " + markdown_escaped(r_.config.competition) + ": rating report (" + r_.config.model + ")\n";
    int32_t current = -1;
    for (size_t s = 0; s < sides_.size();) {
      const side& first = sides_[s];
      const int32_t period = period_of(first.game);
      size_t end = s;
      while (end < sides_.size() && sides_[end].player == first.player && period_of(sides_[end].game) == period) ++end;
      if (first.player != current) {
        current = first.player;
        out.markdown += "\n## " + markdown_escaped(d_.players.name(current)) + "\n";
      }
      write_period(out, s, end);
      s = end;
    }
    return out;
  }

 private:
  int32_t period_of(size_t game) const {
    if (r_.period_ends.empty()) return int32_t(game);
    return int32_t(std::upper_bound(r_.period_ends.begin(), r_.period_ends.end(), game) - r_.period_ends.begin());
  }

  void write_period(report_files& out, size_t begin, size_t end) {
    const side& first = sides_[begin];
    const std::string period = r_.period_label(first.game);
    const std::string& name = d_.players.name(first.player);
    const double before = first.is_a ? before_a_[first.game] : before_b_[first.game];
    const side& last = sides_[end - 1];
    const double after = last.is_a ? after_a_[last.game] : after_b_[last.game];
    out.markdown += "\n### " + markdown_escaped(period) + "\n\n| opponent | rating | expected | score | K | change |";
    if (columns_)
      for (uint32_t c = 0; c < columns_->count; ++c) (out.markdown += " ") += std::string(columns_->names[c]) + " |";
    out.markdown += "\n|---|---:|---:|---:|---:|---:|";
    if (columns_)
      for (uint32_t c = 0; c < columns_->count; ++c) out.markdown += "---:|";
    out.markdown += '\n';
    double score = 0, expected = 0, change = 0, opponents = 0;
    std::vector<double> values(columns_ ? columns_->count : 0);
    for (size_t s = begin; s < end; ++s) {
      const side& x = sides_[s];
      const rk_game& g = d_.games[x.game];
      const rk_game_out& o = r_.game_out[x.game];
      const double my_score = x.is_a ? g.score_a : 1 - g.score_a;
      const double my_expected = x.is_a ? o.expected_a : o.expected_b;
      const double my_change = x.is_a ? o.delta_a : o.delta_b;
      const double k = x.is_a ? g.k_a : g.k_b;
      const double mine = x.is_a ? before_a_[x.game] : before_b_[x.game];
      const double theirs = x.is_a ? before_b_[x.game] : before_a_[x.game];
      const std::string& opponent = d_.players.name(x.is_a ? g.b : g.a);
      if (columns_) {
        const rk_game view = x.is_a ? g : mirrored(g);
        rk_error error{};
        if (columns_->values(r_.rater->instance(), &view, mine, theirs, values.data(), &error) != RK_OK)
          std::fill(values.begin(), values.end(), NAN);
      }
      score += my_score, expected += my_expected, change += my_change, opponents += theirs;
      {
        csv_row row(out.csv);
        row.text(period).text(name).number(mine).text(opponent).number(theirs).number(my_expected).number(my_score);
        row.number(k).number(my_change);
        for (double v : values) row.number(v);
        row.number(after);
      }
      out.markdown += "| " + markdown_escaped(opponent) + " | " + fixed(theirs, 0) + " | " + fixed(my_expected, 3) + " | " +
                      fixed(my_score, 1) + " | " + brief(k, 2) + " | " + signed_fixed(my_change, 2) + " |";
      for (double v : values) (out.markdown += ' ') += brief(v, 3) + " |";
      out.markdown += '\n';
    }
    const double games = double(end - begin);
    const double perf = performance(opponents / games, games, score);
    const std::string category = category_of(r_.config.categories, after);
    // The plugin's shown state fields (rd, ...) after the period, from the player's last game in it.
    const double* state = shown_ ? r_.game_state_after.data() + (2 * last.game + (last.is_a ? 0 : 1)) * shown_ : nullptr;
    {
      csv_row row(out.periods_csv);
      row.text(period).text(name).number(games).number(score).number(expected).number(change).number(before)
          .number(after).number(perf).text(category);
      for (size_t k = 0; k < shown_; ++k) row.number(state[k]);
    }
    out.markdown += "\n" + format_number(games) + (games == 1 ? " game" : " games") + ", score " + fixed(score, 1) + ", expected " + fixed(expected, 3) +
                    ", change " + signed_fixed(change, 2) + ": " + fixed(before, 1) + " -> **" + fixed(after, 1) + "**";
    if (!std::isnan(perf)) out.markdown += ", performance " + fixed(perf, 0);
    if (!category.empty()) out.markdown += " (" + markdown_escaped(category) + ")";
    for (size_t k = 0; k < shown_; ++k) out.markdown += std::string(", ") + desc().state[r_.shown_state[k]].name + " " + brief(state[k], 4);
    out.markdown += '\n';
  }

  double performance(double mean_opponent, double games, double score) const {
    if (!performance_) return NAN;
    double out = NAN;
    rk_error error{};
    if (performance_->performance(r_.rater->instance(), mean_opponent, games, score, &out, &error) != RK_OK) return NAN;
    return out;
  }

  const rk_descriptor& desc() const { return r_.source->descriptor(); }

  const run_result& r_;
  const dataset& d_;
  const size_t shown_ = r_.shown_state.size();  // state fields shown per game (run_result::shown_state)
  const rk_ext_game_columns* columns_ = nullptr;
  const rk_ext_performance* performance_ = nullptr;
  std::vector<double> before_a_, before_b_, after_a_, after_b_;
  std::vector<side> sides_;
};

report_files ranked_report(const run_result& r) {
  const dataset& d = r.data;
  report_files out;
  const rk_descriptor& desc = r.source->descriptor();
  const size_t extra = desc.state_count - 1;  // state fields besides the rating
  out.csv = "event,player,rank,expected_rank,performance,rating_before,rating_after,change,weight,capped,new";
  std::string extra_md, extra_rule;
  for (size_t f = 1; f <= extra; ++f) {
    out.csv += std::string(",") + desc.state[f].name + "_before," + desc.state[f].name + "_after";
    extra_md += std::string(" ") + desc.state[f].name + " |";
    extra_rule += "---:|";
  }
  out.csv += '\n';
  out.markdown = "# " + markdown_escaped(r.config.competition) + ": rating report (" + r.config.model + ")\n";
  size_t event = 0;
  r.replay_entries([&](size_t i, double before, double after) {
    while (i >= d.events[event].end) ++event;
    const rk_entry_out& o = r.entry_out[i];
    const std::string& name = d.event_infos[event].name;
    if (i == d.events[event].begin) {
      out.markdown += "\n## " + markdown_escaped(name);
      if (r.event_skipped(event)) out.markdown += " (not rated: too few rounds)";
      out.markdown += "\n\n| rank | player | expected rank | performance | rating | change | weight |" + extra_md +
                      " |\n|---:|---|---:|---:|---:|---:|---:|" + extra_rule + "---|\n";
    }
    if (o.flags & RK_ENTRY_SKIPPED) return;
    const std::string player = d.players.name(d.entries[i].player);
    const bool capped = o.flags & RK_ENTRY_CAPPED, fresh = o.flags & RK_ENTRY_NEW;
    {
      csv_row row(out.csv);
      row.text(name).text(player).number(d.entries[i].rank).number(o.expected).number(o.performance);
      row.number(before).number(after).number(o.delta).number(o.weight).number(capped).number(fresh);
      for (size_t f = 0; f < extra; ++f)
        row.number(r.entry_state_before[i * extra + f]).number(r.entry_state_after[i * extra + f]);
    }
    out.markdown += "| " + format_number(d.entries[i].rank) + " | " + markdown_escaped(player) + " | " + fixed(o.expected, 2) + " | " +
                    fixed(o.performance, 0) + " | " + fixed(before, 0) + " -> " + fixed(after, 0) + " | " +
                    signed_fixed(o.delta, 1) + " | " + fixed(o.weight, 3) + " |";
    for (size_t f = 0; f < extra; ++f)
      (((out.markdown += ' ') += brief(r.entry_state_before[i * extra + f], 1)) += " -> ") +=
          brief(r.entry_state_after[i * extra + f], 1) + " |";
    out.markdown += capped ? " cap" : " ";
    out.markdown += fresh ? " new |\n" : " |\n";
  });
  return out;
}

}  // namespace

report_files build_report(const run_result& run) {
  return run.data.ranked() ? ranked_report(run) : pairwise_report(run).build();
}

}  // namespace ratekit
