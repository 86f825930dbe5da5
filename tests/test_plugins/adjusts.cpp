// A model that reports rating adjustments (ABI 1.4): logistic Elo, K from the
// host, and at the end of each period every player rated above 1500 who did not
// play in it loses 5 points ("inactivity"), every player who did gains 1
// ("attendance") and a period more in its state field `periods`. With `fault`
// it reports one adjustment the host must refuse, fails, or adjusts a rating
// past any double, in each period from its `fault_from`-th on.
#include "constant_model.hpp"

#include <cmath>
#include <vector>

namespace {

enum fault { none, unknown_player, not_finite, past_batch, control_reason, long_reason, fails, overflows };

struct adjusts : ratekit::testing::constant_model {
  static const rk_descriptor descriptor;
  adjusts(const ratekit::sdk::host& h, ratekit::sdk::params p)
      : constant_model(h, p), host_(h), fault_(fault(int(p[0]))), fault_from_(uint64_t(p[1])) {}

  void rate_games(const ratekit::sdk::state& s, const rk_game_batch& b, rk_game_out* out) {
    const uint64_t periods = b.period_count ? b.period_count : b.game_count;
    std::vector<char> played(s.players());
    for (uint64_t p = 0, begin = 0; p < periods; ++p) {
      const uint64_t end = b.period_count ? b.period_ends[p] : begin + 1, length = end - begin;
      rk_game_batch part{};
      part.struct_size = RK_GAME_BATCH_SIZE_1_0;
      part.games = b.games + begin, part.game_count = length, part.period_ends = &length, part.period_count = 1;
      constant_model::rate_games(s, part, out + begin);
      std::fill(played.begin(), played.end(), 0);
      for (uint64_t i = begin; i < end; ++i) played[size_t(b.games[i].a)] = played[size_t(b.games[i].b)] = 1;
      for (uint64_t q = 0; q < s.players(); ++q) {
        s.column(1)[q] += played[q];
        const double delta = played[q] ? 1 : s.rating()[q] > 1500 ? -5 : 0;
        if (delta == 0) continue;
        s.rating()[q] += delta;
        host_.adjust(begin, int32_t(q), delta, played[q] ? "attendance" : "inactivity");
      }
      if (fault_ != none && ++periods_ >= fault_from_) report_fault(s, b, begin);
      begin = end;
    }
  }

  void report_fault(const ratekit::sdk::state& s, const rk_game_batch& b, uint64_t game) const {
    switch (fault_) {
      case unknown_player: host_.adjust(game, 1 << 30, 1, "x"); break;
      case not_finite: host_.adjust(game, 0, NAN, "x"); break;
      case past_batch: host_.adjust(b.game_count, 0, 1, "x"); break;
      case control_reason: host_.adjust(game, 0, 1, "a\x1b[2Jb"); break;
      case long_reason: host_.adjust(game, 0, 1, std::string(65, 'x').c_str()); break;
      case fails: throw ratekit::sdk::failure(RK_ERR_DOMAIN, "cannot adjust this period", -1);
      case overflows:  // each change finite, the rating it leaves not
        for (const double delta : {1e308, 1e308}) {
          s.rating()[0] += delta;
          host_.adjust(game, 0, delta, "bonus");
        }
        break;
      case none: break;
    }
  }

  ratekit::sdk::host host_;
  fault fault_;
  uint64_t fault_from_, periods_ = 0;
};

const rk_state_field adjusts_fields[] = {{"rating", 1500.0, "rating"}, {"periods", 0.0, "periods played"}};
const rk_param_spec adjusts_params[] = {
    {"fault", RK_PARAM_CHOICE, 0, 0, 0, 0,
     "none|unknown_player|not_finite|past_batch|control_reason|long_reason|fails|overflows",
     "an adjustment the host must refuse, a failure, or a rating adjusted past any double"},
    {"fault_from", RK_PARAM_INTEGER, 0, 1, 1, 1e6, nullptr, "the first period (from 1) with the fault"}};
const rk_descriptor adjusts::descriptor = {sizeof(rk_descriptor), 0, "test-adjusts", "0.1", "rating adjustments",
                                           RK_CAP_PAIRWISE | RK_CAP_USES_K | RK_CAP_PERIODS | RK_CAP_ADJUSTMENTS,
                                           2, 2, adjusts_fields, adjusts_params};

}  // namespace

RATEKIT_PLUGIN(adjusts)
