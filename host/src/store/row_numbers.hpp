// The numbers a row of the history database must hold, read alike by `ratekit history` and `ratekit serve`:
// damage (NULL where ratekit writes a number, text, a blob, an infinity, a count of no games) is refused,
// naming the table, the row and the column, never shown as a number.
#pragma once

#include "store/database.hpp"

#include <ratekit/host/input/ratings_list.hpp>
#include <ratekit/host/text/diagnostics.hpp>

#include <cstdint>
#include <string>
#include <string_view>

namespace ratekit::store {

// A row no ratekit wrote: "damaged rating database: " + `what` (where it lies, what was expected and found).
// The server tells a client the message alone (message()), without the file's name.
class damaged_row : public user_error {
 public:
  damaged_row(const database& db, const std::string& what);
  const std::string& message() const { return diagnostics().front().message; }
};

// Column `col` of `s`, a statement of `db`: a finite number, never NULL; `where` names the row and the column.
double required_number(const database& db, const statement& s, int col, const std::string& where);

// A value of the host's own (games, birth_year, peak, last_played, ...) checked as a ratings list's is; NaN passes.
void check_host_value(const database& db, const std::string& where, std::string_view field, double v);

// Column `col` of `s`: a count of games, a whole number from 0.
int64_t games_count(const database& db, const statement& s, int col, const std::string& where);

// Player `id`'s external id, federation and birth year: columns `first` to `first + 2` of `s`, a players row.
void read_player_facts(const database& db, const statement& s, int first, const std::string& player, player_table& players, int32_t id);

}  // namespace ratekit::store
