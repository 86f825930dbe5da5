#include "store/player_record_rows.hpp"

#include "store/row_numbers.hpp"

#include <ratekit/host/text/diagnostics.hpp>
#include <ratekit/host/text/format.hpp>

#include <nlohmann/json.hpp>

#include <cmath>
#include <string>

namespace ratekit::store {
namespace {

constexpr size_t most_numbers = 16;  // an item's, as ratekit/ext/player_records.h allows

[[noreturn]] void damaged(const database& db, const std::string& where, const std::string& why) {
  throw damaged_row(db, "table player_records, " + where + ": " + why);
}

// One row's numbers: a JSON array of 1 to 16 finite numbers.
std::vector<double> numbers_of(const database& db, std::string_view text, const std::string& where) {
  const nlohmann::json array = nlohmann::json::parse(text, nullptr, false);
  if (!array.is_array() || array.empty() || array.size() > most_numbers)
    damaged(db, where, "numbers '" + std::string(text.substr(0, 80)) + "' are not an array of 1 to 16 numbers");
  std::vector<double> out;
  for (const nlohmann::json& v : array) {
    if (!v.is_number() || !std::isfinite(v.get<double>()))
      damaged(db, where, "numbers '" + std::string(text.substr(0, 80)) + "' hold something other than a finite number");
    out.push_back(v.get<double>());
  }
  return out;
}

// A player a later run rated (another model's, as the run of the records' model
// after it would have used them up) holds that run's rating now: his items
// cannot count as they were kept, and leaving them aside would lose them unseen.
void refuse_owners_rated_since(database& db, const player_records& records, int64_t before_run) {
  statement s = db.prepare(
      "SELECT o.name, k.model, l.id, l.model FROM player_records r JOIN players o ON o.id = r.player_id "
      "JOIN runs k ON k.id = r.run_id JOIN runs l ON l.id = "
      "(SELECT max(t.run_id) FROM states t WHERE t.player_id = r.player_id AND t.run_id < ?2) "
      "WHERE r.run_id = ?1 AND l.id > ?1 ORDER BY r.seq LIMIT 1");
  s.bind(1, records.run).bind(2, before_run);
  if (!s.step()) return;
  const std::string later = "run " + std::to_string(s.integer(2)) + " (model '" + std::string(s.text(3)) + "')";
  throw user_error(db.file(), 0, 0,
                   "table player_records, run " + std::to_string(records.run) + ": model '" + std::string(s.text(1)) +
                       "' kept records of player '" + std::string(s.text(0)) + "' (kind '" + records.kind + "'); " +
                       later + " rated him since, so they cannot count as they were kept: nothing was rated. Rate " +
                       later + "'s games by '" + std::string(s.text(1)) +
                       "' again (--replace), or start from a ratings list (initial: { ratings: }), which carries no "
                       "records");
}

}  // namespace

player_records read_player_records(database& db, int64_t competition, int64_t before_run, player_table& players) {
  player_records records;
  records.source = db.file();
  if (!db.has_table("player_records")) return records;
  statement s = db.prepare(
      "SELECT r.run_id, r.kind, o.name, o.competition_id, n.name, n.competition_id, r.other_id, r.numbers "
      "FROM player_records r JOIN players o ON o.id = r.player_id LEFT JOIN players n ON n.id = r.other_id "
      "WHERE r.run_id = (SELECT max(k.id) FROM runs k WHERE k.competition_id = ?1 AND k.id < ?2 "
      "AND EXISTS (SELECT 1 FROM player_records h WHERE h.run_id = k.id) "
      "AND NOT EXISTS (SELECT 1 FROM runs l WHERE l.competition_id = ?1 AND l.model = k.model AND l.id > k.id "
      "AND l.id < ?2)) ORDER BY r.seq");
  s.bind(1, competition).bind(2, before_run);
  while (s.step()) {
    records.run = s.integer(0);
    const std::string where = "run " + std::to_string(records.run) + ", item " + std::to_string(records.size() + 1) +
                              " (player '" + std::string(s.text(2)) + "')";
    if (s.integer(3) != competition || (!s.is_null(6) && (s.is_null(4) || s.integer(5) != competition)))
      damaged(db, where, "names a player of another competition");
    if (records.owners.empty()) records.kind = s.text(1);
    if (s.text(1) != records.kind)
      damaged(db, where, "kind '" + std::string(s.text(1)) + "' among records of kind '" + records.kind + "'");
    const std::vector<double> numbers = numbers_of(db, s.text(7), where);
    if (records.owners.empty()) records.value_count = uint32_t(numbers.size());
    if (numbers.size() != records.value_count)
      damaged(db, where, std::to_string(numbers.size()) + " numbers where the run's other records hold " +
                             std::to_string(records.value_count));
    records.owners.push_back(players.intern(s.text(2)));
    records.others.push_back(s.is_null(6) ? -1 : players.intern(s.text(4)));
    records.values.insert(records.values.end(), numbers.begin(), numbers.end());
  }
  if (records.size() > 0) refuse_owners_rated_since(db, records, before_run);
  return records;
}

void write_player_records(database& db, int64_t run, const player_records& records,
                          const std::vector<int64_t>& player_ids) {
  statement s = db.prepare(
      "INSERT INTO player_records (run_id, seq, player_id, kind, other_id, numbers) VALUES (?1, ?2, ?3, ?4, ?5, ?6)");
  std::string numbers;
  for (size_t i = 0; i < records.size(); ++i) {
    numbers.assign(1, '[');
    for (uint32_t v = 0; v < records.value_count; ++v) {
      if (v > 0) numbers.push_back(',');
      append_number(numbers, records.values[i * records.value_count + v]);
    }
    numbers.push_back(']');
    s.bind(1, run).bind(2, int64_t(i)).bind(3, player_ids[size_t(records.owners[i])]);
    s.bind(4, std::string_view(records.kind)).bind(6, std::string_view(numbers));
    if (records.others[i] < 0) s.bind_null(5);
    else s.bind(5, player_ids[size_t(records.others[i])]);
    s.run();
  }
}

}  // namespace ratekit::store
