// A window's new players in one statement: looked up, the missing inserted in
// the order given (so their ids are the ones a row at a time gives), every id
// returned in that order.
#include "store/postgres.hpp"

#include <stdexcept>

namespace ratekit::store {

bool postgres_database::add_players(int64_t competition, const std::vector<std::string>& names,
                                    std::vector<int64_t>& ids) {
  statement s = prepare(
      "WITH given AS (SELECT name, n FROM unnest(?2::text[]) WITH ORDINALITY AS g (name, n)), "
      "added AS (INSERT INTO players (competition_id, name) SELECT ?1::bigint, name FROM given WHERE NOT EXISTS "
      "(SELECT 1 FROM players p WHERE p.competition_id = ?1 AND p.name = given.name) ORDER BY n RETURNING id, name) "
      "SELECT coalesce(p.id, a.id) FROM given LEFT JOIN players p ON p.competition_id = ?1 AND p.name = given.name "
      "LEFT JOIN added a ON a.name = given.name ORDER BY given.n");
  const std::string array = array_literal(names);
  s.bind(1, competition).bind(2, std::string_view(array));
  const size_t before = ids.size();
  while (s.step()) ids.push_back(s.integer(0));
  if (ids.size() != before + names.size()) throw std::logic_error("add_players: an id for each name");
  return true;
}

}  // namespace ratekit::store
