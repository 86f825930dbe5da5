#include "output/reports/html_table.hpp"

#include <ratekit/host/text/escape.hpp>

#include "input/numbers.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <iterator>
#include <map>

namespace ratekit {
namespace {

// A number to `decimals` places in the fewest characters: the page's script
// pads it again, so a column's cells all show the same decimals.
void append_short(std::string& out, double v, int decimals) {
  std::string s = fmt::format("{:.{}f}", v, decimals);
  if (decimals > 0) {
    while (s.back() == '0') s.pop_back();
    if (s.back() == '.') s.pop_back();
  }
  out += s;
}

// One precision for a whole column, so "1365" never stands beside "1724.1":
// none when every value is whole, one decimal for ratings, three below 100
// (deviations, volatilities).
int column_decimals(const std::vector<double>& values) {
  bool whole = true, large = false;
  for (const double v : values) whole = whole && v == std::floor(v), large = large || std::abs(v) >= 100;
  return whole ? 0 : large ? 1 : 3;
}

// Ranks from the exact ratings: ratings.csv writes each in the shortest text
// that reads back as the same double, so equal cells are equal ratings and
// 1451.722 is never tied with 1451.712 as their rounded 1451.7 would be.
std::vector<int> ranks(const std::vector<std::vector<std::string>>& rows) {
  std::vector<int> out(rows.size());
  for (size_t i = 0; i < rows.size(); ++i) out[i] = i > 0 && rows[i][1] == rows[i - 1][1] ? out[i - 1] : int(i) + 1;
  return out;
}

// A cell shown as a number: one that parses as one, save a whole number the
// table would change, an identifier more likely (a leading zero, or more digits
// than a double holds exactly: 00012345, 98765432101234567).
bool number_cell(std::string_view cell, double& v) {
  if (!text::parse_number(cell, v)) return false;
  if (cell.find_first_of(".eE") != std::string_view::npos) return true;
  const std::string_view digits = cell.substr(cell.find_first_not_of("+-"));
  return digits.size() <= 15 && (digits.size() == 1 || digits[0] != '0');
}

// JSON text safe inside <script>: "<" is written \u003c, so no name can end the element.
std::string script_safe(const nlohmann::json& j) {
  std::string s = json_text(j), out;
  out.reserve(s.size());
  for (const char c : s) {
    if (c == '<') out += "\\u003c";
    else out += c;
  }
  return out;
}

constexpr const char* script = R"js(
(() => {
  const d = JSON.parse(document.getElementById('ratings-data').textContent);
  const table = document.querySelector('table.ratings'), body = table.tBodies[0];
  const search = document.getElementById('ratings-search'), status = document.getElementById('ratings-status');
  const per = 100, n = d.cols[0].length, rank = d.rank;
  const value = (i, c) => c < 0 ? rank[i] : d.dict[c] ? d.dict[c][d.cols[c][i]] : d.cols[c][i];
  // "-0.0" is shown as 0.0: a change too small for the column's decimals.
  const fixed = (v, c) => { const t = v.toFixed(d.decimals[c]); return +t === 0 ? (0).toFixed(d.decimals[c]) : t; };
  const all = [...Array(n).keys()];
  let view = all, page = 0, key = null, up = false;
  function draw() {
    const pages = Math.max(1, Math.ceil(view.length / per));
    page = Math.min(page, pages - 1);
    const rows = document.createDocumentFragment();
    for (const i of view.slice(page * per, (page + 1) * per)) {
      const tr = rows.appendChild(document.createElement('tr'));
      // Each cell names its column: a narrow screen shows a row as a card of "name value" pairs.
      const td = (text, cls, label) => {
        const e = tr.appendChild(document.createElement('td'));
        e.textContent = text; e.dataset.label = label; if (cls) e.className = cls;
      };
      td(rank[i], 'num', 'rank');
      d.columns.forEach((name, c) => {
        const v = value(i, c), t = v === null || !d.numeric[c] ? v : fixed(v, c);
        if (name === 'change') td(t === null ? '' : (+t > 0 ? '+' : '') + t, 'num ' + (+t > 0 ? 'up' : +t < 0 ? 'down' : ''), name);
        else td(t === null ? '' : t, d.numeric[c] ? 'num' : '', name);
      });
    }
    body.replaceChildren(rows);
    status.textContent = view.length + ' of ' + n + ' players, page ' + (page + 1) + ' of ' + pages;
  }
  function sort(c) {
    up = key === c ? !up : c >= 0 && !d.numeric[c];
    key = c;
    const dir = up ? 1 : -1;
    view = view.slice().sort((a, b) => {
      const x = value(a, c), y = value(b, c);
      return x === y ? a - b : x === null ? 1 : y === null ? -1 : (x < y ? -dir : dir);
    });
    draw();
  }
  search.addEventListener('input', () => {
    const q = search.value.toLowerCase();
    view = q ? all.filter(i => d.cols[0][i].toLowerCase().includes(q)) : all;
    key = null; page = 0; draw();
  });
  table.tHead.querySelectorAll('th').forEach((th, i) => th.addEventListener('click', () => sort(i - 1)));
  document.getElementById('ratings-prev').addEventListener('click', () => { page = Math.max(0, page - 1); draw(); });
  document.getElementById('ratings-next').addEventListener('click', () => { ++page; draw(); });
  draw();
})();
)js";

// Per ratings.csv column: numeric when every cell is a number or empty, with
// the decimals its numbers need; a text column with few distinct values is
// written as indexes into its values (dict; empty for plain text).
struct column_kinds {
  std::vector<bool> numeric;
  std::vector<int> decimals;
  std::vector<std::map<std::string, int>> dict;
};

column_kinds kinds_of(const html_table_data& t) {
  const size_t width = t.header.size();
  column_kinds k{std::vector<bool>(width, true), std::vector<int>(width), std::vector<std::map<std::string, int>>(width)};
  std::vector<std::vector<double>> numbers(width);
  for (const auto& row : t.rows)
    for (size_t c = 1; c < width; ++c) {
      double v = 0;
      if (row[c].empty()) continue;
      if (number_cell(row[c], v)) numbers[c].push_back(v);
      else k.numeric[c] = false;
    }
  k.numeric[0] = false;
  for (size_t c = 1; c < width; ++c) k.decimals[c] = column_decimals(numbers[c]);
  for (size_t c = 1; c < width; ++c) {
    if (k.numeric[c]) continue;
    for (const auto& row : t.rows)
      if (k.dict[c].emplace(row[c], int(k.dict[c].size())).second && k.dict[c].size() > 1000) break;
    if (k.dict[c].size() > 1000) k.dict[c].clear();  // many values: plain text
  }
  return k;
}

// A shown column's place in ratings.csv: the list's columns with the change
// (none: it is not in ratings.csv) third when there is one.
struct column_map {
  bool changes;
  std::optional<size_t> operator()(size_t k) const {
    if (changes && k == 2) return std::nullopt;
    return k < 2 ? k : k - (changes ? 1 : 0);
  }
};

// What the script needs besides the values: each column's name, kind, decimals and dictionary, and the ranks.
nlohmann::json table_head(const html_table_data& t, const std::vector<std::string>& columns, const column_kinds& kinds,
                          column_map column_of) {
  nlohmann::json head = {{"columns", columns}, {"numeric", nlohmann::json::array()}, {"decimals", nlohmann::json::array()},
                         {"dict", nlohmann::json::array()}, {"rank", ranks(t.rows)}};
  for (size_t k = 0; k < columns.size(); ++k) {
    const auto c = column_of(k);
    head["numeric"].push_back(!c || kinds.numeric[*c]);
    // A change is a difference of ratings: shown to the rating's decimals.
    const int shown = c ? kinds.decimals[*c] : kinds.decimals[1];
    head["decimals"].push_back(!c || kinds.numeric[*c] ? nlohmann::json(shown) : nlohmann::json());
    nlohmann::json values = nullptr;
    if (c && !kinds.dict[*c].empty()) {
      values = nlohmann::json::array();
      std::vector<std::string> ordered(kinds.dict[*c].size());
      for (const auto& [v, i] : kinds.dict[*c]) ordered[size_t(i)] = v;
      for (auto& v : ordered) values.push_back(std::move(v));
    }
    head["dict"].push_back(values);
  }
  return head;
}

// Column by column: no brackets per row, and each column's values side by side.
std::string column_values(const html_table_data& t, size_t shown_columns, const column_kinds& kinds, column_map column_of) {
  std::string cols = "[";
  for (size_t k = 0; k < shown_columns; ++k) {
    cols += k ? "],\n[" : "\n[";
    const auto c = column_of(k);
    for (size_t i = 0; i < t.rows.size(); ++i) {
      if (i) cols += ',';
      if (!c) {
        if (std::isnan(t.change[i])) cols += "null";
        else append_short(cols, t.change[i], kinds.decimals[1]);
        continue;
      }
      const std::string& cell = t.rows[i][*c];
      double number = 0;
      if (cell.empty() && *c > 0) cols += "null";
      else if (!kinds.dict[*c].empty()) cols += std::to_string(kinds.dict[*c].at(cell));
      else if (kinds.numeric[*c] && number_cell(cell, number)) append_short(cols, number, kinds.decimals[*c]);
      else cols += script_safe(nlohmann::json(cell));
    }
  }
  return cols + "]]";
}

// The controls and the empty table with its headings (each column's meaning as
// its title, and all of them in a line under the list).
std::string table_html(const html_table_data& t, const std::vector<std::string>& columns, const nlohmann::json& head) {
  std::string out =
      "<section id=\"ratings\">\n<h2>Ratings</h2>\n<div class=\"controls\"><input id=\"ratings-search\" type=\"search\" "
      "placeholder=\"Search players\" aria-label=\"Search players\"> <button id=\"ratings-prev\">&lsaquo; previous</button> "
      "<button id=\"ratings-next\">next &rsaquo;</button> <span id=\"ratings-status\"></span></div>\n"
      "<noscript><p>The list is built by the page's script; ratings.csv holds the same rows.</p></noscript>\n"
      "<div class=\"scroll\"><table class=\"ratings\">\n<thead><tr><th class=\"num\">rank</th>";
  std::string key;  // the meaning of each column that has one, in the list's order
  for (size_t k = 0; k < columns.size(); ++k) {
    const auto help = t.help.find(columns[k]);
    const std::string title = help == t.help.end() ? "" : " title=\"" + xml_escaped(help->second) + "\"";
    out += std::string("<th") + (head["numeric"][k].get<bool>() ? " class=\"num\"" : "") + title + ">" +
           xml_escaped(columns[k]) + "</th>";
    if (help == t.help.end()) continue;
    if (!key.empty()) key += ' ';
    key.append("<b>").append(xml_escaped(columns[k])).append("</b>: ").append(xml_escaped(help->second)).append(".");
  }
  out += "</tr></thead>\n<tbody></tbody>\n</table></div>\n";
  if (!key.empty()) out += "<p class=\"facts columns\">" + key + "</p>\n";
  return out;
}

}  // namespace

std::string html_ratings_table(const html_table_data& t) {
  const bool changes = !t.change.empty();
  std::vector<std::string> columns{t.header[0], t.header[1]};
  if (changes) columns.emplace_back("change");
  columns.insert(columns.end(), t.header.begin() + 2, t.header.end());
  const column_kinds kinds = kinds_of(t);
  const column_map column_of{changes};
  const nlohmann::json head = table_head(t, columns, kinds, column_of);
  std::string data = script_safe(head);
  data.insert(data.size() - 1, ",\"cols\":" + column_values(t, columns.size(), kinds, column_of));
  return table_html(t, columns, head) + "<script type=\"application/json\" id=\"ratings-data\">" + data +
         "</script>\n<script>" + script + "</script>\n</section>\n";
}

}  // namespace ratekit
