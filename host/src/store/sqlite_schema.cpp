#include "store/schema_tables.hpp"
#include "store/schema_steps.hpp"
#include "store/sqlite.hpp"

#include "store/state_object.hpp"

#include <ratekit/host/text/diagnostics.hpp>

#include <iterator>
#include <string>
#include <string_view>
#include <vector>

namespace ratekit::store {
namespace {


std::string create(const table& t, const std::string& name) {
  return "CREATE TABLE " + name + " (" + t.columns + ") " + t.options + ";";
}

int version_of(database& db) {
  statement s = db.prepare("PRAGMA user_version");
  return s.step() ? int(s.integer(0)) : 0;
}

bool is_empty(database& db) {
  statement s = db.prepare("SELECT count(*) FROM sqlite_master");
  return s.step() && s.integer(0) == 0;
}

// Layout 4's ratings with the state of each row, built from its period_states
// rows (layouts 3 and 4) the way state_object writes it; NULL where it has none.
std::string ratings_with_state(sqlite_database& db) {
  if (!db.has_table("period_states")) return "SELECT *, NULL FROM ratings";
  add_number_text_function(db);
  return "SELECT r.*, (SELECT CASE WHEN count(*) > 0 THEN json_group_object(s.field, json(number_text(s.value))) END "
         "FROM period_states s WHERE s.period_id = r.period_id AND s.player_id = r.player_id) FROM ratings r";
}

void set_version(database& db) { db.exec(("PRAGMA user_version = " + std::to_string(schema_version)).c_str()); }

}  // namespace

void sqlite_database::check_schema() {
  database& db = *this;
  const int version = version_of(db);
  if (version >= 1 && version <= schema_version) return;
  if (version == 0 && !db.prepare("SELECT 1 FROM sqlite_master").step())
    throw user_error(db.file(), 0, 0,
                     "the rating database is empty: no run has recorded into it (a first run that failed or was "
                     "killed leaves it so); a run with output.database naming it records the first");
  throw user_error(db.file(), 0, 0,
                   version == 0 ? "not a ratekit rating database"
                                : "rating database of layout " + std::to_string(version) + "; this ratekit reads layout " +
                                      std::to_string(schema_version) + " and older");
}

bool sqlite_database::has_table(const char* name) {
  database& db = *this;
  statement s = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?1");
  s.bind(1, std::string_view(name));
  return s.step();
}

bool sqlite_database::has_column(const char* table, const char* column) {
  database& db = *this;
  statement s = db.prepare("SELECT 1 FROM pragma_table_info(?1) WHERE name = ?2");
  s.bind(1, std::string_view(table)).bind(2, std::string_view(column));
  return s.step();
}

namespace {

// Drops table `name`'s indexes and returns the SQL that builds each again as the database declares it (a
// layout's, or one a federation added), with the small cache the sort wants, or "" when it has none.
std::string drop_indexes(database& db, const char* name) {
  statement s = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ?1 AND sql IS NOT NULL");
  s.bind(1, std::string_view(name));
  std::vector<std::string> indexes;
  std::string build;
  while (s.step()) {
    indexes.emplace_back(s.text(0));
    build += std::string(s.text(1)) + ";";
  }
  for (const std::string& index : indexes) db.exec(("DROP INDEX \"" + index + "\"").c_str());
  return build.empty() ? "" : index_build_cache + build + recording_cache;
}

bool has_indexes(database& db, const char* name) {
  statement s = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'index' AND tbl_name = ?1 AND sql IS NOT NULL");
  s.bind(1, std::string_view(name));
  return s.step();
}

// Read through an index while the table has one; without, a scan of the table itself.
int64_t rows_in_table(database& db, const char* name) {
  statement s = db.prepare(("SELECT count(*) FROM " + std::string(name)).c_str());
  return s.step() ? s.integer(0) : 0;
}

}  // namespace

std::string sqlite_database::defer_indexes(const char* name) {
  database& db = *this;
  const bool empty = !db.prepare(("SELECT 1 FROM " + std::string(name) + " LIMIT 1").c_str()).step();
  return empty ? drop_indexes(db, name) : "";
}

// Kept up row by row, an index by player costs a page out of the cache per row once it outgrows the
// cache; built at the end, a sort of the whole table. On 2e6 games a run that adds as many rows as the
// file held costs 29 s of CPU the one way and 6 s the other (docs/performance.md): a run that grows past a
// tenth of the rows held rebuilds, a monthly run keeps them up.
std::string sqlite_database::rebuild_indexes_after(int64_t rows_added) {
  database& db = *this;
  if (!has_indexes(db, "games") && !has_indexes(db, "entries")) return "";  // none kept up: built at the end already
  const int64_t held = rows_in_table(db, "games") + rows_in_table(db, "entries") - rows_added;  // before the run
  if (rows_added * 10 < held) return "";
  return drop_indexes(db, "ratings") + drop_indexes(db, "games") + drop_indexes(db, "entries");
}

void sqlite_database::create_table(const table& t) {
  exec(("CREATE TABLE IF NOT EXISTS " + std::string(t.name) + " (" + t.columns + ") " + t.options + ";" + t.indexes).c_str());
}

void sqlite_database::upgrade_schema() {
  sqlite_database& db = *this;
  const int version = version_of(db);
  if (version < 1 || version >= schema_version) return;
  // A table changed since the file's layout goes through SQLite's procedure for
  // changing a table: new table, copy, drop (its indexes with it), rename, then
  // its indexes, with foreign keys off (they cannot be switched inside a
  // transaction). Tables of later layouts are only created.
  db.exec("PRAGMA foreign_keys = OFF");
  try {
    transaction tx(db);
    for (const table& t : schema_tables) {
      const std::string name = t.name, copy = std::string("new_") + t.name;
      if (t.since > version) {
        db.exec((create(t, name) + t.indexes).c_str());
        continue;
      }
      if (t.changed <= version) continue;
      const std::string fill = name == "runs" && version < 2      ? "SELECT *, NULL FROM runs"
                               : name == "ratings" && version < 5 ? ratings_with_state(db)
                               : name == "entries" && version < 6 ? "SELECT *, NULL FROM entries"
                                                                  : "SELECT * FROM " + name;
      db.exec((create(t, copy) + "INSERT INTO " + copy + " " + fill + ";DROP TABLE " + name + ";ALTER TABLE " + copy +
               " RENAME TO " + name + ";" + t.indexes)
                  .c_str());
    }
    db.exec("DROP TABLE IF EXISTS period_states");
    set_version(db);
    tx.commit();
  } catch (...) {
    db.exec("PRAGMA foreign_keys = ON");
    throw;
  }
  db.exec("PRAGMA foreign_keys = ON");
}

void sqlite_database::ensure_schema() {
  database& db = *this;
  if (version_of(db) == 0 && is_empty(db)) {
    for (const table& t : schema_tables) db.exec((create(t, t.name) + t.indexes).c_str());
    set_version(db);
  }
  check_schema();  // refuses other files; older layouts were upgraded before the run's transaction
  ensure_step(db, serve_step);
}

}  // namespace ratekit::store
