#include "config/initial.hpp"
#include <ratekit/host/config/config_keys.hpp>

#include "config/config_files.hpp"
#include "input/numbers.hpp"

#include <cmath>

namespace ratekit::config {

namespace fs = std::filesystem;

namespace {

// `adjust: { date: 2024-03-01, from: 1000, to: 2000, toward: 2000, fraction: 0.4, round: true }`
void read_adjustment(checker& c, const field& f, competition_config& cfg) {
  if (!config::is_map(c, f)) return;
  list_adjustment a;
  bool dated = false;
  for (const auto& e : config::entries(c, f.value, keys_of("initial.adjust"),
                                       "unknown key", " in 'initial.adjust'")) {
    if (e.name == "date") {
      const std::string text = e.value.IsScalar() ? e.value.Scalar() : "";
      if (!(dated = text::parse_date(text, a.date)))
        c.error(e.where(), "expected a date YYYY-MM-DD for 'date', got '" + text + "'");
    } else if (e.name == "round") {
      if (const auto v = config::boolean(c, e)) a.round = *v;
    } else if (const auto v = config::number(c, e)) {
      (e.name == "from" ? a.from : e.name == "to" ? a.to : e.name == "toward" ? a.toward : a.fraction) = *v;
    }
  }
  if (!dated) c.error(f.key.Mark(), "'initial.adjust' needs a 'date' from which it applies");
  if (a.from > a.to) c.error(f.key.Mark(), "'initial.adjust' needs 'from' <= 'to'");
  if (!(a.fraction >= 0 && a.fraction <= 1)) c.error(f.key.Mark(), "'initial.adjust' needs a 'fraction' from 0 to 1");
  cfg.initial_adjustment = a;
}

// initial.state: { rd: 300, volatility: 0.15 }: the model's state fields but the rating, which `rating` sets.
void read_initial_state(checker& c, const field& f, const rk_descriptor* model, competition_config& cfg) {
  if (!config::is_map(c, f) || !model) return;  // an unknown model is reported already
  std::vector<std::string> fields;
  for (uint32_t i = 1; i < model->state_count; ++i) fields.emplace_back(model->state[i].name);
  for (const auto& kv : f.value)
    if (kv.first.IsScalar() && kv.first.Scalar() == model->state[0].name)
      c.error(kv.first.Mark(), "the starting rating is 'initial.rating', not 'initial.state." +
                                   kv.first.Scalar() + "'");
  fields.emplace_back(model->state[0].name);  // reported above, not again as unknown
  for (const auto& e : config::entries(c, f.value, fields, "unknown state field",
                                       " in 'initial.state' of model '" + std::string(model->id) + "'"))
    if (const auto v = config::number(c, e); v && e.name != model->state[0].name) cfg.initial_state.emplace_back(e.name, *v);
}

}  // namespace

void read_initial_database(checker& c, const field& f, const fs::path& base, competition_config& cfg) {
  if (const auto uri = database_uri(c, f)) {
    cfg.initial_database = *uri;
    return;
  }
  const auto written = config::text(c, f);
  if (!written) return;
  std::error_code ec;
  const fs::path p = (base / *written).lexically_normal();
  if (p == cfg.output_database && fs::status(p, ec).type() == fs::file_type::not_found) {
    cfg.creates_initial_database = true;
    return;
  }
  if (const auto file = existing_file(c, f, base, "rating database")) cfg.initial_database = *file;
}

void read_initial(checker& c, const field& f, const fs::path& base, const rk_descriptor* model,
                  std::optional<field>& database, competition_config& cfg) {
  if (!f.value.IsMap()) {
    if (const auto v = config::number(c, f)) cfg.initial_rating = *v;
    return;
  }
  for (const auto& e :
       config::entries(c, f.value, keys_of("initial"), "unknown key", " in 'initial'")) {
    if (e.name == "adjust") {
      read_adjustment(c, e, cfg);
    } else if (e.name == "state") {
      read_initial_state(c, e, model, cfg);
    } else if (e.name == "rating") {
      if (const auto v = config::number(c, e)) cfg.initial_rating = *v;
    } else if (e.name == "games") {
      if (const auto v = config::number(c, e)) {
        if (*v < 0 || *v != std::floor(*v))
          c.error(e.where(), "expected a whole number of games >= 0 for 'games', got " + config::show_number(*v));
        cfg.initial_games = *v;
      }
    } else if (e.name == "database") {
      database = e;
    } else if (const auto p = existing_file(c, e, base, "ratings file")) {
      cfg.initial_ratings = *p;
    }
  }
  if (!cfg.initial_ratings.empty() && database)
    c.error(f.key.Mark(), "'initial' takes 'ratings' or 'database', not both");
  if (cfg.initial_adjustment && cfg.initial_ratings.empty() && !database)
    c.error(f.key.Mark(), "'initial.adjust' changes a list: give 'ratings' or 'database' with it");
}

}  // namespace ratekit::config
