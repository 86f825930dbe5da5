// ratekit's Python module (_ratekit): the host's commands as functions. The
// Python package (python/ratekit/) turns DataFrames and dicts into what these
// take, and their files back into DataFrames.
#include "frame_columns.hpp"
#include "frame_rows.hpp"
#include "run_handle.hpp"
#include "table_arrays.hpp"

#include <ratekit/host/text/stop.hpp>
#include <ratekit/host/evaluate/compare_outputs.hpp>
#include <ratekit/host/evaluate/tune_outputs.hpp>
#include <ratekit/host/plugin/expect_states.hpp>
#include <ratekit/host/plugin/plugin_json.hpp>
#include <ratekit/host/output/reports/predict_database.hpp>
#include <ratekit/host/run/progress.hpp>
#include <ratekit/host/run/run_unit.hpp>
#include <ratekit/host/store/connection_scope.hpp>
#include <ratekit/host/store/location.hpp>

#include <ratekit/host/config/config.hpp>
#include <ratekit/host/input/game_columns.hpp>
#include <ratekit/host/output/files/outputs.hpp>
#include <ratekit/host/output/run_outputs.hpp>
#include <ratekit/host/output/reports/predictions.hpp>
#include <ratekit/host/text/escape.hpp>

#include <pybind11/stl.h>

#include <dlfcn.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <future>
#include <map>
#include <memory>
#include <optional>
#include <thread>

namespace py = pybind11;
namespace fs = std::filesystem;

