// The months of a club recorded run by run, then January corrected with
// --replace, into `database` (a file name in a folder of the test's, or a
// PostgreSQL URI); after each run the list kept in table standings is checked
// against the whole history and the run's ratings.csv, through one server.
// `fresh_database`: where the corrected months are recorded anew to compare.
#pragma once

#include <string>

namespace ratekit::testing {

void check_months(const std::string& database, const std::string& fresh_database);

}  // namespace ratekit::testing
