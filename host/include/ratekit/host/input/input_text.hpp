// A program's CSV text handed to a reader in the place of a file (the Python
// module's frames of team matches and ranked events): read by
// the file's own rules, so its problems are the file's, naming `name` with the
// line and column as they would the file's.
#pragma once

#include <ratekit/host/input/readers.hpp>

#include <string>
#include <string_view>

namespace ratekit {

struct input_text {
  std::string name;       // stands for the file in messages
  std::string_view text;  // UTF-8; the caller keeps it while it is read
};

// read_team_csv and read_standings_csv on a text in memory.
void read_team_csv_text(const input_text& in, const reader_options& options, dataset& out);
void read_standings_csv_text(const input_text& in, const reader_options& options, dataset& out);

}  // namespace ratekit
