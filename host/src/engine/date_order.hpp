// Dates may not go back across rating periods. Within a period the order of
// the games cannot change its ratings (each game is rated from the ratings at
// the period's start), so a monthly file grouped by tournament is read as it
// is; but a game dated before a game of an earlier period would be rated after
// it. With game periods every game is a period of its own, so every dated game
// is compared with the latest one read.
#pragma once

#include <ratekit/host/config/config.hpp>
#include <ratekit/host/text/diagnostics.hpp>
#include <ratekit/host/text/format.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace ratekit {

class date_order {
 public:
  explicit date_order(period_kind kind) : kind_(kind) {}

  // The game on `line`, dated `date` (0: undated, compared with nobody), the
  // first of its period when `starts_period`. False when it is out of order.
  bool game(int32_t date, int32_t line, bool starts_period) {
    if (starts_period && period_latest_.date >= floor_.date) floor_ = period_latest_;
    if (starts_period) period_latest_ = {};
    if (date == 0) return true;
    if (date < floor_.date) {
      if (count_++ == 0) first_ = {date, line}, first_floor_ = floor_;
      return false;
    }
    if (date >= period_latest_.date) period_latest_ = {date, line};
    return true;
  }

  size_t count() const { return count_; }

  // The problem of the first game out of order, with the count of them all.
  std::string message() const {
    std::string s = "dates out of order: ";
    const std::string other = "the game of " + iso_date(first_floor_.date) + " on line " + std::to_string(first_floor_.line);
    if (kind_ == period_kind::game)
      s += "this game is dated before the one on line " + std::to_string(first_floor_.line);
    else if (kind_ == period_kind::event)
      s += "this game of " + iso_date(first_.date) + " is dated before " + other + ", of an event read before";
    else
      s += "this game of " + iso_date(first_.date) + " is in an earlier " + period_name(kind_) + " than " + other;
    if (count_ > 1) s += " (" + counted(double(count_), "row") + " in all are out of order)";
    return s + "; sort the " + (kind_ == period_kind::event ? "events" : "games") +
           " by date, oldest first, or write input: { sort: date }";
  }

  static const char* period_name(period_kind kind) {
    return kind == period_kind::day ? "day" : kind == period_kind::month ? "month" : "year";
  }

 private:
  struct dated {
    int32_t date = 0, line = 0;
  };
  const period_kind kind_;
  dated floor_;          // the latest game of the periods before this one
  dated period_latest_;  // the latest game of this period so far
  dated first_, first_floor_;  // the first game out of order, and the game it is dated before
  size_t count_ = 0;
};

}  // namespace ratekit
