/* ratekit plugin ABI, version 1.
 *
 * A plugin is a shared library exporting one const rk_plugin_entry named `ratekit_plugin_entry`
 * (RK_ENTRY_SYMBOL). Nothing C++ crosses this boundary: plain C99 structs, fixed-width
 * integers, doubles and function pointers.
 *
 * Compatibility rules:
 * - A change of RK_ABI_MAJOR breaks compatibility; the host refuses plugins of another major version.
 * - Minor versions only append fields at the end of structs. Every struct that
 *   can grow starts with `struct_size`, so a reader can tell which fields the
 *   writer knew about (RK_HAS_FIELD). What each minor version added is listed
 *   in docs/writing-a-plugin.md, "Compatibility", and at each field below.
 * - Structs passed in arrays (rk_state_field, rk_param_spec, rk_game,
 *   rk_game_out, rk_entry, rk_event, rk_entry_out) are frozen: an array's
 *   stride cannot grow, so their sizes are pinned by the static_asserts at the
 *   end and a new minor version adds new arrays instead (as 1.1 added
 *   rk_game_batch.game_dates beside rk_game).
 *
 * The contract of every call (ownership, threads, errors, versions, stopping
 * early) is in docs/writing-a-plugin.md, "The contract"; in short: the host
 * owns what it passes (valid during the call; rk_host for the instance's
 * life), the plugin what it returns; one instance is called from one thread
 * at a time; a failed call returns RK_ERR_* with rk_error filled, and the host
 * writes nothing, so state may be left half-updated but a later call must not
 * see it; read a field only when RK_HAS_FIELD says its writer knew it.
 * Team matches (1.3): ranked events whose entries are grouped into teams.
 */
#ifndef RATEKIT_ABI_H
#define RATEKIT_ABI_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define RK_ABI_MAJOR 1
#define RK_ABI_MINOR 7
#define RK_ENTRY_SYMBOL "ratekit_plugin_entry"

#if defined(_WIN32)
#define RK_EXPORT __declspec(dllexport)
#else
#define RK_EXPORT __attribute__((visibility("default")))
#endif

/* Status codes returned by every call. */
enum {
  RK_OK = 0,
  RK_ERR_INVALID_ARGUMENT = 1, /* bad parameter value or malformed batch */
  RK_ERR_DOMAIN = 2,           /* a game or event the model cannot rate */
  RK_ERR_UNSUPPORTED = 3,      /* the call is not implemented by this plugin */
  RK_ERR_INTERNAL = 4,         /* anything else, e.g. an exception caught at the boundary */
  RK_STOPPED = 5               /* ABI 1.7: ended early, as rk_host.stop_requested asked */
};

/* Caller-owned error report, filled by the plugin when a call fails. */
typedef struct rk_error {
  uint32_t struct_size;
  int32_t code;        /* one of RK_ERR_* */
  int64_t index;       /* offending game or ranked-entry index in the batch, -1 if none */
  char message[512];   /* NUL-terminated, UTF-8 */
} rk_error;

/* Log levels for rk_host.log. */
enum { RK_LOG_DEBUG = 0, RK_LOG_INFO = 1, RK_LOG_WARN = 2, RK_LOG_ERROR = 3 };

