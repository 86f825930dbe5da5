// build_html_report: ratings.csv + history.csv + summary.json -> one HTML page.
#include <ratekit/host/text/format.hpp>
#include <ratekit/host/text/escape.hpp>
#include <ratekit/host/input/dataset.hpp>
#include <ratekit/host/text/diagnostics.hpp>
#include <ratekit/host/output/reports/html_report.hpp>
#include <ratekit/host/output/reports/chart.hpp>

#include "input/text.hpp"
#include "output/reports/html_table.hpp"
#include "output/reports/ratings_table.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>

namespace ratekit {
namespace {

namespace fs = std::filesystem;
using json = nlohmann::ordered_json;

// From history.csv: each player's change over the run.
struct run_history {
  bool present = false;
  player_table players;           // the list's players first, in list order
  std::vector<double> first_before, last_after;
};

// A whole-history run's history.csv has one estimate a row (`rating`): its first and its last give the change.
run_history read_history(const fs::path& file, const ratings_file& list, bool smoothed) {
  run_history h;
  if (!fs::is_regular_file(file)) return h;
  h.present = true;
  for (const auto& row : list.rows) h.players.intern(row[0]);
  h.first_before.assign(list.rows.size(), NAN);
  h.last_after.assign(list.rows.size(), NAN);
  text::source src(file, reader_options{});
  text::problem_list problems(src);
  text::line_cursor lines(src.text());
  text::csv_splitter csv;
  text::line l;
  if (!lines.next(l) || !csv.split(l, problems)) throw user_error(src.file(), 1, 1, "expected a history.csv header");
  int player = -1, before = -1, after = -1;
  for (size_t i = 0; i < csv.size(); ++i) {
    if (csv[i] == "player") player = int(i);
    if (csv[i] == "rating_before") before = int(i);
    if (csv[i] == "rating_after") after = int(i);
    if (smoothed && csv[i] == "rating") before = after = int(i);
  }
  if (player < 0 || before < 0 || after < 0)
    throw user_error(src.file(), 1, 1, smoothed ? "expected history.csv columns player and rating (a whole-history run's)"
                                                : "expected history.csv columns player, rating_before and rating_after");
  const size_t need = size_t(std::max({player, before, after})) + 1;
  while (lines.next(l)) {
    src.release_read(l.text.data());  // one pass: the rows behind are done with
    if (text::is_blank(l.text) || !csv.split(l, problems)) continue;
    double b = 0, a = 0;
    if (csv.size() < need || !text::parse_number(csv[size_t(before)], b) || !text::parse_number(csv[size_t(after)], a)) {
      problems.add(l.number, 1, "expected a player with numeric rating_before and rating_after");
      continue;
    }
    const int32_t p = h.players.find(csv[size_t(player)]);
    if (p < 0) continue;  // not in the list: nothing to show
    const size_t i = size_t(p);
    if (std::isnan(h.first_before[i])) h.first_before[i] = b;
    h.last_after[i] = a;
  }
  problems.throw_if_any();
  return h;
}

json read_summary(const fs::path& file) {
  if (!fs::is_regular_file(file)) return json::object();
  std::ifstream in(file, std::ios::binary);
  try {
    return json::parse(in);
  } catch (const json::parse_error& e) {
    throw user_error(file.string(), 0, 0, std::string("expected JSON: ") + e.what());
  }
}

std::string value_text(const json& v) {
  if (v.is_number_float()) {
    const double d = v.get<double>();
    return d == std::floor(d) && std::abs(d) < 1e15 ? fixed(d, 0) : fixed(d, 4);
  }
  if (v.is_string()) return xml_escaped(v.get<std::string>());
  if (v.is_array() && std::all_of(v.begin(), v.end(), [](const json& e) { return e.is_string(); })) {
    std::string list;  // input files: a.csv, b.csv as a reader writes them, not JSON
    for (const auto& e : v) list += (list.empty() ? "" : ", ") + e.get<std::string>();
    return xml_escaped(list);
  }
  return xml_escaped(json_text(v));
}

// Rows of key/value, nested objects flattened as "outer / inner".
void key_value_rows(std::string& out, const json& object, const std::string& prefix) {
  for (const auto& [key, value] : object.items()) {
    if (value.is_object()) {
      key_value_rows(out, value, prefix + key + " / ");
      continue;
    }
    // Only numbers line up on the right: a name or a list reads from the left.
    out += "<tr><th scope=\"row\">" + xml_escaped(prefix + key) + "</th><td" +
           (value.is_number() ? " class=\"num\">" : ">") + value_text(value) + "</td></tr>\n";
  }
}

bool any_nonzero(const json& object) {
  return std::any_of(object.begin(), object.end(), [](const json& v) { return !v.is_number() || v.get<double>() != 0; });
}

// What the small charts' shading is, since they have no legend: "" when none is shaded.
std::string band_note(const std::vector<rating_series>& series) {
  for (const auto& s : series)
    for (const auto& p : s.points)
      if (!std::isnan(p.spread))
        return " Shaded: the rating \u00b1 2 " + xml_escaped(s.spread_name) + ", the model's uncertainty about the "
               "rating: the player's strength lies within it with a chance of about 95%" +
               (std::isnan(s.points[0].spread) ? " (from the end of his first rating period: the history does not say "
                                                 "the deviation he started with)."
                                               : ", from the deviation he started with.");
  return "";
}

constexpr const char* style = R"css(
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d2330;background:#f5f6f8;margin:0}
main{max-width:1100px;margin:0 auto;padding:24px 28px 48px}
header{border-bottom:3px solid #2f6db5;margin-bottom:18px}
h1{margin:0 0 4px;font-size:26px}h2{font-size:19px;margin:28px 0 10px;color:#2f6db5}
.facts{color:#556;margin:0 0 12px}
.scroll{width:fit-content;max-width:100%;overflow-x:auto;box-shadow:0 1px 2px rgba(0,0,0,.08)}
table{border-collapse:collapse;background:#fff}
th,td{padding:4px 10px;border-bottom:1px solid #e6e8ec;text-align:left}
thead th{background:#eef2f8;font-weight:600}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}
tbody tr:nth-child(even){background:#fafbfc}
thead th{cursor:pointer;user-select:none}
.controls{margin:0 0 8px;display:flex;flex-wrap:wrap;gap:8px;align-items:center}
.controls input{padding:4px 8px;min-width:min(220px,100%)}#ratings-status{color:#556}
.up{color:#1a7f37}.down{color:#c62828}
.charts{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(370px,100%),1fr));gap:12px}
figure{margin:0;background:#fff;padding:8px;box-shadow:0 1px 2px rgba(0,0,0,.08)}
figcaption{font-weight:600;margin-bottom:2px}
svg.rating-chart{width:100%;height:auto}
pre{background:#fff;padding:12px;box-shadow:0 1px 2px rgba(0,0,0,.08);overflow:auto}
table.params td{overflow-wrap:anywhere}
@media (max-width:600px){main{padding:14px 10px 32px}h1{font-size:22px}}
@media (max-width:600px){
.scroll:has(table.ratings){width:100%}
table.ratings,table.ratings thead,table.ratings tbody{display:block}
table.ratings thead tr{display:flex;flex-wrap:wrap;gap:2px;background:#eef2f8}
table.ratings thead th{border:0;padding:3px 8px}
table.ratings tbody tr{display:flex;flex-wrap:wrap;gap:0 14px;padding:5px 10px;border-bottom:1px solid #e6e8ec}
table.ratings tbody td{display:block;padding:0;border:0;text-align:left}
table.ratings tbody td::before{content:attr(data-label) " ";color:#556;font-weight:400}
table.ratings tbody td:nth-child(-n+2)::before{content:none}
table.ratings tbody td:first-child::after{content:"."}
table.ratings tbody td:nth-child(2){font-weight:600;flex:1 0 80%;overflow-wrap:anywhere}
}
)css";

}  // namespace

const char* report_css() { return style; }

namespace {

// The page's head and its header: the competition, the plugin, the counts.
std::string page_opening(const std::string& competition, const json& summary) {
  std::string out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                    "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>" +
                    xml_escaped(competition) + " - ratekit report</title>\n<style>" + style + "</style>\n</head>\n<body>\n<main>\n";
  out += "<header>\n<h1>" + xml_escaped(competition) + "</h1>\n<p class=\"facts\">";
  if (summary.contains("plugin"))
    out += "Rated with " + xml_escaped(summary["plugin"].value("id", "")) + " " +
           xml_escaped(summary["plugin"].value("version", "")) + ". ";
  if (summary.contains("counts"))
    for (const auto& [key, value] : summary["counts"].items())
      if (value.is_number() && value.get<double>() > 0) out += xml_escaped(key) + ": " + value_text(value) + ". ";
  out += "</p>\n";
  if (summary.contains("whole_history"))
    out += "<p class=\"facts\">A whole-history model: each history row, each chart point and each list rating is a "
           "smoothed estimate of the player's skill at that time from all results, before and after it, not a change "
           "caused by a game.</p>\n";
  out += "</header>\n";
  return out;
}

// The ratings list, without the state fields summary.json names as a
// plugin's bookkeeping (FIDE's pool of games towards a first rating).
std::string ratings_section(const ratings_file& list, const json& summary, const run_history& history, bool smoothed) {
  std::vector<std::string> bookkeeping;
  if (summary.contains("bookkeeping_state") && summary["bookkeeping_state"].is_array())
    for (const auto& name : summary["bookkeeping_state"])
      if (name.is_string()) bookkeeping.push_back(name.get<std::string>());
  html_table_data table;
  std::vector<size_t> shown;
  for (size_t c = 0; c < list.header.size(); ++c)
    if (std::find(bookkeeping.begin(), bookkeeping.end(), list.header[c]) == bookkeeping.end())
      shown.push_back(c), table.header.push_back(list.header[c]);
  for (const auto& row : list.rows) {
    auto& cells = table.rows.emplace_back();
    for (const size_t c : shown) cells.push_back(row[c]);
  }
  if (history.present) {
    for (size_t i = 0; i < list.rows.size(); ++i) table.change.push_back(history.last_after[i] - history.first_before[i]);
    table.help["change"] = smoothed ? "the player's last smoothed estimate minus his first"
                                    : "the rating after this run minus the rating before the player's first game in it";
  }
  if (summary.contains("state_help") && summary["state_help"].is_object())
    for (const auto& [field, help] : summary["state_help"].items())
      if (field != "rating" && help.is_string()) table.help[field] = help.get<std::string>();
  return html_ratings_table(table);
}

// Charts of the best-rated players who have played, in this run or before it
// (one who sat it out drawn flat), all on one scale and one time axis so they compare.
std::string charts_section(const fs::path& dir, const ratings_file& list, const run_history& history,
                           const smoothed_history* smoothed) {
  std::vector<std::string> charted;
  std::vector<double> charted_ratings;
  const int games = list.column("games");
  for (size_t i = 0; history.present && i < list.rows.size() && charted.size() < html_chart_limit; ++i) {
    double played = 0;
    const bool before = games >= 0 && text::parse_number(list.rows[i][size_t(games)], played) && played > 0;
    if (before || !std::isnan(history.first_before[i]))
      charted.push_back(list.rows[i][0]), charted_ratings.push_back(list.rating[i]);
  }
  if (charted.empty()) return "";
  auto series = smoothed ? smoothed->series(charted) : read_rating_series(dir / "history.csv", charted, charted_ratings);
  if (!smoothed) start_bands(series, read_starting_deviations(dir / "summary.json"));
  const auto scale = fitted_range(series), span = fitted_x_range(series);
  const std::string what =
      smoothed ? " best-rated players of this run, on one scale and one time axis: each point is the player's smoothed "
                 "estimate at a time he played (from all results, before and after it), the line straight between two. "
                 "Shaded: the estimate \u00b1 2 deviations, the model's uncertainty (a chance of about 95%); between two "
                 "estimates it widens as the skill's drift makes it (a Wiener bridge between them)."
               : " best-rated players of this run, on one scale and one time axis: each point is the rating after the last day of "
                 "games of a rating period, the line from the period's first day of games; dashed: no games, the rating "
                 "unchanged." + band_note(series);
  std::string out = "<section id=\"charts\">\n<h2>Rating charts</h2>\n<p class=\"facts\">The " +
                    std::to_string(charted.size()) + what + "</p>\n<div class=\"charts\">\n";
  // Markers on every panel's points or on none: a panel must not look another kind of data.
  const chart_options small{.title = "", .width = 360, .height = 190, .legend = false, .inline_svg = true,
                            .x_range = span, .y_range = scale, .dots = dots_fit(series)};
  for (size_t k = 0; k < series.size(); ++k)
    out += "<figure><figcaption>" + std::to_string(k + 1) + ". " + xml_escaped(series[k].player) + "</figcaption>" +
           render_chart_svg({series[k]}, small) + "</figure>\n";
  return out + "</div>\n</section>\n";
}

// What a whole-history run's metrics are, in-sample (its fit saw every game scored) or walk-forward: the name
// each row carries and the sentence above them; none for a period-by-period run's.
struct metrics_kind {
  std::string name, note;
};

metrics_kind kind_of(const json& metrics) {
  if (metrics.value("walk_forward", false))
    return {"walk-forward", "Walk-forward: every metric below scores each game from a fit of the batches before its "
                            "own only, as a forecast made then would have been."};
  if (metrics.value("in_sample", false))
    return {"in-sample", "In-sample: every metric below scores games the fit has seen (its estimates come from all "
                         "results, before and after each game), so they flatter the model; <code>metrics: "
                         "walk-forward</code> scores each game from the batches before it."};
  return {};
}

// The metrics, and the model, its parameters and its input with the config's text.
std::string summary_sections(const json& summary) {
  std::string out;
  json metrics = summary.contains("metrics") && summary["metrics"].is_object() ? summary["metrics"] : json::object();
  const metrics_kind kind = kind_of(metrics);
  metrics.erase("in_sample"), metrics.erase("walk_forward");  // said in words above the table, and on each row
  if (!metrics.empty()) {  // (a whole-history fit of team matches has none yet)
    out += "<section id=\"accuracy\">\n<h2>Accuracy</h2>\n";
    if (!kind.name.empty()) out += "<p class=\"facts\">" + kind.note + "</p>\n";
    out += "<div class=\"scroll\"><table class=\"metrics\">\n<tbody>\n";
    key_value_rows(out, metrics, kind.name.empty() ? "" : kind.name + " / ");
    out += "</tbody>\n</table></div>\n</section>\n";
  }
  if (summary.contains("whole_history") && summary["whole_history"].is_object()) {
    out += "<section id=\"fit\">\n<h2>The fit</h2>\n<div class=\"scroll\"><table class=\"params\">\n<tbody>\n";
    key_value_rows(out, summary["whole_history"], "");
    out += "</tbody>\n</table></div>\n</section>\n";
  }
  if (summary.contains("model")) {
    out += "<section id=\"config\">\n<h2>Configuration</h2>\n<div class=\"scroll\"><table class=\"params\">\n<tbody>\n";
    out += "<tr><th scope=\"row\">model</th><td>" + value_text(summary["model"]) + "</td></tr>\n";
    if (summary.contains("params")) key_value_rows(out, summary["params"], "");
    if (summary.contains("home_advantage") && any_nonzero(summary["home_advantage"]))  // none: nothing to say
      key_value_rows(out, summary["home_advantage"], "home advantage / ");
    if (summary.contains("input") && summary["input"].contains("files"))
      out += "<tr><th scope=\"row\">input</th><td>" + value_text(summary["input"]["files"]) + "</td></tr>\n";
    out += "</tbody>\n</table></div>\n";
    if (summary.contains("config_text") && summary["config_text"].is_string())
      out += "<pre class=\"config\">" + xml_escaped(summary["config_text"].get<std::string>()) + "</pre>\n";
    out += "</section>\n";
  }
  return out;
}

}  // namespace

std::string build_html_report(const fs::path& dir, const smoothed_history* smoothed) {
  const ratings_file list = read_ratings(dir / "ratings.csv");
  const json summary = read_summary(dir / "summary.json");
  const run_history history = read_history(dir / "history.csv", list, smoothed);
  const std::string competition = summary.value("competition", dir.filename().string());
  return page_opening(competition, summary) + ratings_section(list, summary, history, smoothed) +
         charts_section(dir, list, history, smoothed) + summary_sections(summary) + "</main>\n</body>\n</html>\n";
}

}  // namespace ratekit
