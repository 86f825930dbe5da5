// The engine's fast paths against their plain reference versions: the period
// window's piece-by-piece scan, the constant K, the finiteness check by sums.
#include "engine/k_assigner.hpp"
#include "engine/period_clock.hpp"
#include "engine/period_window.hpp"
#include "engine/state_checker.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <random>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_engine_paths {

using namespace ratekit;

namespace {

// A stream of `n` games dated in order over a few months, events changing now and then.
game_facts random_stream(size_t n, std::mt19937& rng) {
  game_facts f;
  int32_t date = 20240101, event = 0;
  for (size_t i = 0; i < n; ++i) {
    if (rng() % 5 == 0) date += int32_t(rng() % 3) * (rng() % 4 == 0 ? 100 : 1);  // next day or month
    if (rng() % 7 == 0) ++event;
    f.date.push_back(date);
    f.period.push_back(event);
    f.week.push_back(0);
    f.home.push_back(0);
    f.tag.push_back(0);
    f.line.push_back(int32_t(i + 2));
  }
  return f;
}

// The window's ends over the whole stream, fed in pieces of random sizes.
std::vector<uint64_t> ends_in_pieces(period_kind kind, const game_facts& all, std::mt19937& rng) {
  period_window window(kind, "games.csv");
  std::vector<uint64_t> ends;
  const size_t n = all.line.size();
  auto rate = [&](bool last) {
    const size_t complete = window.complete(last);
    for (size_t i = 0; i < window.games().size(); ++i) {  // the window holds the stream's games in order
      REQUIRE(size_t(window.games()[i].a) == window.first() + i);
      REQUIRE(window.facts().line[i] == all.line[window.first() + i]);
    }
    if (complete == 0) return;
    if (window.ends().empty())  // a period per game
      for (size_t i = 1; i <= complete; ++i) ends.push_back(window.first() + i);
    for (const uint64_t end : window.ends()) ends.push_back(window.first() + end);
    window.drop(complete);
  };
  for (size_t begin = 0; begin < n;) {
    const size_t end = std::min(n, begin + 1 + rng() % 40);
    game_piece piece;
    piece.games.resize(end - begin);
    for (size_t i = begin; i < end; ++i) piece.games[i - begin].a = int32_t(i);
    piece.facts.append(all, begin, end);
    window.add(piece);
    rate(false);
    begin = end;
  }
  rate(true);
  REQUIRE(window.problems().empty());
  return ends;
}

}  // namespace

TEST_CASE("period window: periods found piece by piece are those of the whole stream", "[engine][fast path]") {
  std::mt19937 rng(7);
  for (const period_kind kind : {period_kind::game, period_kind::event, period_kind::day, period_kind::month}) {
    for (int round = 0; round < 20; ++round) {
      const game_facts all = random_stream(1 + rng() % 300, rng);
      CHECK(ends_in_pieces(kind, all, rng) == period_ends_reference(kind, all));
    }
  }
}

TEST_CASE("period window: holding the rest of a period, it moves to new memory only a few times", "[engine][fast path]") {
  // Months of 30 games in pieces of 61: after each piece the rest of a month
  // in the window is one game longer. A vector left to grow to just what each
  // piece needs moved to new memory (whose pages are faulted in again) on
  // every piece; by month that was a third of a run's time.
  period_window window(period_kind::month, "games.csv");
  const rk_game* last = nullptr;
  int moves = 0;
  for (int p = 0, game = 0; p < 200; ++p) {
    game_piece piece;
    for (int i = 0; i < 61; ++i, ++game) {
      piece.games.push_back(rk_game{});
      piece.facts.date.push_back((2000 + game / 360) * 10000 + (game / 30 % 12 + 1) * 100 + 1);
      piece.facts.period.push_back(-1), piece.facts.week.push_back(0), piece.facts.home.push_back(0);
      piece.facts.tag.push_back(0), piece.facts.line.push_back(game + 2);
    }
    window.add(piece);
    moves += window.games().data() != last;
    last = window.games().data();
    if (const size_t complete = window.complete(false)) window.drop(complete);
  }
  CHECK(moves <= 3);
}

TEST_CASE("period window: a month ends where the month changes, not the day", "[engine][fast path]") {
  game_facts f;
  for (const int32_t d : {20240131, 20240201, 20240229, 20240301}) {
    f.date.push_back(d);
    f.line.push_back(0);
  }
  CHECK(period_ends_reference(period_kind::month, f) == std::vector<uint64_t>{1, 3, 4});
  CHECK(period_ends_reference(period_kind::day, f) == std::vector<uint64_t>{1, 2, 3, 4});
}

