// standings-csv: the final standing of every player in ranked events, by
// rank or by score, one row per player, the rows of an event together.
#include <ratekit/host/text/escape.hpp>
#include "input/name_cache.hpp"
#include "input/text.hpp"

#include <algorithm>
#include <array>
#include <unordered_map>

namespace ratekit {
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

}  // namespace

void read_standings_csv(const std::filesystem::path& file, const reader_options& options, dataset& out) {
  text::csv_input in(file, options, columns, "a header line naming the columns");
  // References by name, not a structured binding: clang 14 (the fuzzers' compiler)
  // cannot capture a binding in a lambda.
  auto& src = in.src;
  auto& problems = in.problems;
  auto& table = in.table;

  if (!table.has(rank) && !table.has(score))
    problems.add(table.current().number, 1,
                 "expected a column named 'rank' or 'score', got header " + text::quote(table.current().text));
  if (table.has(rank) && table.has(score))
    problems.add(table.current().number, table.column(score), "expected either rank or score, got both");
  problems.throw_if_any();
  const bool by_score = table.has(score);

  const size_t first = out.entry_count();
  out.reserve_entries(table.estimated_rows());
  if (out.source.empty()) out.source = src.file();

  open_event e;
  std::unordered_map<std::string, int> event_lines;  // first line of every event seen, per event not per row
  // For duplicate detection without a set per event: the serial of the last
  // event each player was seen in, and the line.
  std::vector<int32_t> seen_event, seen_line;
  int32_t serial = 0;
  text::name_cache ids(out.players);  // the player table's own lookup is a node chase a row

  while (table.next_row()) {
    const int line = table.current().number;
    auto field = [&](column c) { return table.field(c); };
    auto report = [&](column c, std::string message) {
      problems.add(line, table.column(c), std::move(message));
      e.had_problems = true;
    };
    auto bad = [&](column c, std::string_view expected) {
      table.bad(c, expected);
      e.had_problems = true;
    };

    if (field(event).empty() || has_control(field(event))) {
      bad(event, "as an event name without control characters");
      continue;
    }
    if (e.line == 0 || field(event) != e.name) {
      close_event(e, by_score, problems, out);
      e.name.assign(field(event));
      e.line = line;
      e.date = 0;
      e.rounds = nan_value;
      e.had_problems = false;
      e.placings.clear();
      ++serial;
      const auto [it, fresh] = event_lines.emplace(e.name, line);
      if (!fresh)
        report(event, "expected the rows of event " + text::quote(e.name) +
                          " together, got it again (its rows began at line " + std::to_string(it->second) +
                          ")");
      if (!text::parse_date(field(date), e.date)) bad(date, "as a valid date YYYY-MM-DD");
      e.date_text.assign(field(date));
      if (table.has(rounds) && !field(rounds).empty() &&
          (!text::parse_number(field(rounds), e.rounds) || e.rounds <= 0))
        bad(rounds, "as a number > 0 or empty");
      e.rounds_text.assign(table.has(rounds) ? field(rounds) : std::string_view{});
    } else {
      if (field(date) != e.date_text)
        bad(date, "as " + text::quote(e.date_text) + " like the event's first row");
      if (table.has(rounds) && field(rounds) != e.rounds_text)
        bad(rounds, "as " + text::quote(e.rounds_text) + " like the event's first row");
    }

    double value = 0;
    int64_t place = 0;
    bool ok = true;
    if (by_score) {
      if (!text::parse_number(field(score), value)) bad(score, "as a number"), ok = false;
    } else if (!text::parse_integer(field(rank), place) || place < 1 || place > INT32_MAX) {
      bad(rank, "as a whole number >= 1");
      ok = false;
    } else {
      value = double(place);
    }
    if (field(player).empty() || has_control(field(player))) {
      bad(player, "as a player name without control characters");
      continue;
    }
    const int32_t id = ids.intern(field(player));
    if (size_t(id) >= seen_event.size()) {
      seen_event.resize(size_t(id) + 1, 0);
      seen_line.resize(size_t(id) + 1, 0);
    }
    if (seen_event[size_t(id)] == serial) {
      report(player, "expected each player once per event, got " + text::quote(field(player)) +
                         " again in event " + text::quote(e.name) + " (first at line " +
                         std::to_string(seen_line[size_t(id)]) + ")");
      continue;
    }
    seen_event[size_t(id)] = serial;
    seen_line[size_t(id)] = line;
    if (ok) e.placings.push_back(placing{id, value});
  }
  close_event(e, by_score, problems, out);
  if (problems.empty() && out.entry_count() == first)
    problems.add(0, 0, "no events: expected at least one row after the header");
  problems.throw_if_any();
}

}  // namespace ratekit
