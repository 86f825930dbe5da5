// A plugin's descriptor and parameters written by name (part of sdk.hpp:
// include sdk.hpp).
#pragma once

#include <ratekit/abi.h>

#include <cstdint>
#include <span>

namespace ratekit::sdk {

// A parameter, written with C++20 designated initializers in rk_param_spec's
// field order; what is left out takes these defaults (a number, no flags, no choices):
//   sdk::param{.key = "c", .default_value = 34.6, .min = 0, .max = 350, .help = "RD growth per period away"}
//   sdk::param{.key = "margin", .type = RK_PARAM_BOOL, .default_value = 1, .max = 1, .help = "..."}
//   sdk::param{.key = "target", .type = RK_PARAM_CHOICE, .choices = "mean|value", .help = "..."}
struct param {
  const char* key = nullptr;
  int32_t type = RK_PARAM_NUMBER;
  uint32_t flags = 0;
  double default_value = 0.0;
  double min = 0.0;
  double max = 0.0;
  const char* choices = nullptr;
  const char* help = "";
  constexpr operator rk_param_spec() const { return {key, type, flags, default_value, min, max, choices, help}; }
};
// A parameter that acts at season starts: the host refuses a non-zero value
// for an input without seasons, instead of letting it do nothing.
constexpr rk_param_spec seasonal(rk_param_spec p) {
  p.flags |= RK_PARAM_SEASONAL;
  return p;
}
// The logistic spread of every Elo-type model.
constexpr rk_param_spec xi_param(double default_xi) {
  return param{.key = "xi", .default_value = default_xi, .min = 1.0, .max = 1e6,
               .help = "logistic spread: a difference of xi points means odds of 10 to 1"};
}
constexpr rk_state_field rating_field(double initial, const char* help) { return {"rating", initial, help}; }

// A plugin's descriptor by field names, in rk_descriptor's order; the counts
// are those of the arrays, and what is left out is empty:
//   const rk_descriptor my_model::descriptor = sdk::descriptor{
//       .id = "glicko", .version = "1.0.0", .summary = "...", .capabilities = RK_CAP_PAIRWISE | RK_CAP_DRAWS,
//       .state = state_fields, .params = param_specs};
// .bookkeeping_state (before .state) sets the bits of the plugin's own bookkeeping fields.
struct descriptor {
  const char* id = nullptr;
  const char* version = nullptr;
  const char* summary = "";
  uint64_t capabilities = 0;
  uint32_t bookkeeping_state = 0;
  std::span<const rk_state_field> state = {};
  std::span<const rk_param_spec> params = {};
  constexpr operator rk_descriptor() const {
    return {.struct_size = sizeof(rk_descriptor), .bookkeeping_state = bookkeeping_state, .id = id,
            .version = version, .summary = summary, .capabilities = capabilities,
            .state_count = uint32_t(state.size()), .param_count = uint32_t(params.size()),
            .state = state.data(), .params = params.data()};
  }
};

}  // namespace ratekit::sdk
