// The HTML pages: the competitions, a competition with its rating list, a player.
#include "serve/site.hpp"

#include "serve/http_reply.hpp"
#include "serve/page_layout.hpp"
#include "serve/pages.hpp"

#include <ratekit/host/text/escape.hpp>
#include <ratekit/host/text/format.hpp>

namespace ratekit::serve {

namespace {

std::string index_page(const site& s, reading& r) {
  std::string body = "<div class=\"scroll\"><table>\n<thead><tr><th>competition</th><th>model</th>"
                     "<th class=\"num\">players</th><th class=\"num\">games</th><th>periods</th></tr></thead>\n<tbody>\n";
  for (const auto& name : competition_names(r.db())) {
    const auto c = r.competition_named(name, true);
    body += "<tr><td><a href=\"" + xml_escaped(s.base + "/competitions/" + url_encoded(name)) + "\">" + xml_escaped(name) +
            "</a></td><td>" + xml_escaped(c->model) + "</td><td class=\"num\">" + std::to_string(c->players) +
            "</td><td class=\"num\">" + std::to_string(c->games) + "</td><td>" + period_span(*c) + "</td></tr>\n";
  }
  return html_page("Rating lists", {}, body + "</tbody></table></div>\n");
}

}  // namespace

std::string period_span(const competition& c) {
  if (c.periods.empty()) return "none";
  const auto shown = [](const period& p) { return xml_escaped(p.label); };
  return c.periods.size() == 1 ? shown(c.periods.front())
                               : shown(c.periods.front()) + " to " + shown(c.periods.back()) + " (" +
                                     std::to_string(c.periods.size()) + ")";
}

bool answer_page(const site& s, const std::vector<std::string>& path, const httplib::Request& req,
                 httplib::Response& res) {
  const bool index = path.empty(), of_competition = path.size() == 2 && path[0] == "competitions";
  const bool of_player = path.size() == 4 && path[0] == "competitions" && path[2] == "players";
  if (!index && !of_competition && !of_player) return false;
  reading r(s);
  const std::string& modified = r.last_modified();
  const char* type = "text/html; charset=utf-8";
  if (index) {
    send(req, res, index_page(s, r), type, modified);
    return true;
  }
  const auto c = r.competition_named(path[1], of_competition);
  if (of_player)
    send(req, res, player_page(s, r, *c, path[3], req.params), type, modified);
  else
    send(req, res, *r.list_page(req.target, [&] { return competition_page(s, r, *c, req.params); }), type, modified);
  return true;
}

}  // namespace ratekit::serve
