#include "whole_history/priors.hpp"

#include <ratekit/host/plugin/whole_history_model.hpp>
#include <ratekit/host/whole_history/whole_history.hpp>

#include <ratekit/host/input/ratings_list.hpp>
#include <ratekit/host/text/diagnostics.hpp>
#include <ratekit/host/text/format.hpp>

#include "input/text.hpp"

#include <cmath>

namespace ratekit {

namespace {

// The line and column of `player`'s cell in `column` of a ratings list, for a refusal; {0, 0} when not found.
std::pair<size_t, size_t> prior_list_cell(const std::filesystem::path& file, const std::string& player,
                                    const std::string& column) {
  text::source src(file, reader_options{});
  text::problem_list ignored(src);
  text::line_cursor lines(src.text());
  text::csv_splitter csv;
  size_t field = 0;
  for (text::line l; lines.next(l);) {
    if (text::is_blank(l.text) || !csv.split(l, ignored)) continue;
    if (field == 0) {
      for (size_t i = 0; i < csv.size(); ++i)
        if (csv[i] == column) field = i;
    } else if (csv.size() > field && csv[0] == player) {
      return {l.number, csv.column(field)};
    }
  }
  return {0, 0};
}

bool positive_finite_deviation(double v) { return v > 0 && std::isfinite(v); }

// The listed players' priors, each value checked: a mean finite, a deviation a positive finite number.
void read_listed_priors(const competition_config& c, const rk_descriptor& model, prior_list& out) {
  player_table listed;
  const std::string mean_column = model.state[0].name, sd_column = model.state[1].name;
  // The model's fields and the facts ratings.csv writes: a run's ratings.csv reads back without a warning.
  std::vector<std::string> known{"games", "peak", "birth_year", "last_played", "last_period"};
  for (uint32_t f = 0; f < model.state_count; ++f) known.emplace_back(model.state[f].name);
  const ratings_list list = read_ratings_list(c.initial_ratings, listed, known, c.model);
  const int mean_at = list.column(mean_column), sd_at = list.column(sd_column);
  for (size_t row = 0; row < list.ids.size(); ++row) {
    const std::string& name = listed.name(list.ids[row]);
    const double mean = list.value(row, mean_at), sd = list.value(row, sd_at);
    const auto refuse = [&](const std::string& column, const std::string& expected, double got) {
      const auto [line, col] = prior_list_cell(c.initial_ratings, name, column);
      throw user_error(c.initial_ratings.string(), line, col,
                       "expected " + expected + " as " + name + "'s prior " + column + " for model '" + c.model +
                           "', got " + format_number(got));
    };
    if (!std::isnan(mean) && !std::isfinite(mean)) refuse(mean_column, "a finite number", mean);
    if (!std::isnan(sd) && !positive_finite_deviation(sd)) refuse(sd_column, "a positive finite number", sd);
    out.names.push_back(name);
    out.mean.push_back(mean);
    out.sd.push_back(sd);
  }
}

}  // namespace

prior_list read_prior_list(const competition_config& c, const plugin& source) {
  const rk_descriptor& model = source.descriptor();
  const auto unavailable = [&](const std::string& what) {
    return c.error_at("initial", what + " is not available for whole-history models (model '" + c.model +
                                     "'): give their priors by 'initial.ratings', 'initial.rating' and "
                                     "'initial.state." + model.state[1].name + "'");
  };
  if (!c.initial_database.empty()) throw unavailable("a starting database (initial.database)");
  if (c.initial_games != 0) throw unavailable("games credited to declared ratings (initial.games)");
  if (c.initial_adjustment) throw unavailable("an adjustment of the list (initial.adjust)");
  prior_list out;
  out.default_mean = c.initial_rating;
  if (!std::isnan(out.default_mean) && !std::isfinite(out.default_mean))
    throw c.error_at("initial", "expected a finite number for 'initial.rating', the prior mean of model '" +
                                    c.model + "', got " + format_number(out.default_mean));
  for (const auto& [name, value] : c.initial_state)
    if (name == model.state[1].name) {
      if (!positive_finite_deviation(value))
        throw c.error_at("initial", "expected a positive finite number for 'initial.state." + name +
                                        "', the prior deviation of model '" + c.model + "', got " +
                                        format_number(value));
      out.default_sd = value;
    }
  const rk_ext_whole_history* calls = whole_history_of(source);
  if (!out.empty() || !c.initial_ratings.empty())
    if (!calls || !takes_priors(*calls))
      throw c.error_at("initial", "model '" + c.model + "' takes no players' priors (its plugin was built before "
                                  "the whole-history extension had set_priors): remove 'initial'");
  if (!c.initial_ratings.empty()) read_listed_priors(c, model, out);
  return out;
}

void refuse_bad_priors(const competition_config& config, const plugin& model) { read_prior_list(config, model); }

void give_priors(const prior_list& list, const player_table& players, dense_history& h) {
  if (list.empty()) return;
  const auto n = size_t(h.player_count);
  h.prior_mean.assign(n, list.default_mean);
  h.prior_sd.assign(n, list.default_sd);
  for (size_t i = 0; i < list.names.size(); ++i) {
    const int32_t p = players.find(list.names[i]);
    if (p < 0 || size_t(p) >= n) continue;  // listed, but without a game in this history
    if (!std::isnan(list.mean[i])) h.prior_mean[size_t(p)] = list.mean[i];
    if (!std::isnan(list.sd[i])) h.prior_sd[size_t(p)] = list.sd[i];
  }
}

}  // namespace ratekit