namespace ratekit::python {
namespace {

// The plugins beside this module's build tree, or the installed ones: the
// program is Python, so the CLI's rule (beside the executable) does not apply.
fs::path builtin_plugins() {
  Dl_info info{};
  std::error_code ec;
  if (dladdr(reinterpret_cast<void*>(&builtin_plugins), &info) && info.dli_fname) {
    const fs::path self = fs::weakly_canonical(info.dli_fname, ec);
    const fs::path build = fs::weakly_canonical(RATEKIT_BUILD_DIR, ec);
    if (!ec && self.string().starts_with(build.string() + "/")) return RATEKIT_BUILD_PLUGIN_DIR;
  }
  return RATEKIT_INSTALLED_PLUGIN_DIR;
}

// The CLI's search path and trust rules: `plugin_dir` first, RATEKIT_PLUGIN_PATH, the built-in folder.
plugin_registry registry(const std::vector<std::string>& plugin_dir, bool allow_insecure) {
  return plugin_registry(plugin_registry::search_path(plugin_dir, builtin_plugins()), allow_insecure);
}

competition_config config_of(const std::string& config_file, const std::optional<config_text>& text,
                             const plugin_registry& plugins) {
  return text ? load_config(*text, plugins) : load_config(fs::path(config_file), plugins);
}

// Runs `work` on a thread of its own while this one, the GIL released, takes
// Python's signals: Ctrl-C's KeyboardInterrupt stops the run within a piece
// of games (text/stop.hpp) and is raised once the run has unwound.
template <class Result>
Result interruptible(const std::function<Result()>& work) {
  std::atomic<bool> stop{false};
  std::optional<Result> unit;
  std::exception_ptr failure;
  std::optional<py::error_already_set> signal;
  std::promise<void> ended;
  std::future<void> done = ended.get_future();
  std::thread worker([&] {
    const stop_scope scope(stop);
    try {
      unit.emplace(work());
    } catch (...) {
      failure = std::current_exception();
    }
    ended.set_value();
  });
  {
    const py::gil_scoped_release unlocked;
    while (done.wait_for(std::chrono::milliseconds(50)) != std::future_status::ready) {
      if (signal) continue;
      const py::gil_scoped_acquire locked;
      if (PyErr_CheckSignals() != 0) {
        signal.emplace();  // the handler's exception, taken from Python
        stop = true;
      }
    }
    worker.join();
  }
  if (signal) throw std::move(*signal);
  if (failure) std::rethrow_exception(failure);
  return std::move(*unit);
}

// Into `out`, the caller's folder; with none, the files are kept in memory. The games are the frame's pairwise
// games (`games`), or its team matches or ranked events (`events_text` of `events_format`), or the config's input.
run_handle run(const std::string& config_file, std::optional<config_text> text, const std::string& out,
               const py::object& games, const std::vector<std::string>& unknown, size_t rows,
               const std::string& events_format, std::string events_text,
               const std::vector<std::string>& plugin_dir, bool allow_insecure) {
  const plugin_registry plugins = registry(plugin_dir, allow_insecure);
  if (text) text->input_apart = !games.is_none() || !events_format.empty();
  // This run's connection strings, apart from another thread's run naming its database with another password.
  const auto connections = new_connection_strings();
  std::optional<connection_scope> reading_config(std::in_place, connections);
  competition_config config = config_of(config_file, text, plugins);
  reading_config.reset();
  std::shared_ptr<frame_columns> columns;
  if (!games.is_none()) columns = std::make_shared<frame_columns>(games.cast<py::dict>(), unknown, rows, frame_name);
  std::optional<frame_rows> frame;
  if (columns) {
    read_frame(config, "games-csv");
    frame.emplace(columns, config.input_options);
  }
  std::optional<event_rows> events;
  if (!events_format.empty()) {
    read_frame(config, events_format);
    events.emplace(events_format, std::move(events_text), config.input_options);
  }
  const fs::path dir(out);
  if (!dir.empty()) refuse_inputs_inside(config, dir);
  std::shared_ptr<history_table> history = history_in_memory(config, plugins, dir);
  // Rating touches no Python object; the games' columns go with `columns`, under the GIL.
  unit_result unit = interruptible<unit_result>([&] {
    const connection_scope rating(connections);
    progress bar(false);
    return run_unit(config, plugins, dir, {.history = history.get()}, bar, given_rows(frame, events));
  });
  if (!unit.run.history_streamed) history.reset();  // a whole-history model's run keeps history.csv's text
  return {std::make_shared<const unit_result>(std::move(unit)),
          std::make_shared<const competition_config>(std::move(config)), std::move(history)};
}

// `ratekit compare` over configs (files, or texts where `texts[i]` is set), on the frame's games when given:
// compare.csv's text and compare.json's; the files written into `out` unless it is empty.
std::pair<std::string, std::string> compare(const std::vector<std::string>& config_files,
                                            std::vector<std::optional<config_text>> texts, const py::object& games,
                                            const std::vector<std::string>& unknown, size_t rows,
                                            compare_options options, const std::string& test_from,
                                            const std::string& out, const std::vector<std::string>& plugin_dir,
                                            bool allow_insecure, const std::string& events_format,
                                            std::string events_text) {
  const plugin_registry plugins = registry(plugin_dir, allow_insecure);
  if (!test_from.empty()) options.test_from = parse_window_date(test_from, "test_from");
  std::shared_ptr<frame_columns> columns;
  if (!games.is_none()) columns = std::make_shared<frame_columns>(games.cast<py::dict>(), unknown, rows, frame_name);
  std::vector<competition_config> configs;
  for (size_t i = 0; i < config_files.size(); ++i) {
    if (texts[i]) texts[i]->input_apart = columns != nullptr || !events_format.empty();
    const connection_scope own(options.connections.emplace_back(new_connection_strings()));
    configs.push_back(config_of(config_files[i], texts[i], plugins));
    if (columns) read_frame(configs.back(), "games-csv");
    if (!events_format.empty()) read_frame(configs.back(), events_format);
  }
  // Every config reads the games alike (compare_configs refuses them otherwise): the first's options read them.
  std::optional<frame_rows> frame;
  if (columns && !configs.empty()) frame.emplace(columns, configs.front().input_options);
  std::optional<event_rows> events;
  if (!events_format.empty() && !configs.empty())
    events.emplace(events_format, std::move(events_text), configs.front().input_options);
  return interruptible<std::pair<std::string, std::string>>([&] {
    const comparison c = compare_configs(configs, plugins, options, given_rows(frame, events));
    if (!out.empty()) write_comparison(c, out);
    return std::make_pair(comparison_csv(c), json_text(comparison_json(c), 2));
  });
}

// `ratekit tune` over a config (a file, or a text) and `--param` specs, on the frame's games when given:
// tuned.csv's text and tune.json's;
// the files written into `out` unless it is empty. Interrupted, the search keeps its best so far, but the
// call raises KeyboardInterrupt as every other does.
std::pair<std::string, std::string> tune(const std::string& config_file, std::optional<config_text> text,
                                         const py::object& games, const std::vector<std::string>& unknown,
                                         size_t rows, const std::vector<std::string>& params, tune_options options,
                                         const std::string& validate_from, const std::string& test_from,
                                         const std::string& out, const std::vector<std::string>& plugin_dir,
                                         bool allow_insecure, const std::string& events_format,
                                         std::string events_text) {
  const plugin_registry plugins = registry(plugin_dir, allow_insecure);
  if (!validate_from.empty()) options.validate_from = parse_window_date(validate_from, "validate_from");
  if (!test_from.empty()) options.test_from = parse_window_date(test_from, "test_from");
  std::vector<tuned_param> space;
  for (const std::string& p : params) space.push_back(parse_tuned_param(p));
  if (text) text->input_apart = !games.is_none() || !events_format.empty();
  competition_config config = config_of(config_file, text, plugins);
  std::optional<event_rows> events;
  if (!events_format.empty()) {
    read_frame(config, events_format);
    events.emplace(events_format, std::move(events_text), config.input_options);
  }
  std::optional<frame_rows> frame;
  if (!games.is_none()) {
    read_frame(config, "games-csv");
    frame.emplace(std::make_shared<frame_columns>(games.cast<py::dict>(), unknown, rows, frame_name),
                  config.input_options);
  }
  return interruptible<std::pair<std::string, std::string>>([&] {
    const tuning t = tune_config(config, std::move(space), plugins, options, given_rows(frame, events));
    if (!out.empty()) write_tuning(t, config.file, out);
    return std::make_pair(tuning_csv(t), json_text(tuning_json(t), 2));
  });
}

// A number as a message shows it: -1, 1e+16, inf.
std::string shown(double x) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", x);
  return text;
}

// `ratekit predict`'s --min-games, --new-rating and --new-state, checked as its options are.
new_player_rule new_players(double min_games, std::optional<double> rating,
                            const std::map<std::string, double>& state) {
  if (!(min_games >= 0 && min_games <= 1e15))
    throw user_error("min_games: expected a number of games from 0 to 1e15, got " + shown(min_games));
  if (rating && !(*rating >= -1e15 && *rating <= 1e15))
    throw user_error("new_rating: expected a rating from -1e15 to 1e15, got " + shown(*rating));
  new_player_rule rule{min_games, rating.value_or(NAN), {}};
  for (const auto& [name, value] : state) {
    if (!std::isfinite(value)) throw user_error("new_state: expected a finite number for '" + name + "', got " + shown(value));
    rule.state.emplace_back(name, value);
  }
  return rule;
}

// A model's state fields, in its order: what predictions and the files name columns after.
std::vector<std::string> state_fields(const plugin& p) {
  std::vector<std::string> names;
  for (uint32_t f = 0; f < p.descriptor().state_count; ++f) names.emplace_back(p.descriptor().state[f].name);
  return names;
}

// The predictions' CSV and the model's state fields.
using predictions = std::pair<std::string, std::vector<std::string>>;

// `games`: the frame's CSV text, named as a frame of games is (frame_name).
predictions predict_run(const run_handle& h, const std::string& games, const new_player_rule& rule) {
  const run_result& r = h.unit->run;
  // A whole-history model's forecasts start from the last estimates widened by the drift, as the CLI's.
  const auto& columns = h.unit->forecast_columns.empty() ? r.state.columns : h.unit->forecast_columns;
  const competition_config& config = *h.config;
  const std::vector<double> initial = initial_row(*r.rater, config.initial_rating, config.initial_state);
  const prediction_basis basis{*r.rater, r.data.players, columns, new_player_row(*r.rater, initial, rule),
                               config.home_predict, &r.state.games, rule.min_games};
  return {predictions_csv(basis, input_text{frame_name, games}), state_fields(*r.source)};
}

predictions predict_database(const std::string& db, const std::string& competition,
                             std::optional<double> home_advantage, const std::string& games,
                             const new_player_rule& rule, const std::vector<std::string>& plugin_dir,
                             bool allow_insecure) {
  const plugin_registry plugins = registry(plugin_dir, allow_insecure);
  std::string model;
  std::string csv =
      predictions_from_database(plugins, db, competition, home_advantage, input_text{frame_name, games}, rule, &model);
  return {std::move(csv), state_fields(*plugins.get(model))};
}

double expect(const std::string& id, const named_fields& a, const named_fields& b,
              const std::vector<std::pair<std::string, std::string>>& params, double advantage,
              const std::vector<std::string>& plugin_dir, bool allow_insecure) {
  const auto p = registry(plugin_dir, allow_insecure).get(id);
  return expected_score(p, params, side_state(p->descriptor(), {}, a, "A"), side_state(p->descriptor(), {}, b, "B"),
                        advantage);
}

// Sets ratekit.Error with the CLI's lines, each control character escaped as
// the CLI prints it; `diagnostics` holds each problem's (file, line, column,
// message) for the package to name in the caller's terms (a DataFrame's rows).
void raise_error(const py::handle& type, const std::vector<diagnostic>& problems) {
  std::string text;
  py::list places;
  for (const diagnostic& d : problems) {
    const diagnostic shown{valid_utf8(printable(d.file)), d.line, d.column, valid_utf8(printable(d.message))};
    text += (text.empty() ? "" : "\n") + shown.str();
    places.append(py::make_tuple(shown.file, shown.line, shown.column, shown.message));
  }
  const py::object raised = type(text);
  raised.attr("diagnostics") = places;
  PyErr_SetObject(type.ptr(), raised.ptr());
}

}  // namespace
}  // namespace ratekit::python

