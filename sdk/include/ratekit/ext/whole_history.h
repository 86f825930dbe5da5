/* ratekit plugin ABI extension "ratekit.whole_history.v1" (ABI 1.5): models that
 * estimate every player's skill at every time he played from the whole history,
 * before and after (TrueSkill Through Time, Whole-History Rating).
 *
 * A plugin of this kind declares RK_CAP_WHOLE_HISTORY in its descriptor and
 * returns an rk_ext_whole_history from get_extension(RK_EXT_WHOLE_HISTORY). Its
 * state fields are "rating" (the mean) then "deviation" (its standard
 * deviation), then any of its own. The host reads and checks the input as for
 * every other kind, then:
 *   set_priors(mean, sd)             optional: players' own priors (the config's `initial`)
 *   load(history)                    the model's first estimates
 *   warm_start(mean, sd)             optional: earlier estimates of the same entries
 *   (or warm_start_state(state)      optional: what an earlier fit's warm_state wrote)
 *   sweep() ... until the largest change of a mean is at most `epsilon`, or
 *               `iterations` sweeps (both parameters of every model of this kind,
 *               read by the host from the config and passed to create as well)
 *   estimates(mean, sd)              every entry's estimate, at its match's time
 *   log_evidence()                   of the history under the estimates
 * and, for forecasts, expect_states / expect_teams of rk_plugin_entry on the
 * states that drift() widens over the time since each player's last game.
 *
 * Grown like the rest of the ABI: structs start with struct_size and only grow
 * at their ends; a later version of this kind is a new id (".v2").
 */
#ifndef RATEKIT_EXT_WHOLE_HISTORY_H
#define RATEKIT_EXT_WHOLE_HISTORY_H

#include "ratekit/abi.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RK_EXT_WHOLE_HISTORY "ratekit.whole_history.v1"

/* The whole history, matches grouped in batches of one time each. A duel is a
 * match of two teams of one player: team 0 is the first-named player (white,
 * home), rank 1 for the winner, equal ranks for a draw. Players are dense ids
 * 0 .. player_count - 1. A player may play several matches of one batch: they
 * share his one skill at that time, so all his entries in a batch carry one
 * estimate.
 *
 * Ownership: unlike the other calls' arguments, the history and every array
 * it points to stay valid and unchanged from `load` until the instance is
 * destroyed or `load` is called again, so a model need not copy them. */
typedef struct rk_wh_history {
  uint32_t struct_size;
  uint32_t reserved;
  uint64_t player_count;
  /* Every match's players in match order: player, team (numbered from 0 in
     each match, a team's entries contiguous) and rank (1 is best; teams tied
     share their rank). */
  const rk_entry* entries;
  uint64_t entry_count;
  /* entry_count shares of the match in (0, 1] (partial play), or NULL: all
     play the whole match. */
  const double* weights;
  /* match_count half-open ranges of entries, in input order (`rounds` NaN). */
  const rk_event* matches;
  uint64_t match_count;
  /* match_count rating points on team 0's side (white, home; 0 at a neutral
     venue), in the model's own units (Elo for whr), or NULL when none. */
  const double* advantage;
  /* batch_count ascending end offsets into matches, the last equals
     match_count: batch b holds matches [batch_ends[b - 1], batch_ends[b]). */
  const uint64_t* batch_ends;
  /* batch_count strictly ascending times of the batches: days since
     1970-01-01 for `period: day`, else the period numbers of
     rk_game_batch.period_numbers (months, weeks, years), so a difference of
     times is the elapsed time in the model's unit of drift. NULL when the
     batches have no times (`period: game` or `event`): a player's skill then
     drifts one unit between his consecutive batches, however many batches
     lie between (TrueSkill Through Time's package without times). */
  const double* batch_times;
  uint64_t batch_count;
} rk_wh_history;

