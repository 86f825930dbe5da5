#include "output/files/rating_order.hpp"
#include "output/files/run_files.hpp"

#include <ratekit/host/output/files/outputs.hpp>
#include <ratekit/host/output/files/ratings_table.hpp>
#include <ratekit/host/config/config.hpp>
#include <ratekit/host/text/format.hpp>

#include <algorithm>
#include <cmath>
#include <future>
#include <numeric>

namespace ratekit {

namespace {

// The columns of a run's ratings list: the state fields, then those only some runs have.
struct ratings_layout {
  ratings_layout(const run_result& r, const std::vector<std::pair<double, std::string>>& categories)
      : categories(categories) {
    const rk_descriptor& desc = r.source->descriptor();
    const auto& players = r.data.players;
    columns.push_back({"player", true, {}, {}, {}});
    for (uint32_t f = 0; f < desc.state_count; ++f) columns.push_back({desc.state[f].name, false, {}, {}, {}});
    // A team model's conservative rating, mu - 3 sigma: what leaderboards rank by.
    sigma = (desc.capabilities & RK_CAP_TEAMS) ? r.source->state_field("sigma") : -1;
    if (sigma > 0) columns.push_back({"ordinal", false, {}, {}, {}});
    columns.push_back({"games", false, {}, {}, {}});
    columns.push_back({"peak", false, {}, {}, {}});
    // When each player was last rated, for a model that reads elapsed time (only
    // those models keep it): a list read back goes on from there.
    last_played = std::any_of(r.state.last_date.begin(), r.state.last_date.end(), [](int32_t d) { return d != 0; });
    births = std::any_of(players.birth_year.begin(), players.birth_year.end(), [](double v) { return !std::isnan(v); });
    feds = players.federation.any(), ids = players.external_id.any();
    const std::initializer_list<std::pair<const char*, bool>> optional{
        {"last_played", last_played}, {"birth_year", births}, {"federation", feds}, {"id", ids},
        {"category", !categories.empty()}};
    for (const auto& [name, present] : optional)
      if (present) columns.push_back({name, std::string_view(name) != "birth_year", {}, {}, {}});
  }
  std::vector<table_column> columns;  // empty, with their names and kinds
  int sigma = -1;
  const std::vector<std::pair<double, std::string>>& categories;  // none: no category column
  bool last_played = false, births = false, feds = false, ids = false;
};

// A row of CSV text (ended when it goes), or of a table.
csv_row begin_row(std::string& text) { return csv_row(text); }
table_rows& begin_row(table_rows& rows) {
  rows.start_row();
  return rows;
}

// The rows of players order[from, to) into `out`, CSV text or a table.
// The rows go in rating order, so each reads its player's columns at random.
// A block of rows is gathered column by column first: those loads do not
// wait for each other, or for the text, so many are in flight at once.
template <class Out>
void ratings_rows(Out& out, const run_result& r, const ratings_layout& l, const std::vector<int32_t>& order,
                  size_t from, size_t to) {
  const auto& players = r.data.players;
  const auto& columns = r.state.columns;
  const double* rating = r.state.rating();
  const size_t width = columns.size() + 2;  // the state fields, games, peak
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
      auto&& row = begin_row(out);
      row.text(players.name(int32_t(p)));
      for (size_t f = 0; f < columns.size(); ++f) row.number(values[i * width + f]);
      if (l.sigma > 0) row.number(values[i * width] - 3 * values[i * width + size_t(l.sigma)]);
      for (size_t f = columns.size(); f < width; ++f) row.number(values[i * width + f]);
      if (l.last_played) row.text(r.state.last_date[p] ? iso_date(r.state.last_date[p]) : std::string());
      if (l.births) row.number(players.birth_year[p]);
      if (l.feds) row.text(players.federation[p]);
      if (l.ids) row.text(players.external_id[p]);
      if (!l.categories.empty()) row.text(category_of(l.categories, rating[p]));
    }
  }
}

std::vector<int32_t> rating_order(const run_result& r) {
  std::vector<int32_t> order(size_t(r.data.players.size()));
  std::iota(order.begin(), order.end(), 0);
  order_by_rating(order, r.state.rating(), r.data.players);
  return order;
}

}  // namespace

std::string ratings_csv(const run_result& r, const competition_config& config) {
  const ratings_layout layout(r, config.categories);
  const std::vector<int32_t> order = rating_order(r);
  const size_t n = order.size();
  std::string out;
  for (const table_column& c : layout.columns) (out.empty() ? out : out += ',') += c.name;
  out += '\n';
  // A long list is written in two halves at once: formatting the numbers is
  // the cost. The first half goes straight into `out`. Each text is reserved
  // for rows of 64 bytes, about their usual length, so it seldom moves.
  constexpr size_t row_bytes = 64;
  const size_t half = n < 50'000 ? n : n / 2;
  std::string second_half;
  second_half.reserve((n - half) * row_bytes);
  auto second = std::async(half < n ? std::launch::async : std::launch::deferred,
                           [&] { ratings_rows(second_half, r, layout, order, half, n); });
  out.reserve(out.size() + n * row_bytes);
  ratings_rows(out, r, layout, order, 0, half);
  second.get();
  out += second_half;
  return out;
}

std::vector<table_column> ratings_table(const run_result& r, const competition_config& config) {
  const ratings_layout layout(r, config.categories);
  const std::vector<int32_t> order = rating_order(r);
  table_rows rows(layout.columns);
  ratings_rows(rows, r, layout, order, 0, order.size());
  return std::move(rows).release();
}

}  // namespace ratekit
