// A plugin built against the ABI 1.2 header (abi_1_2/ratekit/abi.h), with none
// of today's SDK: ranked events scored by places, each entry gaining
// (n + 1) / 2 - rank points. It knows nothing of team matches: it must load
// and rate ranked events under a 1.3 host as before, and be refused team matches.
#include <ratekit/abi.h>

#include <cmath>
#include <cstdio>

static_assert(sizeof(rk_event_batch) == 40 && sizeof(rk_plugin_entry) == 80, "built against the 1.2 layout");

namespace {

int32_t create(const rk_host*, const double*, uint32_t, rk_instance* out, rk_error*) {
  static int token;
  *out = reinterpret_cast<rk_instance>(&token);
  return RK_OK;
}
void destroy(rk_instance) {}

int32_t expect(rk_instance, double ra, double rb, double, double* out, rk_error*) {
  *out = ra > rb ? 1.0 : ra < rb ? -0.0 : 0.5;  // a zero with its sign bit: `ratekit expect` must print 0.00000
  return RK_OK;
}

int32_t rate_events(rk_instance, const rk_state* s, const rk_event_batch* b, rk_entry_out* out, rk_error* error) {
  for (uint64_t e = 0; e < b->event_count; ++e) {
    const rk_event& ev = b->events[e];
    const double middle = double(ev.end - ev.begin + 1) / 2;
    for (uint64_t i = ev.begin; i < ev.end; ++i) {
      const rk_entry& x = b->entries[i];
      if (x.player < 0 || uint64_t(x.player) >= s->player_count) {
        error->code = RK_ERR_INVALID_ARGUMENT, error->index = int64_t(i);
        std::snprintf(error->message, sizeof error->message, "unknown player");
        return RK_ERR_INVALID_ARGUMENT;
      }
      const double delta = middle - x.rank;
      s->columns[0][x.player] += delta;
      if (out) out[i] = rk_entry_out{NAN, NAN, delta, 1.0, 0u, 0u};
    }
  }
  return RK_OK;
}

const rk_state_field state[] = {{"rating", 0.0, "points from places"}};
const rk_descriptor descriptor = {sizeof(rk_descriptor), 0, "test-abi12-places", "1.2.0", "a plugin built for ABI 1.2",
                                  RK_CAP_RANKED, 1, 0, state, nullptr};

}  // namespace

extern "C" RK_EXPORT const rk_plugin_entry ratekit_plugin_entry = {
    RK_ABI_MAJOR, RK_ABI_MINOR, sizeof(rk_plugin_entry), 0, &descriptor, create, destroy, expect, nullptr,
    rate_events, nullptr, nullptr};
