// A plugin whose second state field is named 'expected': fine for a run, but
// `ratekit predict` would write expected_a twice (the field's and its own), so
// it must refuse the plugin's predictions, naming the column.
#include "constant_model.hpp"

namespace {
const rk_state_field fields[] = {{"rating", 1500.0, "rating"}, {"expected", 0.5, "a field named as predict's column"}};

struct expected_field : ratekit::testing::constant_model {
  static const rk_descriptor descriptor;
  using constant_model::constant_model;
};
const rk_descriptor expected_field::descriptor = {sizeof(rk_descriptor), 0, "test-field-expected", "0.1",
                                                  "a state field named expected", RK_CAP_PAIRWISE | RK_CAP_USES_K, 2, 0,
                                                  fields, nullptr};
}  // namespace

RATEKIT_PLUGIN(expected_field)
