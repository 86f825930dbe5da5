// load_config: the top level of a competition config. Sections with rules of
// their own (params, k_schedule) live in config/.
#include <ratekit/host/config/config.hpp>
#include <ratekit/host/config/config_keys.hpp>
#include <ratekit/host/text/diagnostics.hpp>

#include "config/config_files.hpp"
#include "config/initial.hpp"
#include "config/input_columns.hpp"
#include "config/k_schedule_yaml.hpp"
#include "config/output_section.hpp"
#include "config/params.hpp"
#include "config/yaml_check.hpp"
#include "input/numbers.hpp"

#include <algorithm>
#include <cmath>

namespace ratekit {
namespace {

// The values of `period:`, in period_kind's order.
const std::vector<std::string> period_names = {"game", "event", "day", "month", "year"};

namespace fs = std::filesystem;
using config::checker;
using config::field;
using config::existing_file;
using config::find;

std::string list(const std::vector<std::string>& names) {
  std::string s;
  for (const auto& n : names) s += (s.empty() ? "" : ", ") + n;
  return s;
}

const rk_descriptor* read_model(checker& c, const field& f, const model_catalog& models) {
  const auto id = config::text(c, f);
  if (!id) return nullptr;
  if (const rk_descriptor* d = models.find(*id)) return d;
  const auto ids = models.ids();
  std::string msg = "unknown model '" + *id + "'";
  if (const auto guess = did_you_mean(*id, ids); !guess.empty()) msg += " (did you mean '" + guess + "'?)";
  msg += ids.empty() ? "; no models are installed" : "; available: " + list(ids);
  c.error(f.where(), std::move(msg));
  return nullptr;
}

// The competition names the default output folder out/<competition>: it must stay one folder inside out/.
std::string competition_name_problem(const std::string& name) {
  if (name.empty()) return "it is empty";
  if (name == "." || name == "..") return "it names a folder outside out/";
  if (name.find_first_of("/\\") != std::string::npos) return "it holds a path separator";
  for (const char ch : name)
    if (static_cast<unsigned char>(ch) < 0x20 || ch == 0x7F) return "it holds a control character";
  return "";
}

void read_home(checker& c, const field& f, competition_config& cfg) {
  if (!f.value.IsMap()) {
    if (const auto v = config::number(c, f)) cfg.home_predict = cfg.home_update = *v;
    return;
  }
  for (const auto& e :
       config::entries(c, f.value, keys_of("home_advantage"), "unknown key", " in 'home_advantage'"))
    if (const auto v = config::number(c, e))
      (e.name == "predict" ? cfg.home_predict : e.name == "update" ? cfg.home_update : cfg.home_hindsight) = *v;
}

void read_input(checker& c, const field& f, const fs::path& base, bool apart, competition_config& cfg) {
  if (!config::is_map(c, f)) return;
  const auto fields = config::entries(c, f.value, keys_of("input"), "unknown key", " in 'input'");
  const reader_entry* reader = nullptr;
  if (const field* format = find(fields, "format")) {
    if (const auto name = config::text(c, *format)) {
      if ((reader = find_reader(*name))) {
        cfg.input_format = *name;
      } else {
        std::vector<std::string> known;
        for (const auto& r : readers()) known.emplace_back(r.format);
        std::string msg = "unknown input format '" + *name + "'";
        if (const auto guess = did_you_mean(*name, known); !guess.empty())
          msg += " (did you mean '" + guess + "'?)";
        c.error(format->where(), msg + "; known formats: " + list(known));
      }
    }
  } else {
    c.error(f.key.Mark(), "'input' needs 'format'");
  }
  const field* path = apart ? nullptr : find(fields, "path");  // files handed over apart replace it
  if (path) {
    if (path->value.IsSequence() && path->value.size() == 0) {
      c.error(path->where(), "expected an input file or a list of them for 'path', got an empty list");
    } else if (path->value.IsSequence()) {
      for (size_t i = 0; i < path->value.size(); ++i) {
        const field file{"path", path->value[i], path->value[i]};
        if (const auto p = existing_file(c, file, base, "input file")) {
          // One file twice (a.csv and ./a.csv, or a link to it) would rate its games twice.
          const auto again = std::find_if(cfg.input_paths.begin(), cfg.input_paths.end(), [&](const fs::path& q) {
            std::error_code ec;
            return fs::equivalent(*p, q, ec);
          });
          if (again != cfg.input_paths.end())
            c.error(file.where(), "expected each input file once, got " + p->string() + " again");
          else
            cfg.input_paths.push_back(*p);
        }
      }
    } else if (const auto p = existing_file(c, *path, base, "input file")) {
      cfg.input_paths.push_back(*p);
    }
  } else if (!apart) {
    c.error(f.key.Mark(), "'input' needs 'path' (or the files with ratekit run --input)");
  }
  if (const field* encoding = find(fields, "encoding"))
    if (const auto i = config::one_of(c, *encoding, {"utf-8", "latin1"}))
      cfg.input_options.encoding = *i == 0 ? "utf-8" : "latin1";
  if (const field* sort = find(fields, "sort"))
    if (config::one_of(c, *sort, {"date"})) cfg.input_options.sort_by_date = true;
  for (const auto& key : config::column_option_keys)
    if (const field* option = find(fields, key)) config::read_column_option(c, *option, reader, cfg.input_options);
}

// A whole-history model batches the games of one day (unless `period` says month or year) and counts the
// time between batches: game and event periods have no time to count.
void read_whole_history_period(checker& c, const field* period, competition_config& cfg) {
  if (!cfg.period_given) {  // absent, or refused already
    if (!period) cfg.period = period_kind::day;
    return;
  }
  if (!is_calendar(cfg.period))
    c.error(period->where(), "model '" + cfg.model + "' sees the whole history in time, each batch the games of one "
                             "day, month or year: write 'period: day' (the default for this model), 'month' or "
                             "'year', not 'period: " + period_names[size_t(cfg.period)] + "'");
}

// period: the games rated together; a model may need calendar periods or sees the whole history in them.
void read_period(checker& c, const field* f, const rk_descriptor* model, const field* model_field,
                 competition_config& cfg) {
  if (f)
    if (const auto i = config::one_of(c, *f, period_names)) {
      cfg.period = period_kind(*i);
      cfg.period_given = true;
    }
  if (model && (model->capabilities & RK_CAP_WHOLE_HISTORY)) read_whole_history_period(c, f, cfg);
  if (model && (model->capabilities & RK_CAP_CALENDAR_PERIODS) && !is_calendar(cfg.period))
    c.error(f ? f->where() : model_field->where(),
            "model '" + cfg.model + "' counts the time a player is away in calendar periods, so it needs " +
                (f ? "one, not 'period: " + period_names[size_t(cfg.period)] + "'" : std::string("one")) +
                ": choose 'period: month' (or day, year), the span in which a player's games are rated together");
}

// metrics: in-sample (a whole-history model's default) or walk-forward. A period-by-period model's metrics are
// always forecasts from the periods before: walk-forward is all it has.
void read_metrics(checker& c, const field& f, const rk_descriptor* model, competition_config& cfg) {
  static const std::vector<std::string> names = {"in-sample", "walk-forward"};
  const auto i = config::one_of(c, f, names);
  cfg.walk_forward_metrics = i && *i == 1;
  if (i && *i == 0 && model && !(model->capabilities & RK_CAP_WHOLE_HISTORY))
    c.error(f.where(), "model '" + cfg.model + "' scores each game before rating it, from the periods before: "
                       "its metrics are walk-forward, not in-sample");
}

// The top level of a config: its keys, in reading order, every problem at once.
competition_config read_config(checker& c, const YAML::Node& root, const fs::path& file, const fs::path& base,
                               bool input_apart, const model_catalog& models) {
  competition_config cfg;
  cfg.file = file;
  if (c.failed()) throw user_error(std::move(c.diagnostics()));
  if (!root.IsMap()) {
    if (root.IsNull())
      c.error("expected a map of settings (competition, model, input, ...), got nothing");
    else
      c.error(root.Mark(), "expected a map of settings (competition, model, input, ...), got " +
                               config::describe(root));
    throw user_error(std::move(c.diagnostics()));
  }
  const auto fields = config::entries(c, root, keys_of(""));
  for (const auto& f : fields) cfg.key_places[f.name] = {f.key.Mark().line + 1, f.key.Mark().column + 1};
  for (const char* required : {"competition", "model", "input"})
    if (!find(fields, required)) c.error("missing required key '" + std::string(required) + "'");

  if (const field* f = find(fields, "competition"))
    if (const auto name = config::text(c, *f)) {
      if (const std::string why = competition_name_problem(*name); !why.empty())
        c.error(f->where(), "expected a competition name usable as a folder name, got '" + *name + "' (" + why + ")");
      cfg.competition = *name;
    }
  const rk_descriptor* model = nullptr;
  const field* model_field = find(fields, "model");
  if (model_field && (model = read_model(c, *model_field, models))) cfg.model = model->id;

  // Sections that depend on the model are still parsed without one, to report their own mistakes.
  if (model) cfg.params = config::default_params(*model);
  if (const field* f = find(fields, "params"); f && model) {
    cfg.params = config::read_params(c, *f, *model);
    config::refuse_idle_params(c, *f, *model, models.param_needs(model->id), cfg.params);
  }

  const field* k = find(fields, "k_schedule");
  if (k)
    if (auto schedule = config::read_k_schedule(c, *k)) cfg.k = std::move(*schedule);
  if (model) {
    const bool uses_k = model->capabilities & RK_CAP_USES_K;
    if (k && !uses_k)
      c.error(k->key.Mark(), "model '" + cfg.model + "' has no K factor; remove 'k_schedule'");
    if (!k && uses_k) c.error(model_field->where(), "model '" + cfg.model + "' needs a k_schedule");
  }

  if (const field* f = find(fields, "home_advantage")) {
    read_home(c, *f, cfg);
    if (model && !(model->capabilities & RK_CAP_HOME_ADVANTAGE) && (cfg.home_predict != 0 || cfg.home_update != 0))
      c.error(f->key.Mark(), "model '" + cfg.model + "' has no home advantage; remove 'home_advantage'");
  }
  std::optional<field> initial_database;
  if (const field* f = find(fields, "initial")) read_initial(c, *f, base, model, initial_database, cfg);
  if (const field* f = find(fields, "input")) read_input(c, *f, base, input_apart, cfg);
  read_period(c, find(fields, "period"), model, model_field, cfg);
  if (const field* f = find(fields, "metrics")) read_metrics(c, *f, model, cfg);
  cfg.output_dir = fs::path("out") / cfg.competition;
  if (const field* f = find(fields, "output")) config::read_output(c, *f, base, model, cfg);
  if (initial_database) read_initial_database(c, *initial_database, base, cfg);
  if (const field* f = find(fields, "categories")) config::read_categories(c, *f, cfg);

  if (c.failed()) {
    // In reading order, whatever order the sections were checked in.
    std::stable_sort(c.diagnostics().begin(), c.diagnostics().end(), [](const diagnostic& a, const diagnostic& b) {
      return a.line != b.line ? a.line < b.line : a.column < b.column;
    });
    throw user_error(std::move(c.diagnostics()));
  }
  return cfg;
}

}  // namespace

competition_config load_config(const fs::path& file, const model_catalog& models, bool input_apart) {
  checker c(file.string());
  std::string text;
  const YAML::Node root = config::load_document(c, file, text);
  competition_config cfg = read_config(c, root, file, fs::absolute(file).parent_path(), input_apart, models);
  cfg.text = std::move(text);
  return cfg;
}

competition_config load_config(const config_text& text, const model_catalog& models) {
  checker c(text.name);
  const YAML::Node root = config::load_text(c, text.yaml);
  competition_config cfg = read_config(c, root, text.name, fs::absolute(text.base), text.input_apart, models);
  cfg.text = text.yaml;
  return cfg;
}

user_error competition_config::error_at(std::string_view key, std::string message) const {
  const auto at = key_places.find(key);
  if (at == key_places.end()) return user_error(file.string(), 0, 0, std::move(message));
  return user_error(file.string(), at->second.first, at->second.second, std::move(message));
}

}  // namespace ratekit
