// team-csv: team and multiplayer matches in long form, one row per player per
// match (match, date, team, player, rank, optional weight), the rows of a
// match together; columns found by header name, or by the names
// `input.columns` maps them to. A team of one player is a free-for-all's side.
#include <ratekit/host/text/escape.hpp>
#include <ratekit/host/text/format.hpp>
#include "input/group_members.hpp"
#include "input/name_cache.hpp"
#include "input/text.hpp"

#include <utility>

namespace ratekit {

const std::array<std::string_view, 6> team_csv_columns{"match", "date", "team", "player", "rank", "weight"};

// Named for the file: its column names are bare enumerators, apart from other files' in a unity batch.
namespace team_csv {
namespace {

enum column { match, date, team, player, rank, weight };

std::array<text::column_spec, 6> header_spec(const reader_options& options) {
  std::array<text::column_spec, 6> spec;
  for (size_t c = 0; c < spec.size(); ++c) spec[c] = {team_csv_columns[c], c != weight};
  return text::mapped(spec, team_csv_columns, options);
}

struct member {
  uint32_t team;  // by first appearance in the match
  int32_t player;
  double weight;
};

// The match being read; its vectors keep their room from match to match.
struct open_match {
  std::string name, date_text;
  int line = 0;
  int32_t date = 0;
  bool had_problems = false;
  std::vector<std::string> teams;
  std::vector<double> ranks;       // per team
  std::vector<int> rank_lines;     // the line that gave each team its rank
  std::vector<member> members;
  std::vector<size_t> team_starts;  // where each team's players go in the entries

  // The team's index, teams.size() for a team not met yet in this match.
  uint32_t find_team(std::string_view t) const {
    uint32_t i = 0;
    while (i < teams.size() && teams[i] != t) ++i;
    return i;
  }
};

// Hands a complete match over: its players grouped by team, in the order the teams appeared.
void close_match(open_match& m, text::problem_list& problems, dataset& out) {
  if (m.line == 0) return;
  if (m.teams.size() < 2 && !m.had_problems)
    problems.add(m.line, 1, "expected at least 2 teams in match " + text::quote(m.name) + ", got " +
                                std::to_string(m.teams.size()) + " (" + text::quote(m.teams.empty() ? "" : m.teams[0]) + ")");
  if (m.had_problems || m.teams.size() < 2) return;
  // A counting sort by team, stable: no allocation per match.
  m.team_starts.assign(m.teams.size(), 0);
  for (const member& x : m.members) ++m.team_starts[x.team];
  const size_t held = out.entries.size();  // the entries not handed to a sink yet
  for (size_t t = 0, at = held; t < m.teams.size(); ++t) at += std::exchange(m.team_starts[t], at);
  const uint64_t begin = out.entry_count();
  out.entries.resize(held + m.members.size());
  out.weights.resize(held + m.members.size());
  for (const member& x : m.members) {
    const size_t at = m.team_starts[x.team]++;
    out.entries[at] = rk_entry{x.player, x.team, m.ranks[x.team]};
    out.weights[at] = x.weight;
  }
  out.add_event(rk_event{begin, out.entry_count(), nan_value}, event_info{m.name, m.date, m.line, m.teams});
}

// The rows, one at a time, into matches.
class matches_reader {
 public:
  matches_reader(text::csv_input& in, const reader_options& options, dataset& out)
      : in_(in), table_(in.table), options_(options), out_(out), ids_(out.players) {}

  void read() {
    while (table_.next_row()) {
      ids_.prefetch(table_.peek(player));  // the next row's name slot loads while this row is parsed
      row();
    }
    close_match(m_, in_.problems, out_);
  }

 private:
  std::string_view field(column c) const { return table_.field(c); }
  void bad(column c, std::string_view expected) {
    table_.bad(c, expected);
    m_.had_problems = true;
  }
  void report(column c, std::string message) {
    in_.problems.add(table_.current().number, table_.column(c), std::move(message));
    m_.had_problems = true;
  }

