// A plugin whose second state field is named 'games', a column ratings.csv
// writes itself: the host must refuse it at load time, naming the field.
#include "constant_model.hpp"

namespace {
const rk_state_field fields[] = {{"rating", 1500.0, "rating"}, {"games", 0.0, "games played, as the host counts them"}};

struct games_field : ratekit::testing::constant_model {
  static const rk_descriptor descriptor;
  using constant_model::constant_model;
};
const rk_descriptor games_field::descriptor = {sizeof(rk_descriptor), 0, "test-bad-names", "0.1", "a field named games",
                                               RK_CAP_PAIRWISE | RK_CAP_USES_K, 2, 0, fields, nullptr};
}  // namespace

RATEKIT_PLUGIN(games_field)
