#include "serve/page_layout.hpp"

#include <ratekit/host/output/reports/html_report.hpp>
#include <ratekit/host/text/escape.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <map>

namespace ratekit::serve {

namespace {

// What the report's style lacks for a site: links, the search form and the pager.
constexpr const char* site_css = R"css(
a{color:#2f6db5}nav.trail{margin:0 0 6px;color:#556}nav.trail a{margin-right:6px}
form.search{margin:0 0 10px;display:flex;flex-wrap:wrap;gap:8px;align-items:center}
form.search input[type=search]{padding:4px 8px;min-width:min(240px,100%)}
nav.pager{margin:10px 0;display:flex;flex-wrap:wrap;gap:12px;align-items:center;color:#556}
thead th a{color:inherit;text-decoration:none}thead th a:focus,thead th a:hover{text-decoration:underline}
a:focus-visible,input:focus-visible,button:focus-visible{outline:3px solid #f0a500;outline-offset:1px}
@media (max-width:600px){th,td{padding:4px 5px}}
@media (max-width:600px){
.scroll:has(table.games){width:100%}
table.games,table.games tbody{display:block}table.games thead{display:none}
table.games tbody tr{display:flex;flex-wrap:wrap;gap:0 12px;padding:5px 8px;border-bottom:1px solid #e6e8ec}
table.games tbody td{display:block;padding:0;border:0;text-align:left}
table.games tbody td::before{content:attr(data-label) " ";color:#556}
table.games tbody td:nth-child(-n+2)::before{content:none}
table.games tbody td:nth-child(2){font-weight:600;flex:1 0 60%;overflow-wrap:anywhere}
}
)css";

}  // namespace

std::string html_page(const std::string& title, const std::vector<std::pair<std::string, std::string>>& trail,
                      const std::string& body) {
  std::string links;
  for (const auto& [text, href] : trail) links += "<a href=\"" + xml_escaped(href) + "\">" + xml_escaped(text) + "</a> / ";
  return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
         "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>" +
         xml_escaped(title) + " - ratekit</title>\n<style>" + report_css() + site_css + "</style>\n</head>\n<body>\n<main>\n" +
         "<header>\n" + (links.empty() ? "" : "<nav class=\"trail\">" + links + "</nav>\n") + "<h1>" + xml_escaped(title) +
         "</h1>\n</header>\n" + body + "</main>\n</body>\n</html>\n";
}

std::string url_encoded(std::string_view text) {
  std::string out;
  for (const char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (std::isalnum(u) || c == '-' || c == '.' || c == '_' || c == '~') out += c;
    else out += fmt::format("%{:02X}", u);
  }
  return out;
}

std::string query_with(const query_params& params, const std::vector<std::pair<std::string, std::string>>& changes) {
  std::map<std::string, std::string> kept;
  static const std::vector<std::string> known = {"as_of",    "sort", "order",    "page",        "per_page",
                                                 "q",        "min_games", "category", "active_since"};
  for (const auto& [name, value] : params)
    if (std::find(known.begin(), known.end(), name) != known.end()) kept.emplace(name, value);
  for (const auto& [name, value] : changes) kept[name] = value;
  std::string out;
  for (const auto& [name, value] : kept)
    if (!value.empty()) {
      out += out.empty() ? '?' : '&';
      out += url_encoded(name) + "=" + url_encoded(value);
    }
  return out;
}

}  // namespace ratekit::serve