PYBIND11_MODULE(_ratekit, m) {
  using namespace ratekit;
  using namespace ratekit::python;
  m.doc() = "ratekit's host: plugins, runs, expectations and predictions (the ratekit package wraps it)";
  static py::exception<user_error> error(m, "Error", PyExc_ValueError);
  // Every fault of the host or a plugin arrives as ratekit.Error with the CLI's message.
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const py::error_already_set&) {
      throw;
    } catch (const py::builtin_exception&) {
      throw;
    } catch (const std::bad_alloc&) {
      throw;
    } catch (const user_error& e) {
      raise_error(error, e.diagnostics());
    } catch (const std::exception& e) {
      raise_error(error, {diagnostic{"", 0, 0, e.what()}});
    }
  });
  py::class_<config_text>(m, "ConfigText")
      .def(py::init([](std::string name, std::string yaml, std::string base) {
        return config_text{std::move(name), std::move(yaml), std::move(base), false};
      }));
  py::class_<run_handle>(m, "Run")
      .def_property_readonly("rating_seconds", &run_handle::rating_seconds)
      .def_property_readonly("keeps_history", [](const run_handle& h) { return h.history != nullptr; })
      .def_property_readonly("state_fields", [](const run_handle& h) { return state_fields(*h.unit->run.source); })
      .def("history_columns", &run_handle::history_columns)
      .def("ratings_columns", &run_handle::ratings_columns)
      .def("file", &run_handle::file)
      .def("file_names", &run_handle::file_names)
      .def("write_files", [](const run_handle& h, const std::string& dir) { write_texts(dir, h.files()); });
  m.def("plugins_json", [](const std::vector<std::string>& dirs, bool insecure) {
    return json_text(plugins_json(registry(dirs, insecure)), 2);
  });
  m.def("describe_json", [](const std::string& id, const std::vector<std::string>& dirs, bool insecure) {
    return json_text(describe_json(*registry(dirs, insecure).get(id)), 2);
  });
  m.def("run", &run, py::arg("config_file"), py::arg("text"), py::arg("out"), py::arg("games"), py::arg("unknown"),
        py::arg("rows"), py::arg("events_format"), py::arg("events_text"), py::arg("plugin_dir"),
        py::arg("allow_insecure"));
  m.attr("frame_name") = frame_name;
  m.attr("games_csv_columns") =
      py::tuple(py::cast(std::vector<std::string>(games_csv_columns.begin(), games_csv_columns.end())));
  const std::vector<std::string_view> numbers = games_csv_number_columns();
  m.attr("games_csv_number_columns") = py::tuple(py::cast(std::vector<std::string>(numbers.begin(), numbers.end())));
  py::class_<compare_options>(m, "CompareOptions")
      .def(py::init([](uint64_t seed, size_t replicates, std::vector<std::string> names) {
        compare_options o;
        o.seed = seed, o.replicates = replicates, o.names = std::move(names);
        return o;
      }));
  m.def("compare", &compare, py::arg("config_files"), py::arg("texts"), py::arg("games"), py::arg("unknown"),
        py::arg("rows"), py::arg("options"), py::arg("test_from"), py::arg("out"), py::arg("plugin_dir"),
        py::arg("allow_insecure"), py::arg("events_format"), py::arg("events_text"));
  py::class_<tune_options>(m, "TuneOptions").def(py::init([](bool brier, size_t budget, uint64_t seed) {
    tune_options o;
    o.brier = brier, o.budget = budget, o.seed = seed;
    return o;
  }));
  m.def("tune", &tune, py::arg("config_file"), py::arg("text"), py::arg("games"), py::arg("unknown"),
        py::arg("rows"), py::arg("params"), py::arg("options"), py::arg("validate_from"), py::arg("test_from"),
        py::arg("out"), py::arg("plugin_dir"), py::arg("allow_insecure"), py::arg("events_format"),
        py::arg("events_text"));
  py::class_<new_player_rule>(m, "NewPlayers").def(py::init(&new_players));
  m.def("predict_run", &predict_run);
  m.def("predict_database", &predict_database);
  m.def("expect", &expect);
  // What names a PostgreSQL database (any case of the scheme, keyword/value pairs), as the CLI decides.
  m.def("is_database_uri", [](const std::string& where) { return is_database_uri(where); });
}
