// A model that keeps one record (ratekit.player_records.v1): its first player's, one number, the runs
// that saved it so far. Flawed builds hand the host what it must refuse: RECORDS_FLAW 1 an item of a
// player outside the state, 2 a number that is none, 3 a kind with capitals (refused at load).
#include "constant_model.hpp"

#include <ratekit/player_records.hpp>

#include <cmath>
#include <cstring>
#include <vector>

#ifndef RECORDS_FLAW
#define RECORDS_FLAW 0
#define RECORDS_ID "test-records"
#endif

namespace {

struct records_probe : ratekit::testing::constant_model {
  static const rk_descriptor descriptor;
  using constant_model::constant_model;

  void restore_records(const ratekit::sdk::state&, const rk_player_records& r) { saved_before_ = r.values[0]; }
  rk_player_records save_records() {
    owners_ = {RECORDS_FLAW == 1 ? 1000 : 0};
    values_ = {RECORDS_FLAW == 2 ? NAN : saved_before_ + 1};
    return {sizeof(rk_player_records), 1, 1, owners_.data(), others_.data(), values_.data()};
  }
  static const void* extension(const char* id) {
    static constexpr rk_ext_player_records records = ratekit::sdk::player_records_extension<records_probe>(
        RECORDS_FLAW == 3 ? "Probe.Records.1" : "probe.records.1", 1, 10);
    return std::strcmp(id, RK_EXT_PLAYER_RECORDS) == 0 ? &records : nullptr;
  }

  double saved_before_ = 0;
  std::vector<int32_t> owners_, others_{-1};
  std::vector<double> values_;
};

const rk_descriptor records_probe::descriptor = {
    sizeof(rk_descriptor), 0, RECORDS_ID, "0.1", "logistic Elo keeping a record of its first player",
    RK_CAP_PAIRWISE | RK_CAP_USES_K, 1, 0, ratekit::testing::constant_model_fields, nullptr};

}  // namespace

RATEKIT_PLUGIN(records_probe)
