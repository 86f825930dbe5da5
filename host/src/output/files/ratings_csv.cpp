#include "output/files/rating_order.hpp"
#include "output/files/run_files.hpp"

#include <ratekit/host/output/files/outputs.hpp>
#include <ratekit/host/config/config.hpp>
#include <ratekit/host/text/format.hpp>

#include <algorithm>
#include <cmath>
#include <future>
#include <numeric>

namespace ratekit {

std::string ratings_csv(const run_result& r) {
  const auto& players = r.data.players;
  const rk_descriptor& desc = r.source->descriptor();
  const size_t n = size_t(players.size());
  const double* rating = r.state.rating();
  std::vector<int32_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  order_by_rating(order, rating, players);
  const bool births = std::any_of(players.birth_year.begin(), players.birth_year.end(), [](double v) { return !std::isnan(v); });
  const bool feds = players.federation.any(), ids = players.external_id.any();

  std::string out = "player";
  for (uint32_t f = 0; f < desc.state_count; ++f) (out += ',') += desc.state[f].name;
  // A team model's conservative rating, mu - 3 sigma: what leaderboards rank by.
  const int sigma = (desc.capabilities & RK_CAP_TEAMS) ? r.source->state_field("sigma") : -1;
  if (sigma > 0) out += ",ordinal";
  out += ",games,peak";
  // When each player was last rated, for a model that reads elapsed time (only
  // those models keep it): a list read back goes on from there.
  const bool last_played = std::any_of(r.state.last_date.begin(), r.state.last_date.end(), [](int32_t d) { return d != 0; });
  if (last_played) out += ",last_played";
  if (births) out += ",birth_year";
  if (feds) out += ",federation";
  if (ids) out += ",id";
  const bool categories = !r.config.categories.empty();
  if (categories) out += ",category";
  out += '\n';
  // The rows go in rating order, so each reads its player's columns at random.
  // A block of rows is gathered column by column first: those loads do not
  // wait for each other, or for the text, so many are in flight at once.
  const auto& columns = r.state.columns;
  const size_t width = columns.size() + 2;  // the state fields, games, peak
  auto rows = [&](std::string& text, size_t from, size_t to) {
    constexpr size_t block = 256;
    std::vector<double> values(block * width);
    for (size_t begin = from; begin < to; begin += block) {
      const size_t count = std::min(block, to - begin);
      const int32_t* ranked = order.data() + begin;
      auto gather = [&](size_t field, const std::vector<double>& column) {
        for (size_t i = 0; i < count; ++i) values[i * width + field] = column[size_t(ranked[i])];
      };
      for (size_t c = 0; c < columns.size(); ++c) gather(c, columns[c]);
      gather(width - 2, r.state.games);
      gather(width - 1, r.state.peak);
      for (size_t i = 0; i < count; ++i) {
        const auto p = size_t(ranked[i]);
        csv_row row(text);
        row.text(players.name(int32_t(p)));
        for (size_t f = 0; f < columns.size(); ++f) row.number(values[i * width + f]);
        if (sigma > 0) row.number(values[i * width] - 3 * values[i * width + size_t(sigma)]);
        for (size_t f = columns.size(); f < width; ++f) row.number(values[i * width + f]);
        if (last_played) row.text(r.state.last_date[p] ? iso_date(r.state.last_date[p]) : std::string());
        if (births) row.number(players.birth_year[p]);
        if (feds) row.text(players.federation[p]);
        if (ids) row.text(players.external_id[p]);
        if (categories) row.text(category_of(r.config.categories, rating[p]));
      }
    }
  };
  // A long list is written in two halves at once: formatting the numbers is
  // the cost. The first half goes straight into `out`. Each text is reserved
  // for rows of 64 bytes, about their usual length, so it seldom moves.
  constexpr size_t row_bytes = 64;
  const size_t half = n < 50'000 ? n : n / 2;
  std::string second_half;
  second_half.reserve((n - half) * row_bytes);
  auto second = std::async(half < n ? std::launch::async : std::launch::deferred,
                           [&] { rows(second_half, half, n); });
  out.reserve(out.size() + n * row_bytes);
  rows(out, 0, half);
  second.get();
  out += second_half;
  return out;
}

}  // namespace ratekit
