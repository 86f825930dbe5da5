#include <ratekit/host/plugin/player_records.hpp>

#include "plugin/plugin_call.hpp"

#include <ratekit/host/text/diagnostics.hpp>
#include <ratekit/host/text/format.hpp>

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

namespace ratekit {
namespace {

constexpr uint32_t most_values = 16;  // numbers an item, as the extension's header says
constexpr size_t longest_kind = 64;

// A number for a message: NaN by name (format_number writes it empty, as files do).
std::string shown(double v) { return std::isnan(v) ? "NaN" : format_number(v); }

bool kind_char(char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-'; }

// Why item i cannot cross between the host and the plugin ("" when it can): its players within the state,
// its numbers finite.
std::string item_problem(const rk_player_records& r, uint64_t i, uint64_t players) {
  if (r.owners[i] < 0 || uint64_t(r.owners[i]) >= players)
    return "its player " + std::to_string(r.owners[i]) + " is none of the run's " + std::to_string(players);
  if (r.others[i] < -1 || (r.others[i] >= 0 && uint64_t(r.others[i]) >= players))
    return "the player it names, " + std::to_string(r.others[i]) + ", is none of the run's " + std::to_string(players);
  for (uint32_t v = 0; v < r.value_count; ++v)
    if (!std::isfinite(r.values[i * r.value_count + v]))
      return "its number " + std::to_string(v + 1) + " is " + shown(r.values[i * r.value_count + v]) +
             ", not a finite number";
  return "";
}

// The first item whose player holds more than `most` items, or -1.
int64_t first_over_length(const rk_player_records& r, uint64_t most, uint64_t players) {
  std::vector<uint64_t> count(players, 0);
  for (uint64_t i = 0; i < r.item_count; ++i)
    if (++count[size_t(r.owners[i])] > most) return int64_t(i);
  return -1;
}

rk_player_records view(const player_records& p) {
  return {sizeof(rk_player_records), p.value_count, p.size(), p.owners.data(), p.others.data(), p.values.data()};
}

// The user's message for item `item` of records read from a database.
user_error refused_item(const player_records& p, const player_table& players, size_t item, const std::string& why) {
  return user_error(p.source, 0, 0,
                    "table player_records, run " + std::to_string(p.run) + ", item " + std::to_string(item + 1) +
                        " (player '" + players.name(p.owners[item]) + "'): " + why + "; nothing was rated");
}

}  // namespace

const rk_ext_player_records* player_records_of(const plugin& p) {
  if (!p.entry().get_extension) return nullptr;
  return static_cast<const rk_ext_player_records*>(p.entry().get_extension(RK_EXT_PLAYER_RECORDS));
}

std::string player_records_problem(const rk_ext_player_records& x) {
  if (x.struct_size < sizeof(rk_ext_player_records)) return "player records extension with struct_size too small";
  if (!x.restore || !x.save) return "player records extension lacks restore or save";
  if (x.value_count < 1 || x.value_count > most_values) return "player records extension's value_count is not 1 to 16";
  if (x.max_items < 1) return "player records extension's max_items is 0";
  const size_t length = x.kind ? strnlen(x.kind, longest_kind + 1) : 0;
  if (length < 1 || length > longest_kind || !std::all_of(x.kind, x.kind + length, kind_char))
    return "player records extension's kind is not 1 to 64 characters of a-z, 0-9, '.', '_' and '-'";
  return "";
}

void restore_player_records(model& m, const rk_state& s, const player_records& records, const player_table& players) {
  if (records.size() == 0) return;
  const rk_ext_player_records* x = player_records_of(m.source());
  const std::string id(m.source().id()), run = "run " + std::to_string(records.run);
  if (!x) {
    spdlog::info("{}: the {} records '{}' of {} left aside: model '{}' keeps no records of its players",
                 records.source, records.size(), records.kind, run, id);
    return;
  }
  if (records.kind != x->kind)
    throw user_error(records.source, 0, 0,
                     "table player_records, " + run + ": records of kind '" + records.kind + "', not '" + x->kind +
                         "', the kind model '" + id + "' keeps: another model's records are never handed to it; "
                         "nothing was rated");
  if (records.value_count != x->value_count)
    throw refused_item(records, players, 0,
                       "holds " + std::to_string(records.value_count) + " numbers an item; a record of '" +
                           records.kind + "' holds " + std::to_string(x->value_count));
  const rk_player_records r = view(records);
  for (size_t i = 0; i < records.size(); ++i)
    if (const std::string why = item_problem(r, i, s.player_count); !why.empty()) throw refused_item(records, players, i, why);
  if (const int64_t over = first_over_length(r, x->max_items, s.player_count); over >= 0)
    throw refused_item(records, players, size_t(over),
                       "his record holds more than the " + std::to_string(x->max_items) + " items model '" + id +
                           "' keeps of a player");
  try {
    m.call([&](rk_instance instance, rk_error* e) { return x->restore(instance, &s, &r, e); });
  } catch (const plugin_error& e) {
    if (e.index() >= 0 && uint64_t(e.index()) < records.size())
      throw refused_item(records, players, size_t(e.index()), "refused by model '" + id + "': " + e.what());
    throw m.source().failure("restoring the records of " + run, e.what());
  }
}

player_records saved_player_records(model& m, uint64_t player_count) {
  player_records saved;
  const rk_ext_player_records* x = player_records_of(m.source());
  if (!x) return saved;
  rk_player_records r{};
  r.struct_size = sizeof r;
  try {
    m.call([&](rk_instance instance, rk_error* e) { return x->save(instance, &r, e); });
  } catch (const plugin_error& e) {
    throw m.source().failure("saving its records", e.what());
  }
  if (r.item_count > 0 && (!r.owners || !r.others || !r.values))
    throw m.source().failure("saving its records", "it gave no arrays for its " + std::to_string(r.item_count) + " items");
  if (r.value_count != x->value_count)
    throw m.source().failure("saving its records", "its items hold " + std::to_string(r.value_count) +
                                                       " numbers, its extension says " + std::to_string(x->value_count));
  for (uint64_t i = 0; i < r.item_count; ++i)
    if (const std::string why = item_problem(r, i, player_count); !why.empty())
      throw m.source().failure("saving its records", "item " + std::to_string(i + 1) + ": " + why);
  if (const int64_t over = first_over_length(r, x->max_items, player_count); over >= 0)
    throw m.source().failure("saving its records", "item " + std::to_string(over + 1) + ": its player holds more than " +
                                                       std::to_string(x->max_items) + " items");
  saved.kind = x->kind;
  saved.value_count = x->value_count;
  saved.owners.assign(r.owners, r.owners + r.item_count);
  saved.others.assign(r.others, r.others + r.item_count);
  saved.values.assign(r.values, r.values + r.item_count * r.value_count);
  return saved;
}

}  // namespace ratekit
