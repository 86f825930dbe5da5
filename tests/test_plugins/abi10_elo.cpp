// A plugin built against the ABI 1.0 header (abi_1_0/ratekit/abi.h), with
// none of today's SDK: a logistic Elo (xi 400, K from the host) rating whole
// periods. It sees only the 1.0 prefix of today's rk_state and rk_game_batch,
// and must rate exactly as a 1.1 plugin of the same formula does.
#include <ratekit/abi.h>

#include <cmath>
#include <cstdio>
#include <vector>

static_assert(sizeof(rk_game_batch) == 40 && sizeof(rk_state) == 24, "built against the 1.0 layout");

namespace {

struct instance {
  std::vector<double> pending;
};

double expected(double ra, double rb, double adv) { return 1.0 / (1.0 + std::pow(10.0, -(ra + adv - rb) / 400.0)); }

int32_t fail(rk_error* error, const char* message) {
  error->code = RK_ERR_INVALID_ARGUMENT;
  error->index = -1;
  std::snprintf(error->message, sizeof error->message, "%s", message);
  return RK_ERR_INVALID_ARGUMENT;
}

int32_t create(const rk_host*, const double*, uint32_t, rk_instance* out, rk_error*) {
  *out = new instance;
  return RK_OK;
}
void destroy(rk_instance i) { delete static_cast<instance*>(i); }
int32_t expect(rk_instance, double ra, double rb, double adv, double* out, rk_error*) {
  *out = expected(ra, rb, adv);
  return RK_OK;
}

int32_t rate_games(rk_instance self, const rk_state* s, const rk_game_batch* b, rk_game_out* out, rk_error* error) {
  if (s->struct_size < sizeof(rk_state) || b->struct_size < sizeof(rk_game_batch)) return fail(error, "short structs");
  std::vector<double>& pending = static_cast<instance*>(self)->pending;
  pending.assign(s->player_count, 0.0);
  double* r = s->columns[0];
  const uint64_t periods = b->period_count ? b->period_count : b->game_count;
  uint64_t begin = 0;
  for (uint64_t p = 0; p < periods; ++p) {
    const uint64_t end = b->period_count ? b->period_ends[p] : p + 1;
    for (uint64_t i = begin; i < end; ++i) {
      const rk_game& g = b->games[i];
      const double e = expected(r[g.a], r[g.b], g.adv_update);
      const double da = g.k_a * (g.score_a - e), db = -g.k_b * (g.score_a - e);
      pending[size_t(g.a)] += da;
      pending[size_t(g.b)] += db;
      if (out) out[i] = {expected(r[g.a], r[g.b], g.adv_predict), da, db, 1 - expected(r[g.a], r[g.b], g.adv_predict)};
    }
    for (uint64_t i = begin; i < end; ++i)
      for (const int32_t who : {b->games[i].a, b->games[i].b}) {
        r[who] += pending[size_t(who)];
        pending[size_t(who)] = 0.0;
      }
    begin = end;
  }
  return RK_OK;
}

const rk_state_field fields[] = {{"rating", 1500.0, "rating"}};
const rk_descriptor descriptor = {sizeof(rk_descriptor), 0, "test-abi10-elo", "1.0.0", "a plugin built for ABI 1.0",
                                  RK_CAP_PAIRWISE | RK_CAP_USES_K | RK_CAP_DRAWS | RK_CAP_PERIODS, 1, 0, fields,
                                  nullptr};

}  // namespace

extern "C" RK_EXPORT const rk_plugin_entry ratekit_plugin_entry = {
    RK_ABI_MAJOR, RK_ABI_MINOR, sizeof(rk_plugin_entry), 0, &descriptor, create, destroy, expect, rate_games,
    nullptr, nullptr};
