#include "recording/standings_rows.hpp"

#include "store/row_batch.hpp"
#include "store/standings.hpp"
#include "store/state_object.hpp"

#include <algorithm>
#include <unordered_map>

namespace ratekit::db_rows {
namespace {

using store::statement;

struct standing {
  int64_t player = 0;
  int64_t last_active = 0;
  std::string state;
};

bool has_other_runs(store::database& db, int64_t competition, int64_t run) {
  statement s = db.prepare("SELECT 1 FROM runs WHERE competition_id = ?1 AND id <> ?2 LIMIT 1");
  s.bind(1, competition).bind(2, run);
  return s.step();
}

// The competition's rows as they are, by player id.
std::unordered_map<int64_t, standing> rows_of(store::database& db, int64_t competition) {
  statement s = db.prepare("SELECT player_id, last_active, state FROM standings WHERE competition_id = ?1");
  s.bind(1, competition);
  std::unordered_map<int64_t, standing> rows;
  while (s.step()) rows.emplace(s.integer(0), standing{s.integer(0), s.integer(1), std::string(s.text(2))});
  return rows;
}

}  // namespace

void record_standings(store::database& db, int64_t competition, int64_t run, const state_fields& fields,
                      const std::vector<int64_t>& player_ids, const std::vector<int64_t>& last_periods,
                      const period_rows& periods) {
  std::unordered_map<int64_t, standing> rows = rows_of(db, competition);
  if (rows.empty() && has_other_runs(db, competition, run)) return store::rebuild_standings(db, competition);
  store::state_object object(fields.names());
  std::vector<double> values(fields.names().size());
  for (size_t p = 0; p < player_ids.size(); ++p) {
    standing& row = rows[player_ids[p]];
    row.player = player_ids[p];
    const int64_t last = p < last_periods.size() ? last_periods[p] : 0;
    if (last != 0) row.last_active = std::max<int64_t>(row.last_active, periods.date_of(last));
    fields.values(p, values.data());
    row.state = object.write(values.data());
  }
  std::vector<standing*> ordered;  // by player: rows go in at the end of the key
  for (auto& [id, row] : rows) ordered.push_back(&row);
  std::sort(ordered.begin(), ordered.end(), [](const standing* a, const standing* b) { return a->player < b->player; });
  statement clear = db.prepare("DELETE FROM standings WHERE competition_id = ?1");
  clear.bind(1, competition).run();
  store::row_batch insert(db, "INSERT INTO standings (competition_id, player_id, last_active, state)", 4);
  for (const standing* row : ordered)
    insert.bind(1, competition).bind(2, row->player).bind(3, row->last_active).bind(4, std::string_view(row->state)).run();
  insert.flush();
}

}  // namespace ratekit::db_rows
