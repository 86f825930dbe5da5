// The tuning as a terminal table, tuned.csv, tune.json and tuned.yaml, and the set written.
#include <ratekit/host/evaluate/output_set.hpp>
#include <ratekit/host/evaluate/tune_outputs.hpp>
#include <ratekit/host/text/escape.hpp>
#include <ratekit/host/text/format.hpp>

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <numeric>

namespace ratekit {

namespace fs = std::filesystem;

namespace {

// The values as a reader takes them in: at most four decimals (the files keep them whole).
std::string values_of(const tuning& t, const std::vector<double>& values) {
  std::string out;
  for (size_t i = 0; i < t.space.size(); ++i) out += (i ? ", " : "") + t.space[i].name + " " + brief(values[i], 4);
  return out;
}

// The last date with a game in a window that ends before `until`.
std::string last_date_of(const game_window& w) { return iso_date(*std::max_element(w.dates.begin(), w.dates.end())); }

std::string scores_header(const std::string& title, size_t width) {
  return fmt::format("{:<{}}  {:>6}  {:>8}  {:>7}  {:>8}  {:>8}\n", title, width, "games", "log-loss", "Brier",
                     "accuracy", "deviance");
}

std::string scores_row(const std::string& name, size_t width, const score_set& s) {
  return fmt::format("{:<{}}  {:>6}  {:>8}  {:>7}  {:>8}  {:>8}\n", name, width, s.games, fixed(s.log_loss, 4),
                     fixed(s.brier, 4), fixed(100 * s.accuracy, 1) + "%", fixed(s.deviance, 2));
}

nlohmann::json scores_json(const score_set& s) {
  return {{"games", s.games}, {"log_loss", s.log_loss}, {"brier", s.brier}, {"accuracy", s.accuracy},
          {"deviance", s.deviance}};
}

// A path the config gives relative to its folder, relative to `dir` instead; others as they are.
std::string moved_path(const std::string& text, const fs::path& from, const fs::path& dir) {
  const bool location = text.find("://") != std::string::npos || text.find('=') != std::string::npos;
  if (location || text.empty() || fs::path(text).is_absolute()) return text;
  return (from / text).lexically_normal().lexically_relative(dir).generic_string();
}

void move_paths(YAML::Node root, const fs::path& from, const fs::path& dir) {
  for (const auto& [section, key] : {std::pair{"input", "path"}, {"initial", "ratings"}, {"initial", "database"},
                                     {"output", "dir"}, {"output", "database"}}) {
    if (!root[section].IsMap()) continue;
    YAML::Node node = root[section][key];
    if (node.IsScalar()) root[section][key] = moved_path(node.Scalar(), from, dir);
    if (node.IsSequence())
      for (size_t i = 0; i < node.size(); ++i)
        if (node[i].IsScalar()) node[i] = moved_path(node[i].Scalar(), from, dir);
  }
}

}  // namespace

std::string tuning_table(const tuning& t) {
  const game_window &v = t.validation, &w = t.test;
  std::string out = fmt::format(
      "validation window {} to {}: {} (rated on {} before it); test window {} to {}: {}\n",
      iso_date(v.from), last_date_of(v), window_rows(v), counted(double(v.training), v.pairs.empty() ? "game" : "event"),
      iso_date(w.from), iso_date(w.last_date), window_rows(w));
  out += fmt::format("{}: {} rated{}, lowest validation {}\n\n", t.method, counted(double(t.points.size()), "candidate"),
                     t.stopped ? " (stopped: the best so far)" : "", t.options.brier ? "Brier" : "log-loss");
  std::vector<size_t> order(t.points.size());
  std::iota(order.begin(), order.end(), size_t(0));
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return t.objective(t.points[a].validation) < t.objective(t.points[b].validation);
  });
  order.resize(std::min<size_t>(order.size(), 10));
  size_t width = 24;
  for (const size_t i : order) width = std::max(width, values_of(t, t.points[i].values).size());
  out += scores_header("validation: the best " + std::to_string(order.size()), width);
  for (const size_t i : order) out += scores_row(values_of(t, t.points[i].values), width, t.points[i].validation);
  out += scores_row("the config as given", width, t.given_validation);
  out += '\n';
  out += scores_header("test: never seen by the search", width);
  out += scores_row(values_of(t, t.points[t.best].values), width, t.chosen_test);
  out += scores_row("the config as given", width, t.given_test);
  return out;
}

