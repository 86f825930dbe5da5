// The comparison as a terminal table, compare.csv and compare.json, and the set written.
#include <ratekit/host/evaluate/compare_outputs.hpp>
#include <ratekit/host/evaluate/output_set.hpp>
#include <ratekit/host/text/escape.hpp>
#include <ratekit/host/text/format.hpp>

#include <fmt/format.h>

namespace ratekit {

namespace {

// A difference from the best model, its interval in brackets; "best" for the best model itself.
std::string shown_difference(const comparison& c, size_t m, const difference& d, int decimals) {
  if (m == c.best) return "best";
  return signed_fixed(d.value, decimals) + " [" + signed_fixed(d.low, decimals) + ", " +
         signed_fixed(d.high, decimals) + "]";
}

// The rows' count is named for what they are: games, or the pairs of ranked events or team matches.
std::string csv_header(const game_window& w) {
  return std::string("name,model,") + (w.pairs.empty() ? "games" : "pairs") +
         ",log_loss,brier,accuracy,deviance,log_loss_difference,log_loss_low,log_loss_high,"
         "brier_difference,brier_low,brier_high\n";
}

}  // namespace

std::string comparison_table(const comparison& c) {
  const game_window& w = c.window;
  std::string out = fmt::format("test window {} to {}: {} (rated on {} before it)\n\n", iso_date(w.from),
                                iso_date(w.last_date), window_rows(w), counted(double(w.training), w.pairs.empty() ? "game" : "event"));
  size_t width = 5;
  for (const compared_model& m : c.models) width = std::max(width, m.name.size());
  out += fmt::format("{:<{}}  {:>8}  {:>7}  {:>8}  {:>8}  {}\n", "model", width, "log-loss", "Brier", "accuracy",
                     "deviance", "log-loss minus the best [95% interval]");
  for (size_t m = 0; m < c.models.size(); ++m) {
    const compared_model& x = c.models[m];
    out += fmt::format("{:<{}}  {:>8}  {:>7}  {:>8}  {:>8}  {}\n", x.name, width, fixed(x.scores.log_loss, 4),
                       fixed(x.scores.brier, 4), fixed(100 * x.scores.accuracy, 1) + "%", fixed(x.scores.deviance, 2),
                       shown_difference(c, m, x.log_loss, 4));
  }
  return out;
}

std::string comparison_csv(const comparison& c) {
  std::string out = csv_header(c.window);
  for (const compared_model& m : c.models) {
    append_csv_field(out, m.name);
    out += ',';
    append_csv_field(out, m.model);
    out += ',' + std::to_string(m.scores.games);
    for (const double v : {m.scores.log_loss, m.scores.brier, m.scores.accuracy, m.scores.deviance, m.log_loss.value,
                           m.log_loss.low, m.log_loss.high, m.brier.value, m.brier.low, m.brier.high}) {
      out += ',';
      append_number(out, v);
    }
    out += '\n';
  }
  return out;
}

nlohmann::json comparison_json(const comparison& c) {
  const game_window& w = c.window;
  auto diff = [](const difference& d) { return nlohmann::json{{"value", d.value}, {"low", d.low}, {"high", d.high}}; };
  nlohmann::json models = nlohmann::json::array();
  for (const compared_model& m : c.models)
    models.push_back({{"name", m.name},
                      {"model", m.model},
                      {w.pairs.empty() ? "games" : "pairs", m.scores.games},
                      {"log_loss", m.scores.log_loss},
                      {"brier", m.scores.brier},
                      {"accuracy", m.scores.accuracy},
                      {"deviance", m.scores.deviance},
                      {"log_loss_difference", diff(m.log_loss)},
                      {"brier_difference", diff(m.brier)}});
  nlohmann::json window{{"test_from", iso_date(w.from)}, {"last_date", iso_date(w.last_date)},
                        {"first_date", iso_date(w.first_date)}};
  nlohmann::json bootstrap{{"seed", c.options.seed}, {"replicates", c.options.replicates}, {"interval", 0.95}};
  if (w.pairs.empty()) {
    window.update(nlohmann::json{{"training_games", w.training}, {"test_games", w.outcomes.size()}});
  } else {  // the pairs of ranked events or team matches: the bootstrap resamples the events
    window.update(nlohmann::json{{"unit", w.unit}, {"training_events", w.training}, {"test_events", w.events},
                   {"test_pairs", w.outcomes.size()}, {"pairs_in_test_events", w.pairs_in_events}});
    bootstrap["resamples"] = "events";
  }
  return {{"window", window}, {"best", c.models[c.best].name}, {"bootstrap", bootstrap}, {"models", models}};
}

void write_comparison(const comparison& c, const std::filesystem::path& dir) {
  write_output_set(dir, {{"compare.csv", comparison_csv(c)},
                         {"compare.json", json_text(comparison_json(c), 2) + "\n"},
                         {"compare.html", comparison_html(c)}});
}

}  // namespace ratekit
