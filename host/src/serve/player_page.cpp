// A player's page: his rating now, his chart, his periods and his games.
#include "serve/pages.hpp"

#include "serve/page_layout.hpp"
#include "serve/player_records.hpp"

#include <ratekit/host/output/reports/chart.hpp>
#include <ratekit/host/text/escape.hpp>
#include <ratekit/host/text/format.hpp>

#include <cmath>

namespace ratekit::serve {

namespace {

std::string number_text(double v, int decimals = 1) {
  return std::isnan(v) ? std::string() : v == std::floor(v) ? fixed(v, 0) : fixed(v, decimals);
}

std::string number_cell(double v, int decimals = 1) { return "<td class=\"num\">" + number_text(v, decimals) + "</td>"; }

// A cell of the games table, labelled for the narrow screen, where each game is a card.
std::string game_cell(const char* label, const std::string& text) {
  return std::string("<td class=\"num\" data-label=\"") + label + "\">" + text + "</td>";
}

// His rating after each period, from the rating before his first; the band from the deviation the model keeps.
std::string chart(const std::string& player, const std::vector<history_entry>& history) {
  if (history.empty()) return "";
  rating_series series{player, {}, "RD"};
  const auto spread_of = [&](const history_entry& e) {
    for (const auto& [field, v] : e.state)
      if (field == "rd" || field == "sigma") {
        series.spread_name = field == "rd" ? "RD" : "sigma";
        return v;
      }
    return double(NAN);
  };
  const history_entry& first = history.front();
  series.points.push_back({first.at->date, first.rating - first.change, NAN, first.at->date, 0, true});
  for (size_t i = 0; i < history.size(); ++i)
    series.points.push_back({history[i].at->date, history[i].rating, spread_of(history[i]), history[i].at->date,
                             int32_t(i + 1), true});
  chart_options options;
  options.title = player;
  options.legend = false;
  options.inline_svg = true;
  return "<figure>" + render_chart_svg({series}, options) + "</figure>\n";
}

std::string history_table(const std::vector<history_entry>& history) {
  std::vector<std::string> fields;
  for (const auto& e : history)
    for (const auto& [field, v] : e.state)
      if (std::find(fields.begin(), fields.end(), field) == fields.end()) fields.push_back(field);
  std::string out = "<h2>Periods</h2>\n<div class=\"scroll\"><table>\n<thead><tr><th>period</th><th class=\"num\">rating</th>"
                    "<th class=\"num\">change</th><th class=\"num\">games</th>";
  for (const auto& f : fields) out += "<th class=\"num\">" + xml_escaped(f) + "</th>";
  out += "</tr></thead>\n<tbody>\n";
  for (auto e = history.rbegin(); e != history.rend(); ++e) {
    out += "<tr><td>" + xml_escaped(e->at->label) + "</td>" + number_cell(e->rating) + "<td class=\"num " +
           (e->change > 0 ? "up" : e->change < 0 ? "down" : "") + "\">" + signed_fixed(e->change, 1) + "</td>" +
           number_cell(double(e->games));
    for (const auto& f : fields) {
      double v = NAN;
      for (const auto& [field, value] : e->state)
        if (field == f) v = value;
      out += number_cell(v);
    }
    out += "</tr>\n";
  }
  return out + "</tbody></table></div>\n";
}

// Links to the newer and older pages of his games or events (`noun`).
std::string pager(int64_t total, int64_t page, int64_t per_page, const query_params& params, const char* noun) {
  std::string out = std::string("<nav class=\"pager\" aria-label=\"pages of ") + noun + "s\">";
  const int64_t pages = (total + per_page - 1) / per_page;
  if (page > 1) out += "<a rel=\"prev\" href=\"" + xml_escaped(query_with(params, {{"page", std::to_string(page - 1)}})) + "\">newer</a>";
  out += "<span>page " + std::to_string(page) + " of " + std::to_string(std::max<int64_t>(pages, 1)) + ", " +
         counted(double(total), noun) + "</span>";
  if (page < pages) out += "<a rel=\"next\" href=\"" + xml_escaped(query_with(params, {{"page", std::to_string(page + 1)}})) + "\">older</a>";
  return out + "</nav>\n";
}

std::string games_table(const site& s, const competition& c, const game_page& games, int64_t page, int64_t per_page,
                        const query_params& params) {
  if (games.total == 0) return "";
  std::string out = "<h2>Games</h2>\n<div class=\"scroll\"><table class=\"games\">\n<thead><tr><th>period</th><th>opponent</th>"
                    "<th class=\"num\">score</th><th class=\"num\">expected</th><th class=\"num\">change</th></tr></thead>\n<tbody>\n";
  for (const auto& g : games.games)
    out += "<tr><td>" + xml_escaped(g.at->label) + "</td><td><a href=\"" +
           xml_escaped(s.base + "/competitions/" + url_encoded(c.name) + "/players/" + url_encoded(g.opponent)) + "\">" +
           xml_escaped(g.opponent) + "</a></td>" + game_cell("score", number_text(g.score)) +
           game_cell("expected", number_text(g.expected, 3)) +
           game_cell("change", std::isnan(g.change) ? "" : signed_fixed(g.change, 1)) + "</tr>\n";
  return out + "</tbody></table></div>\n" + pager(games.total, page, per_page, params, "game");
}

// His ranked events and team matches, as the games: a card each on a narrow screen.
std::string events_table(const event_page& events, int64_t page, int64_t per_page, const query_params& params) {
  if (events.total == 0) return "";
  std::string out = "<h2>Events</h2>\n<div class=\"scroll\"><table class=\"games\">\n<thead><tr><th>event</th><th>team</th>"
                    "<th class=\"num\">rank</th><th class=\"num\">expected</th><th class=\"num\">change</th></tr></thead>\n<tbody>\n";
  for (const auto& e : events.events)
    out += "<tr><td>" + xml_escaped(e.at->label) + "</td><td>" + xml_escaped(e.team) + "</td>" +
           game_cell("rank", number_text(e.rank)) + game_cell("expected", number_text(e.expected, 2)) +
           game_cell("change", std::isnan(e.change) ? "" : signed_fixed(e.change, 1)) + "</tr>\n";
  return out + "</tbody></table></div>\n" + pager(events.total, page, per_page, params, "event");
}

}  // namespace

std::string player_page(const site& s, reading& r, const competition& c, const std::string& player,
                        const query_params& params) {
  store::database& db = r.db();
  const auto kept = r.list(c, 0);
  const rating_list& now = *kept;
  const long row = now.find(player);
  const auto id = player_id(db, c, player);
  if (row < 0 || !id) throw not_found("no such player in this competition");
  const int64_t page = whole_parameter(params, "page", 1, 1, 1'000'000'000);
  const int64_t per_page = whole_parameter(params, "per_page", default_per_page, 1, max_per_page);
  std::string body = "<p class=\"facts\">Rank " + std::to_string(now.rank_of(size_t(row))) + " of " +
                     std::to_string(now.order.size());
  for (const auto& f : now.fields) body += ", " + xml_escaped(f) + " " + brief(now.value(size_t(row), f), 1);
  body += ", " + counted(now.value(size_t(row), "games"), "game") + ", peak " + brief(now.value(size_t(row), "peak"), 1) +
          ". <a href=\"" + xml_escaped(s.base + "/api/competitions/" + url_encoded(c.name) + "/players/" + url_encoded(player)) +
          "\">JSON</a></p>\n";
  const std::vector<history_entry> history = rating_history(db, c, *id, player);
  body += chart(player, history) + history_table(history) +
          games_table(s, c, games_of(db, c, *id, (page - 1) * per_page, per_page), page, per_page, params) +
          events_table(events_of(db, c, *id, (page - 1) * per_page, per_page), page, per_page, params);
  return html_page(player, {{"Rating lists", s.base + "/"}, {c.name, s.base + "/competitions/" + url_encoded(c.name)}}, body);
}

}  // namespace ratekit::serve
