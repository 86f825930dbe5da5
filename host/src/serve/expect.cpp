// The expected score of a game between two players now, from the competition's plugin.
#include "serve/site.hpp"

#include <ratekit/host/output/reports/predict_database.hpp>

#include <algorithm>
#include <cmath>

namespace ratekit::serve {

std::vector<std::string> model_fields(const plugin_registry& plugins, const std::string& model) {
  std::vector<std::string> fields;
  for (const auto& p : plugins.plugins())
    if (p->id() == model)
      for (uint32_t f = 0; f < p->descriptor().state_count; ++f) fields.emplace_back(p->descriptor().state[f].name);
  return fields;
}

double expected_score(const plugin_registry& plugins, const competition& c, const rating_list& now, size_t a, size_t b) {
  const auto loaded = std::find_if(plugins.plugins().begin(), plugins.plugins().end(),
                                   [&](const auto& p) { return p->id() == c.model; });
  if (loaded == plugins.plugins().end())
    throw unavailable("the competition's model '" + c.model + "' is not among this server's plugins");
  const auto& p = *loaded;
  const model m(p, recorded_params(p->descriptor(), c.params));
  // A field his state lacks (none should) is the new player's.
  const auto state = [&](size_t row) {
    std::vector<double> values = m.new_player();
    for (uint32_t f = 0; f < p->descriptor().state_count; ++f)
      if (const double v = now.value(row, p->descriptor().state[f].name); !std::isnan(v)) values[f] = v;
    return values;
  };
  const std::vector<double> sa = state(a), sb = state(b);
  return m.expect(sa.data(), sb.data(), 0);
}

}  // namespace ratekit::serve
