// Rating changes no game reports (ABI 1.4, rk_host.adjust): a plugin that
// declares RK_CAP_ADJUSTMENTS reports them from inside rate_games (a decay, a
// regression, a bonus; the player need not play). Each is checked as it
// comes; the first one refused stops the run once the call returns.
#pragma once

#include <cstdint>
#include <deque>
#include <string>
#include <unordered_map>
#include <vector>

namespace ratekit {

struct rating_adjustment {
  uint64_t game;    // the batch's game whose rating period it belongs to
  int32_t player;
  double delta;
  uint32_t reason;  // into adjustment_log::reason
};

class adjustment_log {
 public:
  explicit adjustment_log(bool declared) : declared_(declared) {}

  // A rate_games call of `games` games in `periods` periods among `players` players starts.
  void open(uint64_t games, uint64_t periods, uint64_t players);
  // The call returned: why the first adjustment refused was, "" when none was.
  std::string close();
  // Where the first refused adjustment points: its game, -1 when that is no game of the batch.
  int64_t refused_game() const noexcept { return refused_game_; }

  // rk_host.adjust's work: RK_OK, or RK_ERR_INVALID_ARGUMENT with the reason kept for close().
  int32_t add(uint64_t game, int32_t player, double delta, const char* reason);

  // The adjustments of the last call, in the order reported.
  const std::vector<rating_adjustment>& list() const noexcept { return list_; }
  // Stays where it is for the run: outputs on other threads read it.
  const std::string& reason(uint32_t i) const { return reasons_[i]; }

 private:
  int32_t refuse(std::string why, int64_t game);
  uint32_t intern(const char* reason);

  const bool declared_;
  bool open_ = false;
  uint64_t games_ = 0, players_ = 0, limit_ = 0;
  std::vector<rating_adjustment> list_;
  std::deque<std::string> reasons_;  // each reason once (a run uses a few), never moved
  std::unordered_map<std::string, uint32_t> reason_index_;
  std::string refused_;
  int64_t refused_game_ = -1;
};

}  // namespace ratekit
