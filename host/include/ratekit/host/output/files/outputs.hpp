// Stage output. In: a run_result. Out: the run's files (ratings, history,
// summary, reports, charts).
//
// What a run writes into its output directory. Every file is written to a
// temporary file beside it and renamed into place, so a crash never leaves
// half a file. Numbers use fixed formatting, so the same run gives the same bytes.
//
// ratings.csv  player,rating,<other state fields>,games,peak[,birth_year,federation,id]
//              sorted by rating, highest first (ties by name)
// history.csv  period,date,player,opponent,expected,score,k,change,rating_before,rating_after
//              one row per player per game (opponent = the opponent's name) or per
//              ranked event (opponent = the event's name, expected/score = expected/actual rank)
// summary.json model, plugin, params, counts, skipped events and metrics
#pragma once

#include <ratekit/host/text/escape.hpp>
#include <ratekit/host/text/format.hpp>

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ratekit {

// Builds one CSV row cell by cell; the line ends when the row goes out of scope.
class csv_row {
 public:
  explicit csv_row(std::string& out) : out_(out) {}
  ~csv_row() { out_ += '\n'; }
  csv_row& text(std::string_view s) {
    separate();
    append_csv_field(out_, s);
    return *this;
  }
  csv_row& number(double v) {
    separate();
    append_number(out_, v);
    return *this;
  }

 private:
  void separate() {
    if (!first_) out_ += ',';
    first_ = false;
  }
  std::string& out_;
  bool first_ = true;
};

// Writes `content` to `file` atomically (temporary file + rename).
void write_file_atomically(const std::filesystem::path& file, std::string_view content);

struct output_file {
  std::filesystem::path path;
  std::string_view content;
};

// Writes every file to a temporary beside it, then renames them into place in
// order: a killed run leaves each file old or new, and when the last one is new,
// all are. Temporaries that an earlier killed run left behind are removed.
void write_files_atomically(const std::vector<output_file>& files);

// The six letters and digits mkstemp and mkdtemp put in place of XXXXXX.
bool is_mktemp_suffix(std::string_view s);

// The temporary write_files_atomically makes for a file: `<file>.tmp-<pid>-XXXXXX`.
struct temporary_name {
  std::string_view file;  // the file it was to become
  long pid = 0;           // of the process that wrote it
};
// `name` read as such a temporary; nullopt for any other name.
std::optional<temporary_name> read_temporary_name(std::string_view name);

}  // namespace ratekit
