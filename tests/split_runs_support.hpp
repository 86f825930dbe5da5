// A competition rated in one run, and in two runs through a history database,
// the second starting from the first's: a federation rating period after period
// must end where one run over all its periods ends, every state field carried.
#pragma once

#include "test_support.hpp"

#include <sstream>
#include <string>

namespace ratekit::testing {

struct one_and_two_runs {
  bool rated = false;
  std::string one_run, second_run;  // the ratings.csv each ends with
};

// `data`'s rows split where a row first begins with `second_from`; `model` the config's lines
// of model, input format and period.
inline one_and_two_runs rate_in_one_and_two_runs(const std::string& data, const std::string& second_from,
                                                 const std::string& model, const std::string& format) {
  const temp_dir dir;
  std::istringstream rows(read_text(source_path(data)));
  std::string header, row, first, second;
  std::getline(rows, header);
  while (std::getline(rows, row)) (!second.empty() || row.rfind(second_from, 0) == 0 ? second : first) += row + "\n";
  const auto rate = [&](const std::string& name, const std::string& games, const std::string& database, bool resumed) {
    write_text(dir / (name + ".csv"), header + "\n" + games);
    write_text(dir / (name + ".yaml"), "competition: c\n" + model + "input: { format: " + format + ", path: " + name +
                                           ".csv }\noutput: { database: " + database + " }\n" +
                                           (resumed ? "initial: { database: " + database + " }\n" : ""));
    return run_cli("-q run '" + (dir / (name + ".yaml")).string() + "' --out '" + (dir / name).string() + "'").status == 0;
  };
  one_and_two_runs r;
  r.rated = rate("all", first + second, "one.db", false) && rate("first", first, "two.db", false) &&
            rate("second", second, "two.db", true);
  if (r.rated) r.one_run = read_text(dir / "all" / "ratings.csv"), r.second_run = read_text(dir / "second" / "ratings.csv");
  return r;
}

}  // namespace ratekit::testing
