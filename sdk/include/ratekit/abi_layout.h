/* ratekit plugin ABI: compile-time pins of every struct's layout (part of
 * abi.h, which includes this file last: include abi.h). */
#ifndef RATEKIT_ABI_LAYOUT_H
#define RATEKIT_ABI_LAYOUT_H

#include <stddef.h>

/* Layout pins: these change only with RK_ABI_MAJOR; growable structs pin where
   each minor version's fields begin. */
#if defined(__cplusplus)
#define RK_STATIC_ASSERT static_assert
#else
#define RK_STATIC_ASSERT _Static_assert
#endif
RK_STATIC_ASSERT(sizeof(void*) == 8, "ratekit ABI v1 is defined for 64-bit targets");
RK_STATIC_ASSERT(sizeof(rk_error) == 528, "rk_error layout");
RK_STATIC_ASSERT(offsetof(rk_host, abi_major) == RK_HOST_SIZE_1_0, "rk_host grows at its end");
RK_STATIC_ASSERT(offsetof(rk_host, adjust) == RK_HOST_SIZE_1_1, "rk_host grows at its end");
RK_STATIC_ASSERT(offsetof(rk_host, stop_requested) == RK_HOST_SIZE_1_4, "rk_host grows at its end");
RK_STATIC_ASSERT(sizeof(rk_host) == 56, "rk_host layout");
RK_STATIC_ASSERT(sizeof(rk_state_field) == 24, "rk_state_field layout");
RK_STATIC_ASSERT(sizeof(rk_param_spec) == 56, "rk_param_spec layout");
RK_STATIC_ASSERT(sizeof(rk_descriptor) == 64, "rk_descriptor layout");
RK_STATIC_ASSERT(offsetof(rk_state, last_period) == RK_STATE_SIZE_1_0, "rk_state grows at its end");
RK_STATIC_ASSERT(offsetof(rk_state, birth_year) == RK_STATE_SIZE_1_1, "rk_state grows at its end");
RK_STATIC_ASSERT(sizeof(rk_state) == RK_STATE_SIZE_1_6, "rk_state layout");
RK_STATIC_ASSERT(sizeof(rk_game) == 80, "rk_game layout");
RK_STATIC_ASSERT(offsetof(rk_game, handicap) == 64, "rk_game layout");
RK_STATIC_ASSERT(offsetof(rk_game_batch, game_dates) == RK_GAME_BATCH_SIZE_1_0, "rk_game_batch grows at its end");
RK_STATIC_ASSERT(offsetof(rk_game_batch, period_numbers) == 48, "rk_game_batch grows at its end");
RK_STATIC_ASSERT(offsetof(rk_game_batch, period_last_dates) == 64, "rk_game_batch grows at its end");
RK_STATIC_ASSERT(sizeof(rk_game_batch) == RK_GAME_BATCH_SIZE_1_2, "rk_game_batch layout");
RK_STATIC_ASSERT(sizeof(rk_game_out) == 32, "rk_game_out layout");
RK_STATIC_ASSERT(sizeof(rk_entry) == 16, "rk_entry layout");
RK_STATIC_ASSERT(sizeof(rk_event) == 24, "rk_event layout");
RK_STATIC_ASSERT(offsetof(rk_event_batch, weights) == RK_EVENT_BATCH_SIZE_1_0, "rk_event_batch grows at its end");
RK_STATIC_ASSERT(sizeof(rk_event_batch) == RK_EVENT_BATCH_SIZE_1_3, "rk_event_batch layout");
RK_STATIC_ASSERT(sizeof(rk_entry_out) == 40, "rk_entry_out layout");
RK_STATIC_ASSERT(offsetof(rk_plugin_entry, get_extension) == 64, "rk_plugin_entry layout");
RK_STATIC_ASSERT(offsetof(rk_plugin_entry, expect_states) == RK_PLUGIN_ENTRY_SIZE_1_0, "rk_plugin_entry grows at its end");
RK_STATIC_ASSERT(offsetof(rk_plugin_entry, expect_teams) == RK_PLUGIN_ENTRY_SIZE_1_1, "rk_plugin_entry grows at its end");
RK_STATIC_ASSERT(sizeof(rk_plugin_entry) == RK_PLUGIN_ENTRY_SIZE_1_3, "rk_plugin_entry layout");
RK_STATIC_ASSERT(sizeof(rk_ext_performance) == 16, "rk_ext_performance layout");
RK_STATIC_ASSERT(sizeof(rk_ext_game_columns) == 24, "rk_ext_game_columns layout");
RK_STATIC_ASSERT(sizeof(rk_param_need) == 16, "rk_param_need layout");
RK_STATIC_ASSERT(sizeof(rk_ext_param_needs) == 16, "rk_ext_param_needs layout");
#undef RK_STATIC_ASSERT

#endif /* RATEKIT_ABI_LAYOUT_H */