/* Services the host offers a plugin instance; valid for the instance's life. */
typedef struct rk_host {
  uint32_t struct_size;
  uint32_t reserved;
  void* context; /* host-owned, passed back to every callback */
  void (*log)(void* context, int32_t level, const char* message);
  /* ABI 1.1: the ABI the host speaks and its own version ("1.4.0"); a 1.0
     host passes a shorter struct (RK_HOST_SIZE_1_0). */
  uint32_t abi_major;
  uint32_t abi_minor;
  const char* version;
  /* ABI 1.4, for a plugin declaring RK_CAP_ADJUSTMENTS; called from inside
     rate_games only: a change of `player`'s rating by `delta` that no game
     reports (a decay, a regression, a bonus; the player need not play). It
     belongs to the rating period of the batch's game `game` and applies at
     its end with that period's changes; the plugin moves the rating in the
     state itself, as for a game's delta (the host shows the rating after the
     period as the one before plus his games' deltas in game order, then his
     adjustments by game, as reported: 0 + d1 + ... + a1 + ...). `reason` (UTF-8, 1 to 64 bytes, no
     control character, copied by the host) is shown in history.csv. Returns
     RK_OK, or RK_ERR_INVALID_ARGUMENT when the host refuses it: the run then
     stops after the call, naming why. NULL before 1.4 (RK_HAS_FIELD). */
  int32_t (*adjust)(void* context, uint64_t game, int32_t player, double delta, const char* reason);
  /* ABI 1.7: non-zero once the host wants the running rate call to end (a
     Ctrl-C). A call may poll it every few thousand games and return
     RK_STOPPED, leaving state as a failed call may; NULL before 1.7. */
  int32_t (*stop_requested)(void* context);
} rk_host;
#define RK_HOST_SIZE_1_0 24
#define RK_HOST_SIZE_1_1 40
#define RK_HOST_SIZE_1_4 48

/* Capability bits of rk_descriptor.capabilities. */
#define RK_CAP_PAIRWISE ((uint64_t)1 << 0)       /* rates pairwise games */
#define RK_CAP_RANKED ((uint64_t)1 << 1)         /* rates ranked events */
#define RK_CAP_USES_K ((uint64_t)1 << 2)         /* reads k_a / k_b from games */
#define RK_CAP_HOME_ADVANTAGE ((uint64_t)1 << 3) /* reads adv_predict / adv_update */
#define RK_CAP_DRAWS ((uint64_t)1 << 4)          /* accepts scores strictly between 0 and 1 */
#define RK_CAP_POINTS ((uint64_t)1 << 5)         /* reads points_a / points_b */
#define RK_CAP_HANDICAP ((uint64_t)1 << 6)       /* reads handicap */
#define RK_CAP_PERIODS ((uint64_t)1 << 7)        /* honours period boundaries */
#define RK_CAP_STATE_AFTER ((uint64_t)1 << 8)    /* fills rk_game_batch.state_after (1.2) */
#define RK_CAP_TEAMS ((uint64_t)1 << 9)          /* rates team matches: reads rk_entry.team and
                                                    rk_event_batch.weights, has expect_teams (1.3) */
#define RK_CAP_CALENDAR_PERIODS ((uint64_t)1 << 10) /* its mathematics counts calendar time: day, month or year periods only */
#define RK_CAP_ADJUSTMENTS ((uint64_t)1 << 11)  /* may call rk_host.adjust from rate_games (1.4) */
#define RK_CAP_WHOLE_HISTORY ((uint64_t)1 << 12) /* rates the whole history: ratekit/ext/whole_history.h (1.5) */

/* One per-player state column; field 0 is always the rating. */
typedef struct rk_state_field {
  const char* name;    /* e.g. "rating", "volatility", "times_played" */
  double initial;      /* value for a player seen for the first time */
  const char* help;
} rk_state_field;

/* Parameter types. All values travel as doubles: integers are whole
 * numbers, booleans 0 or 1, choices the zero-based index into `choices`. */
enum { RK_PARAM_NUMBER = 0, RK_PARAM_INTEGER = 1, RK_PARAM_BOOL = 2, RK_PARAM_CHOICE = 3 };

/* Parameter flags. */
#define RK_PARAM_SEASONAL (1u << 0) /* acts at season starts (RK_GAME_SEASON_START): a non-zero value
                                       is refused when the input knows no seasons */

typedef struct rk_param_spec {
  const char* key;      /* YAML key under `params:` */
  int32_t type;         /* RK_PARAM_* */
  uint32_t flags;       /* RK_PARAM_SEASONAL, ... (ABI 1.1; 1.0 plugins leave it 0) */
  double default_value;
  double min;           /* inclusive bounds, ignored for BOOL and CHOICE */
  double max;
  const char* choices;  /* CHOICE only: names separated by '|', e.g. "winloss|points" */
  const char* help;
} rk_param_spec;

