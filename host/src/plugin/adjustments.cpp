#include <ratekit/abi.h>
#include <ratekit/host/plugin/adjustments.hpp>
#include <ratekit/host/text/escape.hpp>

#include <fmt/format.h>

#include <cmath>
#include <cstring>

namespace ratekit {

void adjustment_log::open(uint64_t games, uint64_t periods, uint64_t players) {
  open_ = true;
  games_ = games, players_ = players;
  limit_ = players * (periods ? periods : 1) + games;  // a change per player and period, and one per game
  list_.clear();
  refused_.clear();
  refused_game_ = -1;
}

std::string adjustment_log::close() {
  open_ = false;
  if (!refused_.empty()) list_.clear();
  return refused_;
}

int32_t adjustment_log::add(uint64_t game, int32_t player, double delta, const char* reason) {
  if (!refused_.empty()) return RK_ERR_INVALID_ARGUMENT;  // the first refusal is the one told
  const std::string what = "reported a rating adjustment";
  if (!declared_) return refuse(what + " without declaring RK_CAP_ADJUSTMENTS", -1);
  if (!open_) return refuse(what + " outside rate_games", -1);
  if (game >= games_)
    return refuse(fmt::format("{} for game {} of a batch of {} games", what, game, games_), -1);
  if (player < 0 || uint64_t(player) >= players_)
    return refuse(fmt::format("{} for player index {}, not one of the {} players", what, player, players_), int64_t(game));
  if (!std::isfinite(delta))
    return refuse(fmt::format("{} of {}, not a finite change", what, delta), int64_t(game));
  const size_t length = reason ? std::strlen(reason) : 0;
  if (length == 0 || length > 64 || has_control(std::string_view(reason, length)) ||
      valid_utf8(std::string_view(reason, length)) != std::string_view(reason, length))
    return refuse(what + " whose reason is not 1 to 64 bytes of UTF-8 text without control characters", int64_t(game));
  if (list_.size() >= limit_)
    return refuse(fmt::format("{} more than {} times in one call (a change per player and period, and one per game)",
                              what, limit_), int64_t(game));
  list_.push_back({game, player, delta, intern(reason)});
  return RK_OK;
}

int32_t adjustment_log::refuse(std::string why, int64_t game) {
  refused_ = std::move(why);
  refused_game_ = game;
  return RK_ERR_INVALID_ARGUMENT;
}

uint32_t adjustment_log::intern(const char* reason) {
  const auto [at, added] = reason_index_.try_emplace(reason, uint32_t(reasons_.size()));
  if (added) reasons_.emplace_back(reason);
  return at->second;
}

}  // namespace ratekit
