#include "uscf.hpp"

#include <iterator>

namespace ratekit::plugins {

const rk_state_field state_fields[] = {
    // An unrated adult's initial rating (Step 1); an unrated player is one whose rating is based on no game.
    // A player left at it whose year of birth the host knows (ABI 1.6) starts from his age instead.
    sdk::rating_field(uscf_math::adult_initial,
                      "US Chess rating (stored unrounded; US Chess publishes it rounded to a whole number); an "
                      "unrated player left at 1300 starts from his age when his year of birth is known"),
    {"rated_games", 0.0, "N: the rated games the rating is based on; 0 is unrated, 8 or fewer take the special formula, "
                         "more than 25 is established"},
    {"wins", 0.0, "the rated games won: all of N won (or all lost) takes the special formula; wins count in the absolute floor"},
    {"losses", 0.0, "the rated games lost"},
    {"events", 0.0, "the events in which the player completed 3 or more rated games (the absolute floor's N_R)"},
    {"highest", 0.0, "the highest rating the player held while established, whose floor is 200 points below it in "
                     "whole hundreds from 1200 to 2100"},
};
const rk_param_spec param_specs[] = {
    sdk::param{.key = "bonus_threshold", .default_value = -1.0, .min = -1.0, .max = 1000.0,
               .help = "B of the bonus K (S - E) - B sqrt(max(m, 4)) for 3 or more games against no opponent met "
                       "more than twice; -1: by the event's last day as US Chess announced it, 12 before 1 May "
                       "2017, 14 from then, 12 from 1 February 2023 (14 for an undated event)"},
    sdk::param{.key = "approximate", .type = RK_PARAM_BOOL, .default_value = 0, .max = 1,
               .help = "rate by US Chess's Approximating Formulas (April 2017): the old provisional formula for 8 "
                       "or fewer games, opponents at their pre-event ratings, no Steps 3 to 5"},
};
// The record behind the floors and the formula's choice is bookkeeping: reports leave it out.
constexpr uint32_t bookkeeping = 1u << uscf::f_wins | 1u << uscf::f_losses | 1u << uscf::f_events | 1u << uscf::f_highest;

const rk_descriptor uscf::descriptor = {
    sizeof(rk_descriptor), bookkeeping, "uscf", "1.2.0",
    "US Chess (Glickman 2017): N' from the rating, K = 800 / (N' + m), bonus, the special formula, floors",
    RK_CAP_PAIRWISE | RK_CAP_DRAWS | RK_CAP_PERIODS | RK_CAP_STATE_AFTER,
    uint32_t(std::size(state_fields)), uint32_t(std::size(param_specs)), state_fields, param_specs};

}  // namespace ratekit::plugins

RATEKIT_PLUGIN(ratekit::plugins::uscf)