typedef struct rk_descriptor {
  uint32_t struct_size;
  /* ABI 1.1 (1.0: reserved, 0): bit f set when state field f is the plugin's
     own bookkeeping (FIDE's pool of games towards a first rating). The files
     (ratings.csv, history.csv, the database) carry every field; reports leave
     these out. */
  uint32_t bookkeeping_state;
  const char* id;       /* stable id used in configs, e.g. "fide-logistic" */
  const char* version;  /* plugin version, e.g. "1.0.0" */
  const char* summary;  /* one line */
  uint64_t capabilities;
  uint32_t state_count;
  uint32_t param_count;
  const rk_state_field* state; /* state_count entries, [0] is the rating */
  const rk_param_spec* params; /* param_count entries, in the order values are passed */
} rk_descriptor;

/* last_period of a player never rated (ABI 1.1). */
#define RK_NEVER_RATED INT64_MIN

/* Per-player state owned by the host: one column of doubles per state field,
 * indexed by dense player id. Plugins read and update it in place. */
typedef struct rk_state {
  uint32_t struct_size;
  uint32_t field_count;   /* equals the descriptor's state_count */
  uint64_t player_count;
  double* const* columns; /* columns[field][player] */
  /* ABI 1.1: when each player was last rated, player_count entries each.
     last_period: the period number (rk_game_batch.period_numbers) of the last
     period in which he played a rated game, RK_NEVER_RATED before his first;
     last_date: that period's last date (period_last_dates), 0 when unknown or
     never rated. The host starts them at RK_NEVER_RATED and 0 and keeps them
     across batches; the plugin's period loop moves them at the end of each
     period for the players who played in it (sdk::for_each_period with a
     state does), so a later period of the same batch sees them moved.
     Present when struct_size >= RK_STATE_SIZE_1_1; may be NULL. */
  int64_t* last_period;
  int32_t* last_date;
  /* ABI 1.6: each player's year of birth (a ratings list's birth_year, a TRF
     birth date's year, a history database's), player_count entries, NaN when
     unknown; read only, kept by the host. A model whose rules start a new
     player from his age reads it (uscf). Read it only when RK_HAS_FIELD says
     the host wrote it; may be NULL. */
  const double* birth_year;
} rk_state;
#define RK_STATE_SIZE_1_0 24
#define RK_STATE_SIZE_1_1 40
#define RK_STATE_SIZE_1_6 48

/* Game flags. */
#define RK_GAME_NEUTRAL (1u << 0) /* no home side */
#define RK_GAME_PLAYOFF (1u << 1)
#define RK_GAME_FIXED_A (1u << 2) /* A's rating must not change (an unrated or foreign player) */
#define RK_GAME_FIXED_B (1u << 3)
#define RK_GAME_SEASON_START (1u << 4) /* first game of a new season */
/* ABI 1.4: a drawn match (score_a 0.5) decided by a penalty shoot-out that A, or B, won.
 * An older host never sets them; a model that does not read them rates the draw it was. */
#define RK_GAME_SHOOTOUT_A (1u << 5)
#define RK_GAME_SHOOTOUT_B (1u << 6)

/* One pairwise game, seen from player A. */
typedef struct rk_game {
  int32_t a, b;       /* dense player ids */
  double score_a;     /* A's score in [0, 1]; B's is 1 - score_a */
  double points_a;    /* points, goals or margin; NaN when the input has none */
  double points_b;
  double k_a, k_b;    /* K factors chosen by the host's schedule for this game */
  double adv_predict; /* rating points added to A's side when predicting (negative: B's side) */
  double adv_update;  /* the same, used inside the rating update */
  double handicap;    /* handicap stones A receives (negative: B receives) */
  uint32_t flags;     /* RK_GAME_* */
  uint32_t reserved;
} rk_game;

/* A stream of games cut into rating periods. Within a period every game is
 * evaluated on the ratings from the period's start; changes apply at its end. */
