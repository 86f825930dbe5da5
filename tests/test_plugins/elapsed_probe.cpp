// A plugin that only looks at time (ABI 1.1): for each player of a period it
// records the periods elapsed since he was last rated, the period's number
// and dates, and the last date the host kept for him; ratings never move.
// It reads K (so a schedule on player state makes the host call it period by
// period) to check both ways of calling agree.
#include <ratekit/sdk.hpp>

#include <iterator>

namespace {

struct elapsed_probe {
  static const rk_descriptor descriptor;
  enum field : uint32_t { f_rating, f_elapsed, f_number, f_first, f_last, f_kept_date };
  elapsed_probe(const ratekit::sdk::host&, ratekit::sdk::params) {}
  double expect(double, double, double) const { return 0.5; }

  void rate_games(const ratekit::sdk::state& s, const rk_game_batch& batch, rk_game_out* out) {
    const int64_t* last = s.last_period();
    const int32_t* kept = s.last_date();
    ratekit::sdk::for_each_period(s, batch, [&](const ratekit::sdk::period& p) {
      for (uint64_t i = p.begin; i < p.end; ++i) {
        for (const int32_t who : {batch.games[i].a, batch.games[i].b}) {
          s.column(f_elapsed)[who] = double(ratekit::sdk::elapsed_periods(p.number, last[who]));
          s.column(f_number)[who] = double(p.number);
          s.column(f_first)[who] = p.first_date;
          s.column(f_last)[who] = p.last_date;
          s.column(f_kept_date)[who] = kept[who];
        }
        if (out) out[i] = {0.5, 0.0, 0.0, 0.5};
      }
    });
  }
};

const rk_state_field fields[] = {{"rating", 1500.0, "rating"},      {"elapsed", -1.0, "t at the last period"},
                                 {"number", -1.0, "period number"}, {"first", 0.0, "period's first date"},
                                 {"last", 0.0, "period's last date"}, {"kept_date", -1.0, "last_date before it"}};
const rk_descriptor elapsed_probe::descriptor = {
    sizeof(rk_descriptor), 0, "test-elapsed-probe", "0.1", "records the elapsed time it is told",
    RK_CAP_PAIRWISE | RK_CAP_USES_K | RK_CAP_DRAWS | RK_CAP_PERIODS, uint32_t(std::size(fields)), 0, fields, nullptr};

}  // namespace

RATEKIT_PLUGIN(elapsed_probe)
