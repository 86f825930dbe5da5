// The extension "ratekit.game_columns.v1" (RK_EXT_GAME_COLUMNS: a model's own
// values per game for reports) from a plain function of the game and both
// ratings, so a plugin writes only its column names and their values.
#pragma once

#include <ratekit/abi.h>

#include <cstddef>
#include <cstring>

namespace ratekit::sdk {

// Fills `out` with the values of the columns for game g, on ratings ra and rb.
using game_column_values = void (*)(const rk_game& g, double ra, double rb, double* out);

template <game_column_values Fn>
int32_t call_game_columns(rk_instance, const rk_game* g, double ra, double rb, double* out, rk_error*) {
  Fn(*g, ra, rb, out);
  return RK_OK;
}

// The extension's struct for the columns `names`, whose values Fn writes.
template <game_column_values Fn, size_t N>
constexpr rk_ext_game_columns game_columns(const char* const (&names)[N]) {
  return {sizeof(rk_ext_game_columns), uint32_t(N), names, &call_game_columns<Fn>};
}

// What a plugin's extension(id) returns: `columns` for RK_EXT_GAME_COLUMNS, else nullptr.
inline const void* game_columns_extension(const char* id, const rk_ext_game_columns& columns) {
  return std::strcmp(id, RK_EXT_GAME_COLUMNS) == 0 ? &columns : nullptr;
}

}  // namespace ratekit::sdk
