/* ratekit plugin ABI: the extensions a plugin may offer (part of abi.h,
 * which includes this file: include abi.h). Grown like the rest of the ABI. */
#ifndef RATEKIT_ABI_EXTENSIONS_H
#define RATEKIT_ABI_EXTENSIONS_H

#include <stdint.h>

/* Extensions, returned by rk_plugin_entry.get_extension(id). Each is a struct
 * that starts with struct_size and only grows at the end. */

/* "ratekit.performance.v1": the performance rating a player showed in a period. */
#define RK_EXT_PERFORMANCE "ratekit.performance.v1"
typedef struct rk_ext_performance {
  uint32_t struct_size;
  uint32_t reserved;
  /* From the mean rating of the opponents, the number of games and the points
   * scored; writes NaN when the model leaves it undefined. */
  int32_t (*performance)(rk_instance instance, double mean_opponent, double games, double score,
                         double* out, rk_error* error);
} rk_ext_performance;

/* "ratekit.game_columns.v1": extra model-specific values per game for reports
 * (e.g. EGF's `a`), seen from player A. */
#define RK_EXT_GAME_COLUMNS "ratekit.game_columns.v1"
typedef struct rk_ext_game_columns {
  uint32_t struct_size;
  uint32_t count;             /* number of columns */
  const char* const* names;   /* count column names */
  /* Writes count values for game g evaluated on ratings ra and rb. */
  int32_t (*values)(rk_instance instance, const rk_game* g, double ra, double rb, double* out,
                    rk_error* error);
} rk_ext_game_columns;

/* "ratekit.param_needs.v1": parameters that act only while another parameter
 * is non-zero (FIDE's floor needs first_rating): a config that sets `key`
 * while `needs` is 0 is refused, as a setting that would do nothing. */
#define RK_EXT_PARAM_NEEDS "ratekit.param_needs.v1"
typedef struct rk_param_need {
  const char* key;    /* a parameter of the descriptor... */
  const char* needs;  /* ...that acts only while this one is non-zero */
} rk_param_need;
typedef struct rk_ext_param_needs {
  uint32_t struct_size;
  uint32_t count;
  const rk_param_need* needs; /* count pairs */
} rk_ext_param_needs;

#endif /* RATEKIT_ABI_EXTENSIONS_H */
