// codeforces-standings: raw Codeforces contest standings, one row per
// participant, `contest_id,handle,rank_lo,rank_hi`, the rows of a contest
// together. rank_lo..rank_hi is the tie block; the rank is rank_lo, so tied
// players share it. rank_hi is checked as a number only: the real data has
// blocks with rank_hi below rank_lo (contest 589). Contests have no round count.
#include <ratekit/host/text/escape.hpp>
#include "input/name_cache.hpp"
#include "input/text.hpp"

#include <array>
#include <cstdlib>
#include <unordered_map>

namespace ratekit {
namespace {

enum column { contest_id, handle, rank_lo, rank_hi };

constexpr std::array<text::column_spec, 4> columns{{
    {"contest_id", true}, {"handle", true}, {"rank_lo", true}, {"rank_hi", false},
}};

}  // namespace

void read_codeforces_standings(const std::filesystem::path& file, const reader_options& options, dataset& out) {
  text::csv_input in(file, options, columns, "the header contest_id,handle,rank_lo,rank_hi");
  // References by name, not a structured binding: clang 14 (the fuzzers' compiler)
  // cannot capture a binding in a lambda.
  auto& src = in.src;
  auto& problems = in.problems;
  auto& table = in.table;
  problems.throw_if_any();

  const size_t first_entry = out.entry_count();
  out.reserve_entries(table.estimated_rows());
  if (out.source.empty()) out.source = src.file();

  // First line of every contest read, negative for earlier files: a contest's rows must be together.
  std::unordered_map<int64_t, int> contest_lines;
  for (const auto& info : out.event_infos) {
    int64_t id = 0;
    if (text::parse_integer(info.name, id)) contest_lines.emplace(id, -info.line);
  }
  // Duplicate handles within a contest without a set per contest: the serial
  // of the last contest each player was seen in.
  std::vector<uint32_t> seen;
  text::name_cache ids(out.players);
  uint32_t serial = 0;
  int64_t current = -1;
  uint64_t begin = 0;
  int current_line = 0;
  size_t rows = 0;  // of the current contest, good or bad

  auto close_contest = [&] {
    if (current < 0) return;
    if (rows == 1)  // nobody to be compared with (a contest of bad rows has them named already)
      problems.add(current_line, 1,
                   "expected at least 2 participants in contest " + std::to_string(current) + ", got 1");
    out.add_event(rk_event{begin, out.entry_count(), nan_value}, event_info{std::to_string(current), 0, current_line, {}});
  };

  while (table.next_row()) {
    const int line = table.current().number;
    auto field = [&](column c) { return table.field(c); };

    int64_t id = 0;
    if (!text::parse_integer(field(contest_id), id) || id < 0) {
      table.bad(contest_id, "as a whole number >= 0");
      continue;
    }
    if (id != current) {
      close_contest();
      current = id;
      current_line = line;
      rows = 0;
      begin = out.entry_count();
      ++serial;
      const auto [it, fresh] = contest_lines.emplace(id, line);
      if (!fresh)
        problems.add(line, table.column(contest_id),
                     "expected the rows of each contest together, got contest " + std::to_string(id) +
                         " again (its rows began at line " + std::to_string(std::abs(it->second)) +
                         (it->second < 0 ? " of an earlier file)" : ")"));
    }
    ++rows;

    int64_t rank = 0, last = 0;
    bool ok = true;
    if (!text::parse_integer(field(rank_lo), rank) || rank < 1 || rank > INT32_MAX) {
      table.bad(rank_lo, "as a whole number >= 1");
      ok = false;
    }
    if (table.has(rank_hi) && (!text::parse_integer(field(rank_hi), last) || last < 1 || last > INT32_MAX)) {
      table.bad(rank_hi, "as a whole number >= 1");
      ok = false;
    }
    if (field(handle).empty() || has_control(field(handle))) {
      table.bad(handle, "as a handle without control characters");
      continue;
    }
    const int32_t player = ids.intern(field(handle));
    if (size_t(player) >= seen.size()) seen.resize(size_t(player) + 1, 0);
    if (seen[size_t(player)] == serial) {
      problems.add(line, table.column(handle),
                   "expected each handle once per contest, got " + text::quote(field(handle)) +
                       " twice in contest " + std::to_string(id));
      continue;
    }
    seen[size_t(player)] = serial;
    if (ok) out.entries.push_back(rk_entry{player, 0, double(rank)});
  }
  close_contest();
  if (problems.empty() && out.entry_count() == first_entry)
    problems.add(0, 0, "no contests: expected at least one row after the header");
  problems.throw_if_any();
}

}  // namespace ratekit
