// codeforces-standings: raw Codeforces contest standings, one row per
// participant, `contest_id,handle,rank_lo,rank_hi`, the rows of a contest
// together. rank_lo..rank_hi is the tie block; the rank is rank_lo, so tied
// players share it. rank_hi is checked as a number only: the real data has
// blocks with rank_hi below rank_lo (contest 589). Contests have no round count.
#include <ratekit/host/text/escape.hpp>
#include "input/group_members.hpp"
#include "input/name_cache.hpp"
#include "input/text.hpp"

#include <array>
#include <cstdlib>
#include <unordered_map>

namespace ratekit {
// Named for the file: its column names are bare enumerators, apart from other files' in a unity batch.
namespace codeforces_csv {
namespace {

enum column { contest_id, handle, rank_lo, rank_hi };

constexpr std::array<text::column_spec, 4> columns{{
    {"contest_id", true}, {"handle", true}, {"rank_lo", true}, {"rank_hi", false},
}};

// The rows, one at a time, into contests.
class contests_reader {
 public:
  contests_reader(text::csv_input& in, dataset& out) : in_(in), table_(in.table), out_(out), ids_(out.players) {
    // First line of every contest read, negative for earlier files: a contest's rows must be together.
    for (const auto& info : out.event_infos) {
      int64_t id = 0;
      if (text::parse_integer(info.name, id)) contest_lines_.emplace(id, -info.line);
    }
  }

  void read() {
    while (table_.next_row()) row();
    close_contest();
  }

 private:
  std::string_view field(column c) const { return table_.field(c); }

  void row() {
    int64_t id = 0;
    if (!text::parse_integer(field(contest_id), id) || id < 0) {
      table_.bad(contest_id, "as a whole number >= 0");
      return;
    }
    if (id != current_) start_contest(id);
    ++rows_;
    int64_t rank = 0, last = 0;
    bool ok = true;
    if (!text::parse_integer(field(rank_lo), rank) || rank < 1 || rank > INT32_MAX) {
      table_.bad(rank_lo, "as a whole number >= 1");
      ok = false;
    }
    if (table_.has(rank_hi) && (!text::parse_integer(field(rank_hi), last) || last < 1 || last > INT32_MAX)) {
      table_.bad(rank_hi, "as a whole number >= 1");
      ok = false;
    }
    if (field(handle).empty() || has_control(field(handle))) {
      table_.bad(handle, "as a handle without control characters");
      return;
    }
    const int32_t player = ids_.intern(field(handle));
    if (!members_.first(player, table_.current().number)) {
      in_.problems.add(table_.current().number, table_.column(handle),
                       "expected each handle once per contest, got " + text::quote(field(handle)) + " twice in contest " +
                           std::to_string(id));
      return;
    }
    if (ok) out_.entries.push_back(rk_entry{player, 0, double(rank)});
  }

  void start_contest(int64_t id) {
    const int line = table_.current().number;
    close_contest();
    current_ = id;
    current_line_ = line;
    rows_ = 0;
    begin_ = out_.entry_count();
    members_.next_group();
    const auto [it, fresh] = contest_lines_.emplace(id, line);
    if (!fresh)
      in_.problems.add(line, table_.column(contest_id),
                       "expected the rows of each contest together, got contest " + std::to_string(id) +
                           " again (its rows began at line " + std::to_string(std::abs(it->second)) +
                           (it->second < 0 ? " of an earlier file)" : ")"));
  }

  void close_contest() {
    if (current_ < 0) return;
    if (rows_ == 1)  // nobody to be compared with (a contest of bad rows has them named already)
      in_.problems.add(current_line_, 1, "expected at least 2 participants in contest " + std::to_string(current_) + ", got 1");
    out_.add_event(rk_event{begin_, out_.entry_count(), nan_value}, event_info{std::to_string(current_), 0, current_line_, {}});
  }

  text::csv_input& in_;
  text::csv_table& table_;
  dataset& out_;
  std::unordered_map<int64_t, int> contest_lines_;
  text::group_members members_;
  text::name_cache ids_;
  int64_t current_ = -1;
  uint64_t begin_ = 0;
  int current_line_ = 0;
  size_t rows_ = 0;  // of the current contest, good or bad
};

}  // namespace
}  // namespace codeforces_csv

void read_codeforces_standings(const std::filesystem::path& file, const reader_options& options, dataset& out) {
  text::csv_input in(file, options, codeforces_csv::columns, "the header contest_id,handle,rank_lo,rank_hi");
  text::read_table(in, out, true, "no contests", [&] { codeforces_csv::contests_reader(in, out).read(); });
}

}  // namespace ratekit
