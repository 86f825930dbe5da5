#include "serve/list_query.hpp"

#include "serve/name_search.hpp"
#include "store/period_dates.hpp"

#include <ratekit/host/config/config.hpp>
#include <ratekit/host/text/escape.hpp>

#include <algorithm>
#include <charconv>
#include <cmath>

namespace ratekit::serve {

const std::string* parameter(const query_params& params, const char* name) {
  const auto at = params.find(name);
  if (at == params.end() || at->second.empty()) return nullptr;  // a form's empty field is no value
  if (at->second.size() > 200 || valid_utf8(at->second) != at->second)
    throw bad_request(std::string(name) + ": expected UTF-8 text of at most 200 bytes");
  return &at->second;
}

int64_t whole_parameter(const query_params& params, const char* name, int64_t fallback, int64_t low, int64_t high) {
  const std::string* text = parameter(params, name);
  if (!text) return fallback;
  int64_t v = 0;
  const auto [end, error] = std::from_chars(text->data(), text->data() + text->size(), v);
  if (error == std::errc::result_out_of_range && !text->empty() && (*text)[0] != '-') return high;
  if (error != std::errc() || end != text->data() + text->size() || v < low)
    throw bad_request(std::string(name) + ": expected a whole number from " + std::to_string(low));
  return std::min(v, high);
}

int32_t date_parameter(const query_params& params, const char* name) {
  const std::string* text = parameter(params, name);
  int32_t date = 0;
  if (text && !store::read_iso_date(*text, date)) throw bad_request(std::string(name) + ": expected a date yyyy-mm-dd");
  return date;
}

list_request read_list_request(const query_params& params) {
  list_request r;
  r.as_of = date_parameter(params, "as_of");
  if (const std::string* sort = parameter(params, "sort")) r.sort = *sort;
  r.descending = r.sort != "player" && r.sort != "rank";  // the list's own order first
  if (const std::string* order = parameter(params, "order")) {
    if (*order != "asc" && *order != "desc") throw bad_request("order: expected asc or desc");
    r.descending = *order == "desc";
  }
  r.page = whole_parameter(params, "page", 1, 1, 1'000'000'000);
  r.per_page = whole_parameter(params, "per_page", default_per_page, 1, max_per_page);
  if (const std::string* q = parameter(params, "q")) r.search = folded(*q);
  r.min_games = whole_parameter(params, "min_games", 0, 0, INT64_MAX);
  if (const std::string* category = parameter(params, "category")) r.category = *category;
  r.active_since = date_parameter(params, "active_since");
  return r;
}

namespace {

void check_category(const rating_list& list, const std::string& category) {
  if (category.empty()) return;
  std::string known;
  for (const auto& [from, label] : list.categories) {
    if (label == category) return;
    known += (known.empty() ? "" : ", ") + label;
  }
  throw bad_request(known.empty() ? "category: this competition has no categories"
                                  : "category: expected one of " + known);
}

// The list's positions the request's filters keep, in the list's order.
std::vector<size_t> kept_positions(const rating_list& list, const list_request& request) {
  const int games = list.rows.column("games"), rating = list.rows.column("rating"),
            active = list.rows.column("last_active");
  std::vector<size_t> kept;
  for (size_t at = 0; at < list.order.size(); ++at) {
    const size_t row = list.order[at];
    if (request.min_games > 0 && !(list.rows.value(row, games) >= double(request.min_games))) continue;
    if (request.active_since != 0 && !(list.rows.value(row, active) >= double(request.active_since))) continue;
    if (!request.category.empty() && category_of(list.categories, list.rows.value(row, rating)) != request.category)
      continue;
    if (!request.search.empty() && !name_matches(list.players.name(list.rows.ids[row]), request.search)) continue;
    kept.push_back(at);
  }
  return kept;
}

}  // namespace

list_page page_of(const rating_list& list, const list_request& request) {
  const bool by_rank = request.sort == "rank", by_name = request.sort == "player";
  const int column = by_rank || by_name ? -1 : list.rows.column(request.sort);
  const bool shown = std::find(list.fields.begin(), list.fields.end(), request.sort) != list.fields.end() ||
                     request.sort == "games" || request.sort == "peak";
  if (!by_rank && !by_name && (column < 0 || !shown)) {
    std::string known = "rank, player";
    for (const auto& f : list.fields) known += ", " + f;
    throw bad_request("sort: expected one of " + known + ", games, peak");
  }
  check_category(list, request.category);
  list_page page;
  // The list's own order, unfiltered, is the usual request (the first page): it needs no copy of the list.
  const bool own_order = by_rank || (request.sort == "rating" && request.descending);
  const bool filtered = request.min_games > 0 || !request.search.empty() || !request.category.empty() ||
                        request.active_since != 0;
  if (own_order && !filtered) {
    page.total = int64_t(list.order.size());
    const auto first = std::min<int64_t>(page.total, (request.page - 1) * request.per_page);
    const auto last = std::min<int64_t>(page.total, first + request.per_page);
    const bool reversed = by_rank && request.descending;
    for (int64_t at = first; at < last; ++at) page.positions.push_back(size_t(reversed ? page.total - 1 - at : at));
    return page;
  }
  std::vector<size_t> kept = kept_positions(list, request);
  // A missing value (NaN) goes last either way; equal values keep the list's order.
  const auto key = [&](size_t at) { return list.rows.value(list.order[at], column); };
  if (by_name)
    std::stable_sort(kept.begin(), kept.end(), [&](size_t a, size_t b) {
      const auto& x = list.players.name(list.rows.ids[list.order[a]]);
      const auto& y = list.players.name(list.rows.ids[list.order[b]]);
      return request.descending ? y < x : x < y;
    });
  else if (!by_rank)
    std::stable_sort(kept.begin(), kept.end(), [&](size_t a, size_t b) {
      const double x = key(a), y = key(b);
      if (std::isnan(x) || std::isnan(y)) return !std::isnan(x) && std::isnan(y);
      return request.descending ? x > y : x < y;
    });
  else if (request.descending)
    std::reverse(kept.begin(), kept.end());
  page.total = int64_t(kept.size());
  const auto first = std::min<int64_t>(page.total, (request.page - 1) * request.per_page);
  const auto last = std::min<int64_t>(page.total, first + request.per_page);
  page.positions.assign(kept.begin() + first, kept.begin() + last);
  return page;
}

}  // namespace ratekit::serve
