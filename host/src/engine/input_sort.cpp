// input: { sort: date }: the whole input's games held until it is read, then
// handed over by date (a stable sort, so the games of one day keep the file's
// order), as a newest-first export (Lichess's) is rated oldest first.
#include "input_stream.hpp"

#include <ratekit/host/text/stop.hpp>
#include <ratekit/host/text/diagnostics.hpp>

#include <algorithm>
#include <numeric>
#include <unordered_set>

namespace ratekit {

void input_stream::hold(dataset& d) {
  if (!d.events.empty())
    throw user_error(reading_, 0, 0, "input.sort: date sorts pairwise games, but this input holds " +
                                         std::string(d.weights.empty() ? "ranked events" : "team matches") +
                                         ", each a rating period of its own: sort the file by date, oldest first, "
                                         "and leave input.sort out");
  one_period_.apply(d, reading_);
  held_.games.insert(held_.games.end(), d.games.begin(), d.games.end());
  held_.facts.append(d.facts, 0, d.games.size());
  held_.facts.tags = d.facts.tags;  // tags only grow
  held_.seeds.insert(held_.seeds.end(), d.seeds.begin(), d.seeds.end());
  d.games.clear();
  d.facts.clear();
  d.seeds.clear();
}

namespace {

// An event's games must stay together: a sort that would split one is refused.
void refuse_split_event(const game_facts& sorted, const dataset& d) {
  std::unordered_set<int32_t> ended;
  for (size_t i = 1; i < sorted.period.size(); ++i) {
    const int32_t event = sorted.period[i], before = sorted.period[i - 1];
    if (event == before || event < 0) continue;
    ended.insert(before);
    if (ended.count(event))
      throw user_error(d.source, sorted.line[i], 0,
                       "input.sort: date would split event '" + d.period_names[size_t(event)] +
                           "', whose games are dated among another event's; sort the file by event, oldest first, and "
                           "leave input.sort out");
  }
}

}  // namespace

void input_stream::release_sorted() {
  const size_t n = held_.games.size();
  const std::vector<int32_t>& date = held_.facts.date;
  if (const auto undated = std::find(date.begin(), date.end(), 0); undated != date.end())
    throw user_error(data_.source, held_.facts.line[size_t(undated - date.begin())], 0,
                     "input.sort: date needs every game dated, and this one has no date");
  if (!data_.season.empty())  // a season starts at the game where its label first appears in the file
    throw user_error(data_.source, 0, 0,
                     "input.sort: date would move the games that start each season (the 'season' column): sort the "
                     "file by date, oldest first, and leave input.sort out");
  std::vector<uint32_t> order(n);
  std::iota(order.begin(), order.end(), 0u);
  std::stable_sort(order.begin(), order.end(), [&](uint32_t x, uint32_t y) { return date[x] < date[y]; });
  std::vector<rk_game> games(n);
  for (size_t i = 0; i < n; ++i) games[i] = held_.games[order[i]];
  held_.games.swap(games);
  held_.facts.reorder(order);
  refuse_split_event(held_.facts, data_);
  // A player new to the run starts from the rating given with his first game by date (rating_a, rating_b).
  if (held_.seeds.size() == 2 * n) {
    std::vector<double>& declared = data_.players.declared_rating;
    std::vector<char> seeded(declared.size(), 0);
    for (size_t i = 0; i < n; ++i)
      for (const int side : {0, 1}) {
        const auto p = size_t(side == 0 ? held_.games[i].a : held_.games[i].b);
        if (p >= listed_ && !seeded[p]) seeded[p] = 1, declared[p] = held_.seeds[2 * order[i] + size_t(side)];
      }
  }
  for (size_t begin = 0; begin < n; begin += piece_games) {
    throw_if_stopped(stop_);
    const size_t end = std::min(n, begin + piece_games);
    data_.games.assign(held_.games.begin() + long(begin), held_.games.begin() + long(end));
    data_.facts.clear();
    data_.facts.append(held_.facts, begin, end);
    data_.facts.tags = held_.facts.tags;
    push(data_);
  }
}

}  // namespace ratekit
