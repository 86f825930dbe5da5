#include <ratekit/host/input/dataset.hpp>
#include <ratekit/host/text/diagnostics.hpp>

#include "input/open_addressing.hpp"

#include <algorithm>
#include <limits>

namespace ratekit {

int32_t player_table::intern(std::string_view name) {
  index_rest();
  const uint32_t h = hash(name);
  const size_t at = probe(name, h);
  if (slots_[at].id >= 0) return slots_[at].id;
  const int32_t id = add_new(name);
  index_next(at, h);
  return id;
}

int32_t player_table::find(std::string_view name) const {
  index_rest();
  return slots_[probe(name, hash(name))].id;
}

int32_t player_table::add_new(std::string_view name) {
  const auto id = int32_t(names_.size());
  names_.emplace_back(name);
  birth_year.push_back(nan_value);
  declared_rating.push_back(nan_value);
  return id;
}

void player_table::index_rest() const {
  while (indexed_ < names_.size()) {
    const std::string& name = names_[indexed_];
    const uint32_t h = hash(name);
    index_next(probe(name, h), h);
  }
}

void player_table::index_next(size_t at, uint32_t h) const {
  slots_[at] = {h, int32_t(indexed_)};
  if (++indexed_ * 2 > slots_.size()) double_slots(slots_);  // at most half full
}

size_t player_table::probe(std::string_view name, uint32_t h) const {
  const size_t mask = slots_.size() - 1;
  for (size_t i = h & mask;; i = (i + 1) & mask) {
    const slot& s = slots_[i];
    if (s.id < 0 || (s.hash == h && names_[size_t(s.id)] == name)) return i;
  }
}

uint16_t game_facts::intern_tag(std::string_view t) {
  // Games come in runs of one tag (a tournament, a season): try the last one first.
  if (tags[last_tag_] == t) return last_tag_;
  for (size_t i = tags.size(); i-- > 0;)
    if (tags[i] == t) return last_tag_ = uint16_t(i);
  if (tags.size() > std::numeric_limits<uint16_t>::max())
    throw user_error("expected at most 65535 distinct tags, got more");
  tags.emplace_back(t);
  return last_tag_ = uint16_t(tags.size() - 1);
}

void game_facts::clear() {
  date.clear();
  period.clear();
  week.clear();
  home.clear();
  tag.clear();
  line.clear();
}

void game_facts::reserve(size_t n) {
  for (auto* v : {&date, &period, &line}) v->reserve(n);
  week.reserve(n);
  home.reserve(n);
  tag.reserve(n);
}

void game_facts::append(const game_facts& from, size_t begin, size_t end) {
  auto add = [&](auto& to, const auto& v) { to.insert(to.end(), v.begin() + long(begin), v.begin() + long(end)); };
  add(date, from.date);
  add(period, from.period);
  add(week, from.week);
  add(home, from.home);
  add(tag, from.tag);
  add(line, from.line);
}

void game_facts::reorder(const std::vector<uint32_t>& order) {
  auto apply = [&](auto& v) {
    std::remove_reference_t<decltype(v)> moved(order.size());
    for (size_t i = 0; i < order.size(); ++i) moved[i] = v[order[i]];
    v.swap(moved);
  };
  apply(date);
  apply(period);
  apply(week);
  apply(home);
  apply(tag);
  apply(line);
}

void game_facts::swap_columns(game_facts& other) noexcept {
  date.swap(other.date);
  period.swap(other.period);
  week.swap(other.week);
  home.swap(other.home);
  tag.swap(other.tag);
  line.swap(other.line);
}

void dataset::stream_to(game_sink sink, size_t piece) {
  sink_ = std::move(sink);
  piece_ = piece;
}

void dataset::flush() {
  if (!sink_ || (games.empty() && events.empty())) return;
  const size_t n = games.size(), m = entries.size();
  sink_(*this);
  handed_over_ += n;
  entries_handed_ += m;
}

void dataset::reserve_games(size_t rows) {
  const size_t n = games.size() + (piece_ ? std::min(rows, piece_) : rows);
  games.reserve(n);
  facts.reserve(n);
}

void dataset::reserve_entries(size_t rows) {
  expected_entries_ = entry_count() + rows;
  entries.reserve(entries.size() + (piece_ ? std::min(rows, piece_) : rows));
}

}  // namespace ratekit
