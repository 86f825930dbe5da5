// A competition's page: its facts and its rating list, rendered on the server.
#include "serve/pages.hpp"

#include "serve/page_layout.hpp"

#include <ratekit/host/text/escape.hpp>
#include <ratekit/host/text/format.hpp>

#include <cmath>

namespace ratekit::serve {

namespace {

std::string cell(double v, bool whole) {
  if (std::isnan(v)) return "";
  return whole || v == std::floor(v) ? fixed(v, 0) : fixed(v, 1);
}

// A column heading that sorts by it (rank and player up, numbers down first); again, the other way.
std::string heading(const std::string& column, const list_request& r, const query_params& params, bool number) {
  const bool current = r.sort == column;
  const bool descending = current ? !r.descending : column != "player" && column != "rank";
  const std::string href = query_with(params, {{"sort", column}, {"order", descending ? "desc" : "asc"}, {"page", ""}});
  const std::string order = r.descending ? "descending" : "ascending";
  return std::string("<th") + (number ? " class=\"num\"" : "") + (current ? " aria-sort=\"" + order + "\"" : "") +
         "><a href=\"" + xml_escaped(href) + "\">" + xml_escaped(column) +
         (current ? (r.descending ? " \u25be" : " \u25b4") : "") + "</a></th>";
}

// The competition's categories to choose from, when it has any.
std::string category_choice(const rating_list& list, const list_request& r) {
  if (list.categories.empty()) return "";
  std::string out = "<label for=\"category\">category</label><select id=\"category\" name=\"category\">"
                    "<option value=\"\">any</option>";
  for (const auto& [from, label] : list.categories)
    out += "<option" + std::string(label == r.category ? " selected" : "") + ">" + xml_escaped(label) + "</option>";
  return out + "</select>\n";
}

std::string search_form(const rating_list& list, const list_request& r, const query_params& params) {
  const std::string* q = params.count("q") ? &params.find("q")->second : nullptr;
  std::string form = "<form class=\"search\" method=\"get\" role=\"search\">\n"
                     "<label for=\"q\">Name</label><input type=\"search\" id=\"q\" name=\"q\" value=\"" +
                     xml_escaped(q ? *q : "") + "\" placeholder=\"first letters\">\n"
                     "<label for=\"as_of\">as of</label><input type=\"date\" id=\"as_of\" name=\"as_of\" value=\"" +
                     (r.as_of ? iso_date(r.as_of) : "") + "\">\n" + category_choice(list, r) +
                     "<label for=\"active_since\">active since</label><input type=\"date\" id=\"active_since\" "
                     "name=\"active_since\" value=\"" + (r.active_since ? iso_date(r.active_since) : "") + "\">\n";
  if (params.count("sort")) form += "<input type=\"hidden\" name=\"sort\" value=\"" + xml_escaped(r.sort) + "\">\n";
  if (params.count("order")) form += "<input type=\"hidden\" name=\"order\" value=\"" + std::string(r.descending ? "desc" : "asc") + "\">\n";
  return form + "<button type=\"submit\">Search</button>\n</form>\n";
}

std::string pager(const list_request& r, const list_page& page, const query_params& params) {
  const int64_t pages = std::max<int64_t>(1, (page.total + r.per_page - 1) / r.per_page);
  std::string out = "<nav class=\"pager\" aria-label=\"pages\">";
  if (r.page > 1) out += "<a rel=\"prev\" href=\"" + xml_escaped(query_with(params, {{"page", std::to_string(r.page - 1)}})) + "\">previous</a>";
  out += "<span>page " + std::to_string(r.page) + " of " + std::to_string(pages) + ", " + counted(double(page.total), "player") + "</span>";
  if (r.page < pages) out += "<a rel=\"next\" href=\"" + xml_escaped(query_with(params, {{"page", std::to_string(r.page + 1)}})) + "\">next</a>";
  return out + "</nav>\n";
}

std::string list_table(const site& s, const competition& c, const rating_list& list, const list_request& r,
                       const list_page& page, const query_params& params) {
  std::vector<std::string> columns{"rank", "player"};
  columns.insert(columns.end(), list.fields.begin(), list.fields.end());
  columns.insert(columns.end(), {"games", "peak"});
  std::string out = "<div class=\"scroll\"><table class=\"ratings\">\n<thead><tr>";
  for (const auto& column : columns) out += heading(column, r, params, column != "player");
  out += "</tr></thead>\n<tbody>\n";
  for (const size_t position : page.positions) {
    const size_t row = list.order[position];
    const std::string& name = list.players.name(list.rows.ids[row]);
    out += "<tr><td class=\"num\" data-label=\"rank\">" + std::to_string(list.rank[position]) + "</td><td><a href=\"" +
           xml_escaped(s.base + "/competitions/" + url_encoded(c.name) + "/players/" + url_encoded(name)) + "\">" +
           xml_escaped(name) + "</a></td>";
    for (size_t i = 2; i < columns.size(); ++i)
      out += "<td class=\"num\" data-label=\"" + xml_escaped(columns[i]) + "\">" +
             cell(list.value(row, columns[i]), columns[i] == "games") + "</td>";
    out += "</tr>\n";
  }
  return out + "</tbody></table></div>\n";
}

}  // namespace

std::string competition_page(const site& s, reading& reads, const competition& c, const query_params& params) {
  const list_request r = read_list_request(params);
  const auto kept = reads.list(c, r.as_of);
  const rating_list& list = *kept;
  const list_page page = page_of(list, r);
  const std::string api = s.base + "/api/competitions/" + url_encoded(c.name);
  std::string body = "<p class=\"facts\">Rated with " + xml_escaped(c.model) + ". " + counted(double(c.players), "player") +
                     ", " + counted(double(c.games), "game") + "; periods " + period_span(c) + ". The list " +
                     (list.period.empty() ? std::string("holds no period yet")
                                          : "after period " + xml_escaped(list.period)) +
                     ". Download it as <a href=\"" + xml_escaped(api + "/ratings.csv" + query_with(params, {{"page", ""}, {"sort", ""}, {"order", ""}, {"q", ""}, {"per_page", ""}, {"min_games", ""}, {"category", ""}, {"active_since", ""}})) +
                     "\">CSV</a> or <a href=\"" + xml_escaped(api + "/ratings" + query_with(params, {})) + "\">JSON</a>.</p>\n";
  body += search_form(list, r, params) + list_table(s, c, list, r, page, params) + pager(r, page, params);
  return html_page(c.name, {{"Rating lists", s.base + "/"}}, body);
}

}  // namespace ratekit::serve
