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

void held_input::fill(dataset& out) const {
  // Every held player joins `out` first, in the held order, with the facts the input gave him: the order a
  // reader of this input interned them in, so ids and starting states are a run's.
  std::vector<int32_t> ids(size_t(data_.players.size()));
  for (int32_t held = 0; held < data_.players.size(); ++held) {
    const int32_t to = out.players.intern(data_.players.name(held));
    ids[size_t(held)] = to;
    const double declared = data_.players.declared_rating[size_t(held)];
    const double born = data_.players.birth_year[size_t(held)];
    if (!std::isnan(declared)) out.players.declared_rating[size_t(to)] = declared;
    if (!std::isnan(born)) out.players.birth_year[size_t(to)] = born;
  }
  auto id = [&](int32_t held) { return ids[size_t(held)]; };
  out.period_names = data_.period_names;
  out.season = data_.season;
  out.skipped_results = data_.skipped_results;
  out.facts.tags = data_.facts.tags;
  out.reserve_games(data_.games.size());
  const game_facts& f = data_.facts;
  for (size_t i = 0; i < data_.games.size(); ++i) {
    rk_game g = data_.games[i];
    g.a = id(g.a);
    g.b = id(g.b);
    if (out.keep_seeds && data_.seeds.size() == 2 * data_.games.size())
      out.seeds.insert(out.seeds.end(), {data_.seeds[2 * i], data_.seeds[2 * i + 1]});
    out.add_game(g, game_fact{f.date[i], f.period[i], f.week[i], f.home[i], f.tag[i], f.line[i]});
  }
  if (data_.events.empty()) return;
  out.reserve_entries(data_.entries.size());
  for (size_t e = 0; e < data_.events.size(); ++e) {
    const rk_event& held = data_.events[e];
    const uint64_t begin = out.entry_count();
    for (uint64_t k = held.begin; k < held.end; ++k) {
      rk_entry entry = data_.entries[k];
      entry.player = id(entry.player);
      out.entries.push_back(entry);
      if (!data_.weights.empty()) out.weights.push_back(data_.weights[k]);
    }
    out.add_event(rk_event{begin, out.entry_count(), held.rounds}, data_.event_infos[e]);
  }
}

}  // namespace ratekit