  void row() {
    if (m_.line == 0 || field(match) != m_.name) {
      if (field(match).empty() || has_control(field(match))) {  // a name met before passed already
        bad(match, "as a match name without control characters");
        return;
      }
      start_match();
    } else if (field(date) != m_.date_text) {
      bad(date, "as " + text::quote(m_.date_text) + " like the match's first row");
    }
    double place = 0, share = 1;
    const bool ranked = text::parse_number(field(rank), place) && place > 0 && place < 1e15;
    if (!ranked) bad(rank, "as a positive number below 1e15 (1 is best, equal ranks tie)");
    if (table_.has(weight) && !field(weight).empty() &&
        !(text::parse_number(field(weight), share) && share > 0 && share <= 1)) {
      bad(weight, "as a share of the match in (0, 1], or empty for 1");
      return;
    }
    const uint32_t t = m_.find_team(field(team));
    const bool new_team = t == m_.teams.size();  // a team met before passed the check already
    if (new_team && (field(team).empty() || has_control(field(team)))) {
      bad(team, "as a team name without control characters");
      return;
    }
    const int32_t id = field(player).empty() ? -1 : ids_.intern(field(player));  // -1 also for a control character
    if (id < 0) {
      bad(player, "as a player name without control characters");
      return;
    }
    team_rank(t, new_team, ranked, place);
    if (!members_.first(id, table_.current().number)) {
      report(player, "expected each player once per match, got " + text::quote(field(player)) + " again in match " +
                         text::quote(m_.name) + " (first at line " + std::to_string(members_.line(id)) + ")");
      return;
    }
    m_.members.push_back(member{t, id, share});
  }

  // A new team takes the row's rank; a team met before must have it again.
  void team_rank(uint32_t t, bool new_team, bool ranked, double place) {
    if (new_team) {
      m_.teams.emplace_back(field(team)), m_.ranks.push_back(place), m_.rank_lines.push_back(table_.current().number);
    } else if (ranked && m_.ranks[t] != place) {
      report(rank, "expected rank " + text::quote(format_number(m_.ranks[t])) + " for team " + text::quote(field(team)) +
                       " as at line " + std::to_string(m_.rank_lines[t]) + ", got " + text::quote(field(rank)));
    }
  }

  // The match before handed over, this row's match opened with its date.
  void start_match() {
    const int line = table_.current().number;
    close_match(m_, in_.problems, out_);
    m_.name.assign(field(match));
    m_.line = line, m_.date = 0, m_.had_problems = false;
    m_.teams.clear(), m_.ranks.clear(), m_.rank_lines.clear(), m_.members.clear();
    members_.next_group();
    if (const int32_t id = match_names_.intern(m_.name); size_t(id) < match_lines_.size())
      report(match, "expected the rows of match " + text::quote(m_.name) + " together, got it again (its rows began at line " +
                        std::to_string(match_lines_[size_t(id)]) + ")");
    else
      match_lines_.push_back(line);
    if (!text::parse_date_as(options_.dates, field(date), m_.date)) bad(date, text::expected_date(options_.dates, field(date)));
    m_.date_text.assign(field(date));
  }

  text::csv_input& in_;
  text::csv_table& table_;
  const reader_options& options_;
  dataset& out_;
  open_match m_;
  player_table match_names_;      // every match met, to refuse one met again
  std::vector<int> match_lines_;  // by match name id: the line its rows began
  text::group_members members_;
  text::name_cache ids_;
};

void read_team_input(text::csv_input& in, const reader_options& options, dataset& out) {
  text::read_table(in, out, true, "no matches", [&] { matches_reader(in, options, out).read(); });
}

}  // namespace
}  // namespace team_csv

void read_team_csv(const std::filesystem::path& file, const reader_options& options, dataset& out) {
  const auto columns = team_csv::header_spec(options);
  text::csv_input in(file, options, columns, "a header line naming the columns", !options.columns.empty());
  team_csv::read_team_input(in, options, out);
}

void read_team_csv_text(const input_text& text, const reader_options& options, dataset& out) {
  const auto columns = team_csv::header_spec(options);
  text::csv_input in(text, columns, "a header line naming the columns", !options.columns.empty());
  team_csv::read_team_input(in, options, out);
}

}  // namespace ratekit
