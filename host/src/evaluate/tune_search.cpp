#include "evaluate/tune_search.hpp"

#include <ratekit/host/text/stop.hpp>
#include <ratekit/host/evaluate/parallel.hpp>

#include <nlopt.h>

#include <cmath>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>

namespace ratekit {

std::vector<tune_point> grid_search(const std::vector<std::vector<double>>& points, const candidate_rater& rate,
                                    const tune_options& options) {
  std::vector<std::optional<score_set>> scores(points.size());
  std::mutex told;
  size_t rated = 0;
  for_each_parallel(points.size(), options.threads, [&](size_t i) {
    try {
      scores[i] = rate(points[i]);
    } catch (const run_stopped&) {
      return;  // left out: the rest are kept
    }
    const std::lock_guard lock(told);
    ++rated;
    if (options.progress) options.progress(rated, points.size());
  });
  std::vector<tune_point> out;
  for (size_t i = 0; i < points.size(); ++i)
    if (scores[i]) out.push_back({points[i], *scores[i]});
  return out;
}

namespace {

// What NLopt's objective needs, and what it keeps: the candidates rated, and the
// failure that made it stop (NLopt's C interface cannot carry an exception).
struct search_state {
  const candidate_rater& rate;
  const tune_options& options;
  const std::vector<tuned_param>& space;
  nlopt_opt opt;
  std::vector<tune_point> rated;
  std::exception_ptr failure;
};

double objective_at(unsigned n, const double* x, double*, void* data) {
  auto& s = *static_cast<search_state*>(data);
  std::vector<double> values(x, x + n);
  for (size_t i = 0; i < n; ++i)
    if (s.space[i].whole) values[i] = std::round(values[i]);
  try {
    const score_set scores = s.rate(values);
    s.rated.push_back({values, scores});
    if (s.options.progress) s.options.progress(s.rated.size(), s.options.budget);
    return s.options.brier ? scores.brier : scores.log_loss;
  } catch (const run_stopped&) {
  } catch (...) {
    s.failure = std::current_exception();
  }
  nlopt_force_stop(s.opt);
  return HUGE_VAL;
}

}  // namespace

std::vector<tune_point> optimiser_search(const std::vector<tuned_param>& space, const std::vector<double>& start,
                                         const candidate_rater& rate, const tune_options& options,
                                         std::string& method) {
  const unsigned n = unsigned(space.size());
  // BOBYQA models the objective by a quadratic, and needs two dimensions at least; Sbplx (Nelder-Mead
  // on subspaces) searches a single one.
  const nlopt_algorithm algorithm = n >= 2 ? NLOPT_LN_BOBYQA : NLOPT_LN_SBPLX;
  method = std::string("nlopt ") + (n >= 2 ? "bobyqa" : "sbplx");
  const std::unique_ptr<nlopt_opt_s, decltype(&nlopt_destroy)> opt(nlopt_create(algorithm, n), &nlopt_destroy);
  if (!opt) throw std::bad_alloc();
  std::vector<double> lo, hi, step, precision, x = start;
  for (const tuned_param& p : space) {
    lo.push_back(p.lo);
    hi.push_back(p.hi);
    step.push_back((p.hi - p.lo) / 4);        // the first moves reach a quarter of each range
    precision.push_back(1e-6 * (p.hi - p.lo));  // closer than this, it stops before the budget
  }
  search_state state{rate, options, space, opt.get(), {}, nullptr};
  nlopt_srand(options.seed);
  nlopt_set_lower_bounds(opt.get(), lo.data());
  nlopt_set_upper_bounds(opt.get(), hi.data());
  nlopt_set_initial_step(opt.get(), step.data());
  nlopt_set_maxeval(opt.get(), int(options.budget));
  nlopt_set_xtol_abs(opt.get(), precision.data());
  nlopt_set_min_objective(opt.get(), objective_at, &state);
  double found = 0;
  const nlopt_result result = nlopt_optimize(opt.get(), x.data(), &found);
  if (state.failure) std::rethrow_exception(state.failure);
  if (result < 0 && result != NLOPT_FORCED_STOP && result != NLOPT_ROUNDOFF_LIMITED)
    throw std::runtime_error("the optimiser failed (NLopt's code " + std::to_string(int(result)) + ")");
  return std::move(state.rated);
}

}  // namespace ratekit
