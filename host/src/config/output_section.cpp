#include "config/output_section.hpp"
#include <ratekit/host/config/config_keys.hpp>

#include "config/config_files.hpp"

#include <ratekit/host/text/diagnostics.hpp>

#include <algorithm>

namespace ratekit::config {
namespace {

namespace fs = std::filesystem;

// output.dir and output.database are relative to the config's folder, like every
// file the config reads, so a config gives the same places from any working directory.
// output.history: true, false, or the columns to write ([period, player, rating_after]).
void read_history(checker& c, const field& f, const rk_descriptor* model, competition_config& cfg) {
  if (!f.value.IsSequence()) {
    if (const auto b = boolean(c, f)) cfg.write_history = *b;
    return;
  }
  cfg.write_history = true;
  const std::vector<std::string> known = model ? history_column_names(*model) : std::vector<std::string>();
  for (size_t i = 0; i < f.value.size(); ++i) {
    const field item{"history", f.value[i], f.value[i]};
    const auto name = text(c, item);
    if (!name) continue;
    if (std::find(cfg.history_columns.begin(), cfg.history_columns.end(), *name) != cfg.history_columns.end())
      c.error(item.where(), "history column '" + *name + "' is listed twice");
    else if (model && std::find(known.begin(), known.end(), *name) == known.end()) {
      std::string list;
      for (const auto& k : known) list += (list.empty() ? "" : ", ") + k;
      const std::string guess = did_you_mean(*name, known);
      c.error(item.where(), "unknown history column '" + *name + "'" +
                                (guess.empty() ? "" : " (did you mean '" + guess + "'?)") + " (columns: " + list + ")");
    }
    cfg.history_columns.push_back(*name);
  }
  if (f.value.size() == 0) c.error(f.where(), "expected the history columns to write, got an empty list (false writes none)");
}

}  // namespace

void read_output(checker& c, const field& f, const fs::path& base, const rk_descriptor* model,
                 competition_config& cfg) {
  if (!is_map(c, f)) return;
  for (const auto& e : entries(c, f.value, keys_of("output"), "unknown key",
                                       " in 'output'")) {
    if (e.name == "dir") {
      if (const auto dir = text(c, e)) cfg.output_dir = (base / *dir).lexically_normal();
    } else if (e.name == "database") {
      if (const auto uri = database_uri(c, e)) cfg.output_database = *uri;
      else if (const auto db = text(c, e)) cfg.output_database = (base / *db).lexically_normal();
    } else if (e.name == "history") {
      read_history(c, e, model, cfg);
    } else if (const auto b = boolean(c, e)) {
      (e.name == "charts" ? cfg.write_charts : cfg.write_report) = *b;
    }
  }
}

void read_categories(checker& c, const field& f, competition_config& cfg) {
  if (!f.value.IsSequence()) {
    c.error(f.where(), "expected a list of { from: rating, label: text }, got " + describe(f.value));
    return;
  }
  for (size_t i = 0; i < f.value.size(); ++i) {
    const field item{"categories", f.value[i], f.value[i]};
    if (!is_map(c, item)) continue;
    const auto fields = entries(c, item.value, keys_of("categories"), "unknown key", " in a category");
    const field* from = find(fields, "from");
    const field* label = find(fields, "label");
    if (!from || !label) {
      c.error(item.where(), "a category needs 'from' and 'label'");
      continue;
    }
    const auto low = number(c, *from);
    const auto name = text(c, *label);
    if (!low || !name) continue;
    if (!cfg.categories.empty() && *low <= cfg.categories.back().first)
      c.error(from->where(), "categories must ascend by 'from'");
    cfg.categories.emplace_back(*low, *name);
  }
}

}  // namespace ratekit::config