typedef struct rk_ext_whole_history {
  uint32_t struct_size;
  uint32_t reserved;
  /* Takes the history (see rk_wh_history's ownership) and makes the model's
     first estimates: TrueSkill Through Time's forward pass, WHR's priors. */
  int32_t (*load)(rk_instance instance, const rk_wh_history* history, rk_error* error);
  /* Optional (NULL when the model cannot): starts from earlier estimates,
     entry_count means and deviations, NaN where an entry has none (a new
     month's games), before the sweeps of an incremental run. */
  int32_t (*warm_start)(rk_instance instance, const double* mean, const double* sd, rk_error* error);
  /* One sweep over the whole history in the model's own order; writes the
     largest absolute change of any mean it made (or of any mean or
     deviation, for a model whose reference stops on both: ttt). */
  int32_t (*sweep)(rk_instance instance, double* max_change, rk_error* error);
  /* The current estimate of each entry's player at his match's time:
     entry_count means and standard deviations. */
  int32_t (*estimates)(rk_instance instance, double* mean, double* sd, rk_error* error);
  /* The log evidence of the history under the current estimates (natural
     log); NaN when the model defines none. */
  int32_t (*log_evidence)(rk_instance instance, double* out, rk_error* error);
  /* A player's state (state_count values, as expect_states reads them) after
     `elapsed` time units without games, from `state`, his state at his last
     game: the uncertainty a forecast made later must carry. */
  int32_t (*drift)(rk_instance instance, const double* state, double elapsed, double* out, rk_error* error);
  /* Grown (a host reads these only when struct_size is at least
     RK_EXT_WHOLE_HISTORY_SIZE_2): an exact warm start for a model whose
     estimates alone do not make one (TrueSkill Through Time: the messages
     of its factor graph). Optional, both NULL (and warm_width 0) when the
     model has none. warm_state writes, after the sweeps, warm_width numbers
     per entry (entry_count * warm_width, the model's own); warm_start_state
     takes them back after `load` of a later history, in the place of
     warm_start, one row per entry of that history, the row of an entry the
     earlier fit did not have all NaN. */
  int32_t (*warm_state)(rk_instance instance, double* out, rk_error* error);
  int32_t (*warm_start_state)(rk_instance instance, const double* state, rk_error* error);
  uint32_t warm_width; /* 1 to 16, or 0 */
  uint32_t reserved2;
  /* Grown (read only when struct_size is at least RK_EXT_WHOLE_HISTORY_SIZE_3):
     each player's own prior, the config's `initial`, in the place of the
     model's default at his first appearance. Optional (NULL: the model has
     none, and the host refuses a config that gives priors). Called before
     `load`; it holds for every later load of histories of player_count
     players. mean and sd are player_count values by dense id (the model
     copies them): a player's prior mean and standard deviation in the
     model's units, NaN where the config gives none (the model's own then). */
  int32_t (*set_priors)(rk_instance instance, uint64_t player_count, const double* mean, const double* sd,
                        rk_error* error);
} rk_ext_whole_history;

/* The struct's size as first published, with the warm state, with the priors. */
#define RK_EXT_WHOLE_HISTORY_SIZE_1 56
#define RK_EXT_WHOLE_HISTORY_SIZE_2 80
#define RK_EXT_WHOLE_HISTORY_SIZE_3 88

#ifdef __cplusplus
} /* extern "C" */
#define RK_WH_STATIC_ASSERT static_assert
#else
#define RK_WH_STATIC_ASSERT _Static_assert
#endif
RK_WH_STATIC_ASSERT(sizeof(rk_wh_history) == 88, "rk_wh_history layout");
RK_WH_STATIC_ASSERT(sizeof(rk_ext_whole_history) == RK_EXT_WHOLE_HISTORY_SIZE_3, "rk_ext_whole_history layout");
#undef RK_WH_STATIC_ASSERT

#endif /* RATEKIT_EXT_WHOLE_HISTORY_H */