std::string tuning_csv(const tuning& t) {
  std::string out = "candidate";
  for (const tuned_param& p : t.space) append_csv_field(out += ',', p.name);
  out += ",log_loss,brier,accuracy,deviance,games\n";
  for (size_t i = 0; i < t.points.size(); ++i) {
    out += std::to_string(i + 1);
    const score_set& s = t.points[i].validation;
    for (const double v : t.points[i].values) append_number(out += ',', v);
    for (const double v : {s.log_loss, s.brier, s.accuracy, s.deviance}) append_number(out += ',', v);
    out += ',' + std::to_string(s.games) + '\n';
  }
  return out;
}

nlohmann::json tuning_json(const tuning& t) {
  nlohmann::json space = nlohmann::json::array(), chosen = nlohmann::json::object();
  for (size_t i = 0; i < t.space.size(); ++i) {
    const tuned_param& p = t.space[i];
    space.push_back({{"name", p.name}, {"low", p.lo}, {"high", p.hi}, {"step", p.step}});
    chosen[p.name] = t.points[t.best].values[i];
  }
  const game_window &v = t.validation, &w = t.test;
  return {{"method", t.method},
          {"objective", t.options.brier ? "brier" : "log_loss"},
          {"seed", t.options.seed},
          {"budget", t.options.budget},
          {"space", space},
          {"candidates", t.points.size()},
          {"stopped", t.stopped},
          {"validation", {{"from", iso_date(v.from)}, {"until", iso_date(v.until)}, {"games", v.outcomes.size()},
                          {"training_games", v.training}}},
          {"test", {{"from", iso_date(w.from)}, {"last_date", iso_date(w.last_date)}, {"games", w.outcomes.size()}}},
          {"chosen", {{"values", chosen}, {"candidate", t.best + 1},
                      {"validation", scores_json(t.points[t.best].validation)}, {"test", scores_json(t.chosen_test)}}},
          {"given", {{"validation", scores_json(t.given_validation)}, {"test", scores_json(t.given_test)}}},
          {"on_edge", t.on_edge}};
}

std::string tuned_yaml(const tuning& t, const fs::path& config_file, const fs::path& dir) {
  YAML::Node root = YAML::Load(t.tuned_yaml);
  move_paths(root, fs::absolute(config_file).parent_path(), fs::absolute(dir).lexically_normal());
  YAML::Emitter yaml;
  yaml << root;
  const score_set &best = t.points[t.best].validation, &test = t.chosen_test;
  std::string out = fmt::format(
      "# {} tuned by ratekit tune: {}.\n# Found by {} over {} on the validation window {} to {} ({} {}s), rated "
      "on the {}s before it:\n# validation log-loss {}, Brier {}; on the test window from {} ({} {}s), which "
      "the search never saw:\n# log-loss {}, Brier {} (the config as given: {}, {}).\n",
      config_file.filename().string(), values_of(t, t.points[t.best].values), t.method,
      counted(double(t.points.size()), "candidate"), iso_date(t.validation.from), last_date_of(t.validation),
      best.games, t.validation.unit, t.validation.pairs.empty() ? "game" : "event", fixed(best.log_loss, 4),
      fixed(best.brier, 4), iso_date(t.test.from), test.games, t.test.unit,
      fixed(test.log_loss, 4), fixed(test.brier, 4), fixed(t.given_test.log_loss, 4), fixed(t.given_test.brier, 4));
  if (t.stopped) out += "# The search was stopped: these are the best values found before it.\n";
  for (const std::string& name : t.on_edge) out += "# " + name + " lies on an end of its range: widen it.\n";
  return out + "# Paths are relative to this file's folder.\n" + yaml.c_str() + "\n";
}

void write_tuning(const tuning& t, const fs::path& config_file, const fs::path& dir) {
  write_output_set(dir, {{"tuned.csv", tuning_csv(t)},
                         {"tune.json", json_text(tuning_json(t), 2) + "\n"},
                         {"tuned.yaml", tuned_yaml(t, config_file, dir)},
                         {"tune.svg", tuning_svg(t)}});
}

}  // namespace ratekit