typedef struct rk_game_batch {
  uint32_t struct_size;
  uint32_t reserved;
  const rk_game* games;
  uint64_t game_count;
  const uint64_t* period_ends; /* period_count ascending end offsets, the last equals game_count;
                                  NULL with period_count 0: every game is its own period */
  uint64_t period_count;
  /* ABI 1.1 (read only when RK_HAS_FIELD says the host wrote them): the date
     of each game (yyyymmdd, 0 when unknown), game_count entries, or NULL. */
  const int32_t* game_dates;
  /* ABI 1.1: each period's number on a calendar scale (period_count entries;
     game_count when period_count is 0), so periods elapsed are differences:
       period: day    days since 1970-01-01
       period: month  year * 12 + month - 1 (months without games count)
       period: year   the year
       period: event, game   the period's index in the run, from 0
     so a player last rated in period L and playing in period P has been away
     t = P - L periods (rk_state.last_period holds L). NULL when the host has none. */
  const int64_t* period_numbers;
  /* ABI 1.1: each period's first and last date (yyyymmdd), entries as for
     period_numbers: the calendar bounds of a day, month or year period (March
     2024: 20240301 to 20240331), else its earliest and latest game's dates (0
     when unknown). NULL when the host has none. */
  const int32_t* period_first_dates;
  const int32_t* period_last_dates;
  /* ABI 1.2: NULL, or game_count * 2 * n doubles that a plugin declaring
     RK_CAP_STATE_AFTER fills with each side's state at the end of the game's
     period: the n fields whose bits state_after_fields sets, in field order,
     at [(game * 2 + side) * n + k] (side 0 is A); no call per period needed. */
  double* state_after;
  uint64_t state_after_fields;
} rk_game_batch;
#define RK_GAME_BATCH_SIZE_1_0 40
#define RK_GAME_BATCH_SIZE_1_1 72
#define RK_GAME_BATCH_SIZE_1_2 88

/* True when a struct written by the other side (host or plugin) is long
 * enough to hold `field`, i.e. the writer knew the field. */
#define RK_HAS_FIELD(ptr, type, field) \
  ((ptr)->struct_size >= offsetof(type, field) + sizeof(((type*)0)->field))

/* Per-game outputs, written when the host passes a non-NULL array. Within a
 * period, the deltas of a player's games add up to his rating change: the host
 * shows his rating after the period as the one before plus his deltas added up
 * in game order (0 + d1 + d2 ...), so a model that stores exactly that sum
 * shows its own ratings in the history to the last bit. */
typedef struct rk_game_out {
  double expected_a;  /* A's expected score as predicted before the game (with adv_predict) */
  double delta_a;     /* rating change of A caused by this game */
  double delta_b;
  double expected_b;  /* B's expected score; 1 - expected_a unless the model's expectations
                         do not add up to 1 (e.g. EGF's epsilon) */
} rk_game_out;

/* One placing in a ranked event, or one player of a team match. */
typedef struct rk_entry {
  int32_t player;
  /* ABI 1.3 (0 before; read it only when RK_HAS_FIELD(batch, rk_event_batch,
     weights)): the player's team in its event, numbered from 0 in the order
     the teams appear; a team's entries are contiguous and share its rank. In
     a ranked event of single players every entry is a team of its own. */
  uint32_t team;
  double rank;        /* 1 is best; tied players (or teams) carry the same rank */
} rk_entry;

typedef struct rk_event {
  uint64_t begin, end; /* half-open range of entries */
  double rounds;       /* rounds or games the event had; NaN when unknown */
} rk_event;

typedef struct rk_event_batch {
  uint32_t struct_size;
  uint32_t reserved;
  const rk_entry* entries;
  uint64_t entry_count;
  const rk_event* events;
  uint64_t event_count;
  /* ABI 1.3: each entry's share of its match in (0, 1] (partial play: the
     part of the match he played), entry_count entries; NULL when all play
     the whole match. Its presence (RK_HAS_FIELD) also says rk_entry.team is set. */
  const double* weights;
} rk_event_batch;
#define RK_EVENT_BATCH_SIZE_1_0 40
#define RK_EVENT_BATCH_SIZE_1_3 48

/* Entry flags. */
#define RK_ENTRY_SKIPPED (1u << 0) /* the event was not rated (e.g. too few rounds) */
#define RK_ENTRY_CAPPED (1u << 1)  /* the change was limited by a cap */
#define RK_ENTRY_NEW (1u << 2)     /* the player had no rating before the event */

