/* rk_game.flags of a match decided by a penalty shoot-out (ABI 1.4, in a header
 * of their own beside abi.h's RK_GAME_* flags, so that only the code that reads
 * them includes it): a drawn match (score_a 0.5) whose shoot-out A, or B, won.
 * A host that does not know them never sets them; a model that does not read
 * them rates the match as the draw it was. */
#ifndef RATEKIT_ABI_SHOOTOUT_H
#define RATEKIT_ABI_SHOOTOUT_H

#include "ratekit/abi.h"

#define RK_GAME_SHOOTOUT_A (1u << 5)
#define RK_GAME_SHOOTOUT_B (1u << 6)

#endif
