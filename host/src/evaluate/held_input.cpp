#include <ratekit/host/evaluate/held_input.hpp>
#include <ratekit/host/input/readers.hpp>
#include <ratekit/host/text/diagnostics.hpp>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace ratekit {

namespace {

// input.sort: the held games in the order a run rates them (a stable sort by date), so a game's index in
// every pass is its index here. An undated game is left where it is: the pass refuses it.
void sort_by_date(dataset& d) {
  const std::vector<int32_t>& date = d.facts.date;
  if (std::find(date.begin(), date.end(), 0) != date.end()) return;
  std::vector<uint32_t> order(d.games.size());
  std::iota(order.begin(), order.end(), 0u);
  std::stable_sort(order.begin(), order.end(), [&](uint32_t x, uint32_t y) { return date[x] < date[y]; });
  std::vector<rk_game> games(order.size());
  std::vector<double> seeds(d.seeds.size());
  for (size_t i = 0; i < order.size(); ++i) {
    games[i] = d.games[order[i]];
    if (!seeds.empty()) seeds[2 * i] = d.seeds[2 * order[i]], seeds[2 * i + 1] = d.seeds[2 * order[i] + 1];
  }
  d.games.swap(games);
  d.seeds.swap(seeds);
  d.facts.reorder(order);
}

bool same_reading(const reader_options& a, const reader_options& b) {
  return a.encoding == b.encoding && a.columns == b.columns && a.dates == b.dates &&
         a.skip_results == b.skip_results && a.home_side == b.home_side && a.sort_by_date == b.sort_by_date;
}

std::string files_of(const competition_config& c) {
  std::string names;
  for (const auto& p : c.input_paths) names += (names.empty() ? "" : ", ") + p.string();
  return names;
}

// Every held player joins `out` first, in the held order, with the facts the input gave him (the rating it
// declares, his year of birth): the order a reader of this input interned them in, so ids and starting states
// are a run's. Returns each held player's id in `out`; empty when they are the same.
std::vector<int32_t> join_players(const player_table& held, player_table& out) {
  if (out.size() == 0) {  // the table as it is, index and all (a run from no list)
    out = held;
    out.federation = {}, out.external_id = {};
    return {};
  }
  std::vector<int32_t> ids(size_t(held.size()));
  for (int32_t p = 0; p < held.size(); ++p) {
    const int32_t to = ids[size_t(p)] = out.intern(held.name(p));
    const double declared = held.declared_rating[size_t(p)], born = held.birth_year[size_t(p)];
    if (!std::isnan(declared)) out.declared_rating[size_t(to)] = declared;
    if (!std::isnan(born)) out.birth_year[size_t(to)] = born;
  }
  return ids;
}

}  // namespace

held_input::held_input(const competition_config& config, const input_rows* rows) {
  const reader_entry* reader = find_reader(config.input_format);
  if (!reader) throw user_error(config.file.string(), 0, 0, "unknown input format '" + config.input_format + "'");
  data_.keep_seeds = config.input_options.sort_by_date;
  if (rows) {
    data_.source = config.input_paths.front().string();
    rows->fill(data_);
  } else {
    for (const auto& path : config.input_paths) {
      if (data_.source.empty()) data_.source = path.string();
      reader->read(path, config.input_options, data_);
    }
  }
  if (config.input_options.sort_by_date) sort_by_date(data_);
}

void check_same_input(const competition_config& first, const competition_config& other) {
  const bool same = other.input_format == first.input_format && other.input_paths == first.input_paths &&
                    same_reading(other.input_options, first.input_options);
  if (!same)
    throw other.error_at("input", "compare rates every config on the same games, but this config reads " +
                                      other.input_format + " from " + files_of(other) + " and " +
                                      first.file.filename().string() + " reads " + first.input_format +
                                      " from " + files_of(first) +
                                      " (or the same files with other input options); give the same input, or "
                                      "--input FILE to rate every config on FILE");
}

void held_input::fill(dataset& out, size_t games) const {
  const std::vector<int32_t> ids = join_players(data_.players, out.players);
  const bool same_ids = ids.empty();
  out.period_names = data_.period_names;
  out.season = data_.season;
  out.skipped_results = data_.skipped_results;
  out.facts.tags = data_.facts.tags;
  // The games go over a piece at a time, copied whole (a rating pass's cost is its rating, not this copy).
  games = std::min(games, data_.games.size());
  out.reserve_games(games);
  const bool seeds = out.keep_seeds && data_.seeds.size() == 2 * data_.games.size();
  for (size_t begin = 0; begin < games; begin += piece_games) {
    const size_t end = std::min(games, begin + piece_games), at = out.games.size();
    out.games.insert(out.games.end(), data_.games.begin() + long(begin), data_.games.begin() + long(end));
    for (size_t i = at; !same_ids && i < out.games.size(); ++i) {
      out.games[i].a = ids[size_t(out.games[i].a)];
      out.games[i].b = ids[size_t(out.games[i].b)];
    }
    out.facts.append(data_.facts, begin, end);
    if (seeds)
      out.seeds.insert(out.seeds.end(), data_.seeds.begin() + long(2 * begin), data_.seeds.begin() + long(2 * end));
    out.flush();
  }
  if (data_.events.empty()) return;
  out.reserve_entries(data_.entries.size());
  for (size_t e = 0; e < data_.events.size(); ++e) {
    const rk_event& held = data_.events[e];
    const uint64_t begin = out.entry_count();
    for (uint64_t k = held.begin; k < held.end; ++k) {
      rk_entry entry = data_.entries[k];
      if (!same_ids) entry.player = ids[size_t(entry.player)];
      out.entries.push_back(entry);
      if (!data_.weights.empty()) out.weights.push_back(data_.weights[k]);
    }
    out.add_event(rk_event{begin, out.entry_count(), held.rounds}, data_.event_infos[e]);
  }
}

}  // namespace ratekit