/* Per-entry outputs, written when the host passes a non-NULL array. */
typedef struct rk_entry_out {
  double expected;    /* expected rank or score; in a team match the team's expected score
                         against the other teams, averaged (two teams: its win chance, a
                         draw counting half) */
  double performance; /* performance rating shown by the event */
  double delta;       /* rating change */
  double weight;      /* weight of the event in the update, model-specific; in a team
                         match the player's share of it (rk_event_batch.weights) */
  uint32_t flags;     /* RK_ENTRY_* */
  uint32_t reserved;
} rk_entry_out;

/* A plugin's instance: the plugin's own object, opaque to the host. */
typedef struct rk_instance_data* rk_instance;

#include "ratekit/abi_extensions.h"

/* The one exported object. Function pointers a plugin does not support may be
 * NULL (rate_games without RK_CAP_PAIRWISE, rate_events without RK_CAP_RANKED). */
typedef struct rk_plugin_entry {
  uint32_t abi_major;   /* RK_ABI_MAJOR the plugin was built with */
  uint32_t abi_minor;
  uint32_t struct_size; /* sizeof(rk_plugin_entry) as the plugin knew it */
  uint32_t reserved;
  const rk_descriptor* descriptor;

  /* Create an instance with validated parameter values in descriptor order. */
  int32_t (*create)(const rk_host* host, const double* params, uint32_t param_count,
                    rk_instance* out, rk_error* error);
  void (*destroy)(rk_instance instance);

  /* A's expected score against B, with `advantage` rating points on A's side. */
  int32_t (*expect)(rk_instance instance, double rating_a, double rating_b, double advantage,
                    double* out, rk_error* error);

  /* Rate a batch of games in order, updating state in place; out may be NULL. */
  int32_t (*rate_games)(rk_instance instance, const rk_state* state, const rk_game_batch* batch,
                        rk_game_out* out, rk_error* error);

  /* Rate a batch of ranked events in order, updating state in place; out may be NULL. */
  int32_t (*rate_events)(rk_instance instance, const rk_state* state, const rk_event_batch* batch,
                         rk_entry_out* out, rk_error* error);

  /* Optional extensions looked up by string id; NULL when unknown. */
  const void* (*get_extension)(const char* id);

  /* ABI 1.1: A's expected score against B from both players' whole state:
     `a` and `b` hold the descriptor's state_count values each, in the order of
     its state fields (a[0] is the rating), as the host keeps them; `advantage`
     rating points on A's side. NULL when the ratings suffice: the host then
     calls expect. A host reads it only when struct_size says it is there
     (RK_HAS_FIELD): a 1.0 plugin's entry ends before it. */
  int32_t (*expect_states)(rk_instance instance, const double* a, const double* b, double advantage,
                           double* out, rk_error* error);

  /* ABI 1.3, with RK_CAP_TEAMS: the chances of a match about to be played.
     `states` holds player_count rows of state_count values (as for
     expect_states), `teams` each player's team (numbered from 0, contiguous,
     as rk_entry.team), `weights` each one's share of the match or NULL. For
     T teams it writes T * T values: beats[i * T + j] the chance that team i
     finishes ahead of team j, and, unless NULL, draws[i * T + j] the chance
     that they tie (diagonals 0). */
  int32_t (*expect_teams)(rk_instance instance, const double* states, const uint32_t* teams,
                          const double* weights, uint64_t player_count, double* beats, double* draws,
                          rk_error* error);
  /* ABI 1.3: a new player's state from the instance's parameters (TrueSkill's
     mu and sigma), state_count values; NULL: the descriptor's initial values. */
  int32_t (*initial_state)(rk_instance instance, double* out, rk_error* error);
} rk_plugin_entry;
#define RK_PLUGIN_ENTRY_SIZE_1_0 72
#define RK_PLUGIN_ENTRY_SIZE_1_1 80
#define RK_PLUGIN_ENTRY_SIZE_1_3 96

#ifdef __cplusplus
} /* extern "C" */
#endif

#include "ratekit/abi_layout.h"

#endif /* RATEKIT_ABI_H */
