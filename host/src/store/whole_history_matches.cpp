// A competition's recorded team matches of whole-history runs (table whole_history_entries, an entry a row),
// read back into the history the next run fits.
#include "store/whole_history_rows.hpp"

#include "input/dates.hpp"
#include "store/row_numbers.hpp"

#include <ratekit/host/text/diagnostics.hpp>
#include <ratekit/host/text/format.hpp>

#include <algorithm>
#include <cmath>

namespace ratekit::store {
namespace {

// The columns of a recorded entry.
enum recorded_entry_column { entry_run, entry_seq, entry_order, entry_match, entry_date, entry_player, entry_team, entry_rank,
                              entry_weight, entry_warm };

[[noreturn]] void refuse_damaged_entry(const database& db, int64_t run, int64_t seq, const std::string& what,
                                const std::string& expected, const std::string& found) {
  throw damaged_row(db, "table whole_history_entries, run " + std::to_string(run) + ", match " + std::to_string(seq) +
                            ", " + what + ": expected " + expected + ", found " + found);
}

// One stored entry, checked as the team-csv reader checks a row: a real date, a rank in (0, 1e15), a share in (0, 1].
void check_recorded_entry(const database& db, const statement& s, int64_t run, int64_t seq) {
  const int64_t date = s.integer(entry_date);
  int32_t parsed = 0;
  if (date <= 0 || date > 99991231 || !text::parse_date_as(date_layout::iso, iso_date(int32_t(date)), parsed) ||
      parsed != date)
    refuse_damaged_entry(db, run, seq, "date", "a date as the number yyyymmdd", std::to_string(date));
  const double weight = s.number(entry_weight);
  if (!(weight > 0 && weight <= 1)) refuse_damaged_entry(db, run, seq, "weight", "a share in (0, 1]", format_number(weight));
  const double rank = s.number(entry_rank);
  if (!(rank > 0 && rank < 1e15)) refuse_damaged_entry(db, run, seq, "rank", "a positive number below 1e15", format_number(rank));
}

// The entry's team number in `info` (its teams by name, in the order they first appear in the match).
uint32_t team_number_in_match(event_info& info, std::string_view team) {
  const auto found = std::find(info.teams.begin(), info.teams.end(), team);
  if (found != info.teams.end()) return uint32_t(found - info.teams.begin());
  info.teams.emplace_back(team);
  return uint32_t(info.teams.size() - 1);
}

}  // namespace

bool read_recorded_matches(database& db, int64_t competition, const std::vector<int64_t>& without,
                           recorded_games& out) {
  if (!db.has_table("whole_history_entries")) return true;
  statement s = db.prepare(
      "SELECT e.run_id, e.seq, e.entry, e.match_name, e.date, p.name, e.team, e.rank, e.weight, e.warm "
      "FROM whole_history_entries e JOIN runs r ON r.id = e.run_id JOIN players p ON p.id = e.player_id "
      "WHERE r.competition_id = ?1 ORDER BY e.run_id, e.seq, e.entry");
  s.bind(1, competition);
  dataset& d = out.data;
  bool warm = true;
  int64_t open_run = -1, open_seq = -1;
  event_info info;
  const auto close = [&] {
    if (open_run < 0) return;
    d.add_event({d.events.empty() ? 0 : d.events.back().end, d.entries.size(), NAN}, std::move(info));
    out.run_of.push_back(open_run);
    info = {};
  };
  while (s.step()) {
    const int64_t run = s.integer(entry_run), seq = s.integer(entry_seq);
    if (std::find(without.begin(), without.end(), run) != without.end()) continue;
    check_recorded_entry(db, s, run, seq);
    if (run != open_run || seq != open_seq) {
      close();
      open_run = run, open_seq = seq;
      info.name = s.text(entry_match), info.date = int32_t(s.integer(entry_date));
    }
    const int32_t player = d.players.intern(s.text(entry_player));
    d.entries.push_back({player, team_number_in_match(info, s.text(entry_team)), s.number(entry_rank)});
    d.weights.push_back(s.number(entry_weight));
    if (s.is_null(entry_warm) || !read_warm_text(s.text(entry_warm), out.warm_state)) {
      if (!s.is_null(entry_warm)) {
        std::string found(s.text(entry_warm));
        refuse_damaged_entry(db, run, seq, "warm", "numbers and commas", found.insert(0, 1, '\'').append(1, '\''));
      }
      warm = false;
    }
  }
  close();
  return warm;
}

}  // namespace ratekit::store
