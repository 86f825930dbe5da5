// dwz: the German chess federation's DWZ (Wertungsordnung des DSB, in force
// since 2013). Each rating period is one tournament (evaluation.hpp): its new
// players get a first DWZ by one iteration over all of them, then each
// established player's DWZ follows from his points against selection II and his
// development coefficient E. The age class J comes as each game's K (the
// config's K schedule, from birth years).
#pragma once

#include "evaluation.hpp"
#include "kept_games.hpp"

#include <ratekit/elo.hpp>

#include <algorithm>
#include <cstring>
#include <vector>

namespace ratekit::plugins {

class dwz {
 public:
  static const rk_descriptor descriptor;
  static constexpr uint32_t state_count = 3;  // rating, rated, index (dwz_rules::field)

  dwz(const sdk::host&, sdk::params) {}

  // The kept games of players without a DWZ, carried from run to run (kept_games.hpp).
  void restore_records(const sdk::state& s, const rk_player_records& r) {
    check_columns(s);
    dwz_rules::kept_games_records::restore(r, s.column(dwz_rules::f_rated), s.players(), tournament_.kept_games());
  }
  rk_player_records save_records() { return records_.save(tournament_.kept_games()); }
  static const void* extension(const char* id) {
    static constexpr rk_ext_player_records records = sdk::player_records_extension<dwz>(
        dwz_rules::kept_games_kind, dwz_rules::kept_game_values, dwz_rules::most_kept_games);
    return std::strcmp(id, RK_EXT_PLAYER_RECORDS) == 0 ? &records : nullptr;
  }

  double expect(double ra, double rb, double advantage) const { return dwz_rules::win_expectancy(ra + advantage - rb); }

  void rate_games(const sdk::state& s, const rk_game_batch& batch, rk_game_out* out) {
    check_columns(s);
    own_out_.assign(out ? 0 : batch.game_count, rk_game_out{});
    rk_game_out* results = out ? out : own_out_.data();
    const sdk::state_after_writer after(s, batch);
    sdk::for_each_period(batch, [&](uint64_t begin, uint64_t end) {
      for (uint64_t k = begin; k < end; ++k) {
        sdk::check_game(batch.games[k], k, s.players());
        check_age_class(batch.games[k], k);
      }
      int32_t last_day = 0;  // the tournament's end: its latest game's date
      for (uint64_t k = begin; k < end; ++k) last_day = std::max(last_day, sdk::game_date(batch, k));
      tournament_.rate(s, batch.games, results, begin, end, last_day);
      after.write(begin, end);
    });
  }

 private:
  static void check_columns(const sdk::state& s) {
    if (s.fields() != state_count) throw sdk::failure(RK_ERR_INVALID_ARGUMENT, "the state must have the plugin's 3 columns");
  }
  static void check_age_class(const rk_game& g, uint64_t k) {
    for (const double j : {g.k_a, g.k_b})
      if (j != dwz_rules::j_youth && j != dwz_rules::j_junior && j != dwz_rules::j_senior)
        throw sdk::failure(RK_ERR_DOMAIN,
                           "K must be the player's age class J: 5 (up to 20 years), 10 (21 to 25) or 15 (over 25 or "
                           "unknown), as the K schedule of configs/dwz-example.yaml gives it",
                           int64_t(k));
  }

  dwz_rules::evaluation tournament_;
  dwz_rules::kept_games_records records_;
  std::vector<rk_game_out> own_out_;  // the per-game results when the host passes none
};

}  // namespace ratekit::plugins
