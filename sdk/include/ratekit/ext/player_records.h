/* ratekit plugin ABI extension "ratekit.player_records.v1": what a model keeps
 * about a player between runs besides his state columns (DWZ's games of a
 * player who has no first DWZ yet, counted in a later evaluation).
 *
 * A plugin returns an rk_ext_player_records from get_extension
 * (RK_EXT_PLAYER_RECORDS). A run that starts from a history database hands the
 * instance, before its first rate call, the records the competition's last run
 * saved (restore); a run that records into one asks for every record the
 * instance holds after its last rate call (save) and stores them beside the
 * players' states. A record is a list of items, each belonging to one player
 * (its owner), naming another player or none, and carrying value_count numbers.
 * Players are dense ids of the run's state: the host stores the players they
 * name by the competition's own player keys, so a record names the same player
 * in every run.
 *
 * The host checks what crosses: owners and others within the state, every
 * number finite, at most max_items items a player, and records of this kind
 * only (`kind` is stored with each item). The plugin checks what the numbers
 * mean and refuses a record that cannot be its own (RK_ERR_INVALID_ARGUMENT,
 * rk_error.index the offending item).
 *
 * Grown like the rest of the ABI: structs start with struct_size and only grow
 * at their ends; a later version of this kind is a new id (".v2").
 */
#ifndef RATEKIT_EXT_PLAYER_RECORDS_H
#define RATEKIT_EXT_PLAYER_RECORDS_H

#include "ratekit/abi.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RK_EXT_PLAYER_RECORDS "ratekit.player_records.v1"

/* Items of the records of many players, a player's items in the order he keeps them. */
typedef struct rk_player_records {
  uint32_t struct_size;
  uint32_t value_count;  /* numbers per item: the extension's value_count */
  uint64_t item_count;
  const int32_t* owners; /* item_count players whose records the items belong to */
  const int32_t* others; /* item_count players the items name (an opponent), -1 for none */
  const double* values;  /* item_count * value_count finite numbers, item by item */
} rk_player_records;

typedef struct rk_ext_player_records {
  uint32_t struct_size;
  uint32_t value_count; /* numbers per item, 1 to 16 */
  /* The records' kind and its version, 1 to 64 bytes of [a-z0-9._-] ("dwz.kept_games.1"):
     stored with each item; items of another kind are refused, not handed over. */
  const char* kind;
  uint64_t max_items; /* the most items one player's record may hold */
  /* Before the first rate call of a run that starts from a history database
     holding records: the items its last run saved (the pointers valid during
     the call only). `state` is the run's state as the first rate call sees it. */
  int32_t (*restore)(rk_instance instance, const rk_state* state, const rk_player_records* records,
                     rk_error* error);
  /* After the last rate call: every item the instance holds, written into
     `out` (its struct_size set by the host); the arrays stay valid until the
     next call on the instance. */
  int32_t (*save)(rk_instance instance, rk_player_records* out, rk_error* error);
} rk_ext_player_records;

/* Layout pins, in C and C++ alike: an array of negative size fails to compile. */
typedef char rk_player_records_layout[sizeof(rk_player_records) == 40 ? 1 : -1];
typedef char rk_ext_player_records_layout[sizeof(rk_ext_player_records) == 40 ? 1 : -1];

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* RATEKIT_EXT_PLAYER_RECORDS_H */
