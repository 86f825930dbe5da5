// The report's ratings list: compact JSON data in the page and a small script
// that builds the table with paging, sorting and a search box. A list of 100,000
// players stays a few MB, and the page still loads nothing from anywhere.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace ratekit {

struct html_table_data {
  std::vector<std::string> header;            // ratings.csv's columns to show, "player" and "rating" first
  std::vector<std::vector<std::string>> rows; // ratings.csv's cells, in list order (highest first)
  std::vector<double> change;                 // over the run, NaN when unknown; empty: no change column
  std::map<std::string, std::string, std::less<>> help;  // what a column means: on its heading and under the list
};

// The section's HTML: controls, an empty table, the data and the script.
std::string html_ratings_table(const html_table_data& data);

}  // namespace ratekit