namespace {

// A piece of games with these dates (0: undated) on lines first_line, first_line + 1, ...
game_piece dated_piece(const std::vector<int32_t>& dates, int32_t first_line) {
  game_piece piece;
  const size_t n = dates.size();
  piece.games.resize(n);
  piece.facts.date = dates;
  piece.facts.period.assign(n, 0);
  piece.facts.week.assign(n, 0);
  piece.facts.home.assign(n, 0);
  piece.facts.tag.assign(n, 0);
  for (size_t i = 0; i < n; ++i) piece.facts.line.push_back(first_line + int32_t(i));
  return piece;
}

// The problems of a window of `kind` fed these pieces, each rated as far as complete.
std::vector<diagnostic> order_problems(period_kind kind, const std::vector<std::vector<int32_t>>& pieces) {
  period_window window(kind, "g.csv");
  int32_t line = 2;
  for (size_t p = 0; p < pieces.size(); ++p) {
    game_piece piece = dated_piece(pieces[p], line);
    line += int32_t(pieces[p].size());
    window.add(piece);
    if (const size_t complete = window.complete(p + 1 == pieces.size())) window.drop(complete);
  }
  return window.problems();
}

}  // namespace

TEST_CASE("period window: a game dated before a game of an earlier period is refused, with both lines", "[engine]") {
  for (const period_kind kind :
       {period_kind::game, period_kind::event, period_kind::day, period_kind::month, period_kind::year}) {
    CAPTURE(int(kind));
    // The same day, and a later one, are in order; so is a piece after a piece.
    CHECK(order_problems(kind, {{20240301, 20240301, 20240302}, {20240302, 20250101}}).empty());
  }
  // Each game its own period: back by one day is back by a period, compared with the latest date read.
  const std::vector<diagnostic> games = order_problems(period_kind::game, {{20240302, 20240301}});
  REQUIRE(games.size() == 1);
  CHECK(games[0].line == 3);
  CHECK(games[0].message == "dates out of order: this game is dated before the one on line 2; sort the games by "
                            "date, oldest first, or write input: { sort: date }");
  const std::vector<diagnostic> across = order_problems(period_kind::game, {{20240301, 20240305}, {20240304}});
  REQUIRE(across.size() == 1);
  CHECK(across[0].line == 4);
  CHECK_THAT(across[0].message, Catch::Contains("before the one on line 3"));
  // An earlier day, month or year than one read before, across pieces too.
  const std::vector<diagnostic> days = order_problems(period_kind::day, {{20240302}, {20240301}});
  REQUIRE(days.size() == 1);
  CHECK(days[0].message == "dates out of order: this game of 2024-03-01 is in an earlier day than the game of "
                           "2024-03-02 on line 2; sort the games by date, oldest first, or write input: "
                           "{ sort: date }");
  const std::vector<diagnostic> months = order_problems(period_kind::month, {{20240110, 20240201}, {20240131}});
  REQUIRE(months.size() == 1);
  CHECK(months[0].line == 4);
  CHECK_THAT(months[0].message, Catch::Contains("this game of 2024-01-31 is in an earlier month than the game of "
                                                "2024-02-01 on line 3"));
  const std::vector<diagnostic> years = order_problems(period_kind::year, {{20241231, 20250101, 20241231}});
  REQUIRE(years.size() == 1);
  CHECK(years[0].line == 4);
}

TEST_CASE("period window: within one period the games may come in any order", "[engine]") {
  // A month's file grouped by tournament: the second tournament began before the first ended.
  for (const period_kind kind : {period_kind::month, period_kind::year, period_kind::event}) {
    CAPTURE(int(kind));
    CHECK(order_problems(kind, {{20240320, 20240305, 20240331}, {20240301, 20240302}}).empty());
  }
  CHECK(order_problems(period_kind::day, {{20240301, 20240301}}).empty());
  // The next period is compared with the latest game of the one before, not its last.
  const std::vector<diagnostic> next = order_problems(period_kind::month, {{20240320, 20240305, 20240415, 20240331}});
  REQUIRE(next.size() == 1);
  CHECK(next[0].line == 5);
  CHECK_THAT(next[0].message, Catch::Contains("the game of 2024-04-15 on line 4"));
}

TEST_CASE("period window: an event's games may come in any order, but not before an earlier event's", "[engine]") {
  period_window window(period_kind::event, "g.csv");
  game_piece piece = dated_piece({20240305, 20240301, 20240302, 20240306}, 2);
  piece.facts.period = {0, 0, 1, 1};
  window.add(piece);
  window.complete(true);
  REQUIRE(window.problems().size() == 1);
  CHECK(window.problems()[0].line == 4);
  CHECK(window.problems()[0].message == "dates out of order: this game of 2024-03-02 is dated before the game of "
                                        "2024-03-05 on line 2, of an event read before; sort the events by date, "
                                        "oldest first, or write input: { sort: date }");
}

