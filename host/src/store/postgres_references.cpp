// The foreign keys of rows a recording copies, checked set-based. Checked row
// by row, by the server's foreign key triggers, they are most of the server's
// time (docs/performance.md). A role that may set session_replication_role
// copies with the triggers skipped (postgres_copy.cpp), each COPY noting the
// ids it referred to, and before the commit one statement per table referred
// to locks those rows FOR KEY SHARE, as each trigger would have, and counts
// them: a row that is not there (deleted by another session meanwhile) refuses
// the commit. Every other statement keeps its triggers.
#include "store/postgres.hpp"

#include <ratekit/host/text/diagnostics.hpp>

#include <spdlog/spdlog.h>

#include <algorithm>
#include <map>
#include <vector>

namespace ratekit::store {

// The privilege asked first, rather than a refused SET failing the run's transaction.
void postgres_database::choose_reference_checks() {
  statement s = prepare(PQserverVersion(conn_) >= 150000
                            ? "SELECT quote_ident(current_user), has_parameter_privilege('session_replication_role', 'SET')"
                            : "SELECT quote_ident(current_user), rolsuper FROM pg_roles WHERE rolname = current_user");
  const bool found = s.step();
  skips_triggers_ = found && s.text(1) == "t";
  if (skips_triggers_) {
    spdlog::debug("{}: rows are copied with the foreign key triggers skipped, their references checked at the commit",
                  file());
    return;
  }
  spdlog::info(
      "{}: the server checks each recorded row's foreign keys one at a time, most of the recording's time; "
      "'GRANT SET ON PARAMETER session_replication_role TO {}' (PostgreSQL 15, run as a superuser) lets ratekit "
      "check them all at once before the commit (docs/history-database.md)",
      file(), found ? std::string(s.text(0)) : std::string(PQuser(conn_)));
}

unchecked_references& postgres_database::unchecked(const std::string& from, const std::string& table,
                                                   const std::string& column) {
  for (unchecked_references& r : unchecked_)
    if (r.from == from && r.table == table && r.column == column) return r;
  return unchecked_.emplace_back(unchecked_references{from, table, column, {}});
}

void postgres_database::forget_references() noexcept {
  for (unchecked_references& r : unchecked_) r.ids.clear();
}

void postgres_database::check_references() {
  // By the table referred to, in the order of its name: one statement each, the locks always taken in one order.
  std::map<std::pair<std::string, std::string>, std::vector<const unchecked_references*>> by_table;
  for (const unchecked_references& r : unchecked_)
    if (!r.ids.empty()) by_table[{r.table, r.column}].push_back(&r);
  for (const auto& [target, keys] : by_table) {
    const auto& [table, column] = target;
    std::vector<int64_t> ids;
    for (const unchecked_references* k : keys) ids.insert(ids.end(), k->ids.begin(), k->ids.end());
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    const std::string array = array_literal(ids);
    statement lock = prepare(("SELECT count(*) FROM (SELECT 1 FROM ONLY " + table + " WHERE " + column +
                              " = ANY(?1::bigint[]) FOR KEY SHARE) AS locked").c_str());
    lock.bind(1, std::string_view(array));
    if (lock.step() && lock.integer(0) == int64_t(ids.size())) continue;
    statement missing = prepare(("SELECT x FROM unnest(?1::bigint[]) AS x WHERE NOT EXISTS (SELECT 1 FROM ONLY " +
                                 table + " WHERE " + column + " = x) ORDER BY x LIMIT 1").c_str());
    missing.bind(1, std::string_view(array));
    const int64_t id = missing.step() ? missing.integer(0) : 0;
    const auto by = std::find_if(keys.begin(), keys.end(), [&](const unchecked_references* k) { return k->ids.count(id); });
    throw user_error(file(), 0, 0,
                     "rating database: " + (by == keys.end() ? keys[0]->from : (*by)->from) + " refers to " + table +
                         " " + column + " " + std::to_string(id) +
                         ", which is not there (another session deleted it while this run recorded?); nothing was "
                         "recorded");
  }
}

}  // namespace ratekit::store
