// The two searches of `ratekit tune` over a candidate-rating function: every
// point of a grid, in parallel; and NLopt's bounded derivative-free optimiser.
#pragma once

#include <ratekit/host/evaluate/tuning.hpp>

#include <functional>
#include <vector>

namespace ratekit {

// Rates one candidate: its validation scores. Throws run_stopped once stopped.
using candidate_rater = std::function<score_set(const std::vector<double>& values)>;

// Every point rated, in the grid's order; a point a stop cut short is left out.
std::vector<tune_point> grid_search(const std::vector<std::vector<double>>& points, const candidate_rater& rate,
                                    const tune_options& options);

// NLopt's search from `start` within the space's ranges, at most options.budget
// candidates, in the order rated. `method` is set to the algorithm's name.
std::vector<tune_point> optimiser_search(const std::vector<tuned_param>& space, const std::vector<double>& start,
                                         const candidate_rater& rate, const tune_options& options,
                                         std::string& method);

}  // namespace ratekit