TEST_CASE("period window: the games out of order are counted in one problem, not listed", "[engine]") {
  // A newest-first export of a year's games, by game: all but the first row are out of order.
  std::vector<int32_t> newest_first;
  for (int32_t day = 28; day >= 1; --day) newest_first.push_back(20240200 + day);
  const std::vector<diagnostic> problems = order_problems(period_kind::game, {newest_first});
  REQUIRE(problems.size() == 1);
  CHECK(problems[0].line == 3);
  CHECK(problems[0].message == "dates out of order: this game is dated before the one on line 2 (27 rows in all are "
                               "out of order); sort the games by date, oldest first, or write input: { sort: date }");
  // By month, only the rows of earlier months count; the other problems are kept beside it.
  const std::vector<diagnostic> months = order_problems(period_kind::month, {{20240301, 20240215, 20240310, 0, 20240101}});
  REQUIRE(months.size() == 2);
  CHECK(months[0].line == 3);
  CHECK_THAT(months[0].message, Catch::Contains("(2 rows in all are out of order)"));
  CHECK(months[1].line == 5);
  CHECK(months[1].message == "a date is needed to group games by month");
}

TEST_CASE("period spans: an event period's dates are its earliest and latest game's, in any order", "[engine]") {
  period_spans spans;
  const int32_t dates[] = {20240310, 20240105, 0, 20240220};
  add_period_span(spans, period_kind::event, dates, 0, 4, 7);
  CHECK(spans.number == std::vector<int64_t>{7});
  CHECK(spans.first_date == std::vector<int32_t>{20240105});
  CHECK(spans.last_date == std::vector<int32_t>{20240310});
}

TEST_CASE("period window: game and event periods compare the dated games only", "[engine]") {
  for (const period_kind kind : {period_kind::game, period_kind::event}) {
    CHECK(order_problems(kind, {{0, 0, 0}}).empty());
    CHECK(order_problems(kind, {{20240301, 0, 20240302}}).empty());
  }
  const std::vector<diagnostic> behind_undated = order_problems(period_kind::game, {{20240302, 0, 20240301}});
  REQUIRE(behind_undated.size() == 1);
  CHECK(behind_undated[0].line == 4);
  CHECK_THAT(behind_undated[0].message, Catch::Contains("before the one on line 2"));
  // A calendar period needs the date.
  const std::vector<diagnostic> month = order_problems(period_kind::month, {{20240301, 0}});
  REQUIRE(month.size() == 1);
  CHECK(month[0].message == "a date is needed to group games by month");
}

TEST_CASE("constant K: the fast path gives what the schedule gives", "[engine][fast path]") {
  k_rule plain;
  plain.constant = 24;
  const k_schedule one = k_schedule({plain});
  REQUIRE(constant_k(one) == 24.0);
  std::mt19937 rng(3);
  for (int i = 0; i < 200; ++i) {
    k_context c;
    c.games = double(rng() % 100);
    c.rating = 1000 + double(rng() % 1800);
    c.peak = c.rating + double(rng() % 200);
    c.age = double(rng() % 60);
    c.period_games = 1 + int(rng() % 9);
    CHECK(one.k(c) == *constant_k(one));
  }
  // Anything that can make K differ between games leaves the fast path.
  k_rule conditional = plain;
  conditional.games = k_range{0, 30};
  CHECK_FALSE(constant_k(k_schedule({conditional, plain})).has_value());
  CHECK_FALSE(constant_k(k_schedule({plain}, 700)).has_value());
  k_rule table;
  table.table = {{100, 116}, {2700, 10}};
  CHECK_FALSE(constant_k(k_schedule({table})).has_value());
  CHECK(constant_k(k_schedule()) == 0.0);
}

TEST_CASE("finiteness by sums agrees with checking every value", "[engine][fast path]") {
  const double bad[] = {NAN, INFINITY, -INFINITY, std::numeric_limits<double>::quiet_NaN()};
  std::mt19937 rng(11);
  for (size_t size : {0u, 1u, 3u, 4u, 5u, 17u, 1000u}) {
    std::vector<std::vector<double>> columns(3, std::vector<double>(size));
    for (auto& c : columns)
      for (double& v : c) v = std::ldexp(double(rng() % 1000) - 500, int(rng() % 2000) - 1000);
    CHECK(columns_finite(columns) == columns_finite_reference(columns));
    CHECK(columns_finite(columns));
    for (size_t at = 0; at < size; at += 1 + size / 7)
      for (const double b : bad) {
        auto broken = columns;
        broken[at % 3][at] = b;
        CHECK(columns_finite(broken) == columns_finite_reference(broken));
        CHECK_FALSE(columns_finite(broken));
      }
  }
  // Huge finite values do not overflow the sums into a false alarm.
  std::vector<std::vector<double>> huge{{1e308, 1e308, -1e308, 1e308, 1e308}};
  CHECK(columns_finite(huge) == columns_finite_reference(huge));
}

}  // namespace test_engine_paths
