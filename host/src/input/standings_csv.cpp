// standings-csv: the final standing of every player in ranked events, by
// rank or by score, one row per player, the rows of an event together.
#include <ratekit/host/text/escape.hpp>
#include "input/group_members.hpp"
#include "input/name_cache.hpp"
#include "input/text.hpp"

#include <algorithm>
#include <array>
#include <unordered_map>

namespace ratekit {
// Named for the file: its column names are bare enumerators, apart from other files' in a unity batch.
namespace standings_csv {
namespace {

enum column { event, date, rounds, player, rank, score };

constexpr std::array<text::column_spec, 6> columns{{
    {"event", true},
    {"date", true},
    {"rounds", false},
    {"player", true},
    {"rank", false},
    {"score", false},
}};

struct placing {
  int32_t player;
  double value;  // rank, or score when ranking by score
};

// The event being read.
struct open_event {
  std::string name;
  int line = 0;
  int32_t date = 0;
  double rounds = nan_value;
  std::string date_text, rounds_text;  // as first written, to compare the event's other rows
  bool had_problems = false;
  std::vector<placing> placings;
};

void close_event(open_event& e, bool by_score, text::problem_list& problems, dataset& out) {
  if (e.line == 0) return;
  if (e.placings.size() < 2 && !e.had_problems) {
    problems.add(e.line, 1,
                 "expected at least 2 players in event " + text::quote(e.name) + ", got " +
                     std::to_string(e.placings.size()));
  }
  auto& p = e.placings;
  if (by_score) {
    std::stable_sort(p.begin(), p.end(),
                     [](const placing& x, const placing& y) { return x.value > y.value; });
    // Tied scores share the rank 1 + the number of players strictly better.
    double previous_score = 0, previous_rank = 0;
    for (size_t i = 0; i < p.size(); ++i) {
      const double s = p[i].value;
      p[i].value = i > 0 && s == previous_score ? previous_rank : double(i + 1);
      previous_score = s;
      previous_rank = p[i].value;
    }
  } else {
    std::stable_sort(p.begin(), p.end(),
                     [](const placing& x, const placing& y) { return x.value < y.value; });
  }
  const uint64_t begin = out.entry_count();
  for (const auto& x : p) out.entries.push_back(rk_entry{x.player, 0, x.value});
  out.add_event(rk_event{begin, out.entry_count(), e.rounds}, event_info{e.name, e.date, e.line, {}});
}

// Whether the header ranks by score (a 'score' column) or by rank: one of the two.
bool ranked_by_score(text::csv_input& in) {
  auto& table = in.table;
  if (!table.has(rank) && !table.has(score))
    in.problems.add(table.current().number, 1,
                    "expected a column named 'rank' or 'score', got header " + text::quote(table.current().text));
  if (table.has(rank) && table.has(score))
    in.problems.add(table.current().number, table.column(score), "expected either rank or score, got both");
  in.problems.throw_if_any();
  return table.has(score);
}

// The rows, one at a time, into events.
class standings_reader {
 public:
  standings_reader(text::csv_input& in, bool by_score, dataset& out)
      : in_(in), table_(in.table), out_(out), by_score_(by_score), ids_(out.players) {}

  void read() {
    while (table_.next_row()) row();
    close_event(e_, by_score_, in_.problems, out_);
  }

 private:
  std::string_view field(column c) const { return table_.field(c); }
  void report(column c, std::string message) {
    in_.problems.add(table_.current().number, table_.column(c), std::move(message));
    e_.had_problems = true;
  }
  void bad(column c, std::string_view expected) {
    table_.bad(c, expected);
    e_.had_problems = true;
  }

  void row() {
    if (field(event).empty() || has_control(field(event))) {
      bad(event, "as an event name without control characters");
      return;
    }
    if (e_.line == 0 || field(event) != e_.name) start_event();
    else same_event_fields();
    double value = 0;
    const bool ok = placing_value(value);
    if (field(player).empty() || has_control(field(player))) {
      bad(player, "as a player name without control characters");
      return;
    }
    const int32_t id = ids_.intern(field(player));
    const bool first = once_in_event(id);
    if (ok && first) e_.placings.push_back(placing{id, value});
  }

  // The previous event closed, this row's event opened with its date and rounds.
  void start_event() {
    const int line = table_.current().number;
    close_event(e_, by_score_, in_.problems, out_);
    e_.name.assign(field(event));
    e_.line = line;
    e_.date = 0;
    e_.rounds = nan_value;
    e_.had_problems = false;
    e_.placings.clear();
    members_.next_group();
    const auto [it, fresh] = event_lines_.emplace(e_.name, line);
    if (!fresh)
      report(event, "expected the rows of event " + text::quote(e_.name) + " together, got it again (its rows began at line " +
                        std::to_string(it->second) + ")");
    if (!text::parse_date(field(date), e_.date)) bad(date, "as a valid date YYYY-MM-DD");
    e_.date_text.assign(field(date));
    if (table_.has(rounds) && !field(rounds).empty() && (!text::parse_number(field(rounds), e_.rounds) || e_.rounds <= 0))
      bad(rounds, "as a number > 0 or empty");
    e_.rounds_text.assign(table_.has(rounds) ? field(rounds) : std::string_view{});
  }

  // A later row of the event: its date and rounds as the first row's.
  void same_event_fields() {
    if (field(date) != e_.date_text) bad(date, "as " + text::quote(e_.date_text) + " like the event's first row");
    if (table_.has(rounds) && field(rounds) != e_.rounds_text)
      bad(rounds, "as " + text::quote(e_.rounds_text) + " like the event's first row");
  }

  // The row's score, or its rank as a number; false when malformed.
  bool placing_value(double& value) {
    int64_t place = 0;
    if (by_score_) {
      if (!text::parse_number(field(score), value)) bad(score, "as a number");
      else return true;
    } else if (!text::parse_integer(field(rank), place) || place < 1 || place > INT32_MAX) {
      bad(rank, "as a whole number >= 1");
    } else {
      value = double(place);
      return true;
    }
    return false;
  }

  // Whether `id` is first met in this event, else a problem naming his first row.
  bool once_in_event(int32_t id) {
    if (members_.first(id, table_.current().number)) return true;
    report(player, "expected each player once per event, got " + text::quote(field(player)) + " again in event " +
                       text::quote(e_.name) + " (first at line " + std::to_string(members_.line(id)) + ")");
    return false;
  }

  text::csv_input& in_;
  text::csv_table& table_;
  dataset& out_;
  const bool by_score_;
  open_event e_;
  std::unordered_map<std::string, int> event_lines_;  // first line of every event seen, per event not per row
  text::group_members members_;
  text::name_cache ids_;  // the player table's own lookup is a node chase a row
};

void read_standings_input(text::csv_input& in, dataset& out) {
  const bool by_score = ranked_by_score(in);
  text::read_table(in, out, true, "no events", [&] { standings_reader(in, by_score, out).read(); });
}

}  // namespace
}  // namespace standings_csv

void read_standings_csv(const std::filesystem::path& file, const reader_options& options, dataset& out) {
  text::csv_input in(file, options, standings_csv::columns, "a header line naming the columns");
  standings_csv::read_standings_input(in, out);
}

void read_standings_csv_text(const input_text& text, const reader_options&, dataset& out) {
  text::csv_input in(text, standings_csv::columns, "a header line naming the columns");
  standings_csv::read_standings_input(in, out);
}

}  // namespace ratekit
