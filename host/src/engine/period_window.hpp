// The games read but not rated yet: they wait here until their rating period
// is complete, so no period is ever split between two plugin calls.
#pragma once

#include "date_order.hpp"
#include "input_stream.hpp"

#include <ratekit/host/config/config.hpp>
#include <ratekit/host/text/diagnostics.hpp>

#include <string>
#include <vector>

namespace ratekit {

// The key that groups games into periods: games in a row with one key are one period.
inline int64_t period_key(period_kind kind, const game_facts& f, size_t i) {
  switch (kind) {
    case period_kind::event: return f.period[i];
    case period_kind::day: return f.date[i];
    case period_kind::month: return f.date[i] / 100;
    case period_kind::year: return f.date[i] / 10000;
    default: return int64_t(i);
  }
}

// The plain definition the window's piece-by-piece scan must agree with: the
// ends of every period of a whole stream, the last one included.
inline std::vector<uint64_t> period_ends_reference(period_kind kind, const game_facts& f) {
  std::vector<uint64_t> ends;
  const size_t n = f.line.size();
  for (size_t i = 1; i < n; ++i)
    if (kind == period_kind::game || period_key(kind, f, i) != period_key(kind, f, i - 1)) ends.push_back(i);
  if (n > 0) ends.push_back(n);
  return ends;
}

class period_window {
 public:
  period_window(period_kind kind, std::string source)
      : kind_(kind), by_date_(is_calendar(kind)), source_(std::move(source)), order_(kind) {}

  // Adds a piece's games after those waiting; the piece is left empty or unchanged.
  void add(game_piece& piece) {
    if (facts_.tags.size() != piece.facts.tags.size()) facts_.tags = piece.facts.tags;
    if (games_.empty()) {  // the piece becomes the window, no copy
      games_.swap(piece.games);
      facts_.swap_columns(piece.facts);
    } else {
      reserve_for(games_.size() + piece.games.size());
      append(games_, piece.games, 0, piece.games.size());
      facts_.append(piece.facts, 0, piece.games.size());
    }
  }

  // How many games from the window's start make up complete periods (all of
  // them when `last`); ends() then holds those periods' ends relative to the start.
  size_t complete(bool last) {
    const size_t n = games_.size();
    ends_.clear();
    find_period_ends();
    if (kind_ == period_kind::game) return n;
    if (last) {
      if (n > 0) ends_.push_back(n);
      return n;
    }
    return ends_.empty() ? 0 : size_t(ends_.back());  // the last period may go on in the next piece
  }

  // Drops the first `n` games, rated now.
  void drop(size_t n) {
    games_.erase(games_.begin(), games_.begin() + long(n));
    drop_front(facts_, n);
    first_ += n;
    scanned_ = games_.size();
  }

  std::vector<rk_game>& games() { return games_; }
  const game_facts& facts() const { return facts_; }
  const std::vector<uint64_t>& ends() const { return ends_; }
  size_t first() const { return first_; }  // the stream index of the window's first game
  // The input's problems in the games read so far; the dates out of order are counted in the first one's message.
  std::vector<diagnostic>& problems() {
    if (order_problem_ < problems_.size()) problems_[order_problem_].message = order_.message();
    return problems_;
  }

  const std::string& source() const { return source_; }
  // "file:line" of window game i.
  std::string where(size_t i) const { return source_ + ":" + std::to_string(facts_.line[i]); }

  template <class T>
  static void append(std::vector<T>& to, const std::vector<T>& from, size_t begin, size_t end) {
    to.insert(to.end(), from.begin() + long(begin), from.begin() + long(end));
  }

 private:
  // Period ends of the window (none with game periods), checking the dates of
  // the games not seen before. Games before scanned_ are the open period left
  // from the last piece: no end inside.
  void find_period_ends() {
    const size_t n = games_.size();
    const bool grouped = kind_ != period_kind::game;
    for (size_t i = scanned_; i < n; ++i) {
      const bool starts = !grouped || i == 0 || period_key(kind_, facts_, i) != period_key(kind_, facts_, i - 1);
      check_date(i, starts);
      if (kind_ == period_kind::event && facts_.period[i] < 0) refuse_unnamed_event(i);
      if (grouped && i > 0 && starts) ends_.push_back(i);
    }
    scanned_ = n;
  }

  // Periods are rated in the order read: a game dated before a game of an
  // earlier period (a newest-first export) is refused, and every such game
  // counted in one problem. Calendar periods need every game dated; game and
  // event periods compare the dated games only.
  void check_date(size_t i, bool starts_period) {
    const int32_t date = facts_.date[i];
    const bool first_offence = order_.count() == 0;
    if (!order_.game(date, facts_.line[i], starts_period) && first_offence && problems_.size() < 20) {
      order_problem_ = problems_.size();
      problems_.push_back({source_, facts_.line[i], 0, ""});  // its message once the count is known
    }
    if (date == 0 && by_date_ && problems_.size() < 20)
      problems_.push_back({source_, facts_.line[i], 0,
                           std::string("a date is needed to group games by ") + date_order::period_name(kind_)});
  }

  // Without its event, a game would join one period of every such game, named by none.
  void refuse_unnamed_event(size_t i) {
    if (unnamed_event_) return;  // the input's column is missing: once says it
    unnamed_event_ = true;
    problems_.push_back({source_, facts_.line[i], 0,
                         "period: event groups the games by their event, but this game names none: give the input a "
                         "period column (each game's event or round), name the whole input's one period with "
                         "--period-label, or choose period: day, month, year or game"});
  }

  // Room for n games, doubled when it grows. A vector's insert grows to just
  // what is inserted when that is more than it holds, so a window holding part
  // of a period (by month, most pieces) moved to fresh memory on most pieces,
  // and faulting those pages in took a third of a monthly run's time.
  void reserve_for(size_t n) {
    if (games_.capacity() < n) games_.reserve(2 * n);
    if (facts_.date.capacity() < n) facts_.reserve(2 * n);  // the columns grow together
  }

  static void drop_front(game_facts& f, size_t n) {
    auto drop = [n](auto& v) { v.erase(v.begin(), v.begin() + long(n)); };
    drop(f.date);
    drop(f.period);
    drop(f.week);
    drop(f.home);
    drop(f.tag);
    drop(f.line);
  }

  const period_kind kind_;
  const bool by_date_;
  const std::string source_;
  std::vector<rk_game> games_;
  game_facts facts_;
  size_t first_ = 0, scanned_ = 0;
  std::vector<uint64_t> ends_;
  date_order order_;
  size_t order_problem_ = SIZE_MAX;  // the index of the dates' problem in problems_, once there is one
  bool unnamed_event_ = false;
  std::vector<diagnostic> problems_;
};

}  // namespace ratekit
