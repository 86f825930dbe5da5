// ratekit C++ plugin helper for the extension "ratekit.player_records.v1"
// (ratekit/ext/player_records.h): a model's records kept between runs.
//
//   struct my_model {
//     ...
//     void restore_records(const ratekit::sdk::state& s, const rk_player_records& records);
//     rk_player_records save_records();  // arrays the model owns, valid until its next call
//     static const void* extension(const char* id) {
//       static constexpr rk_ext_player_records records =
//           ratekit::sdk::player_records_extension<my_model>("my.records.1", 3, 1000);
//       return std::strcmp(id, RK_EXT_PLAYER_RECORDS) == 0 ? &records : nullptr;
//     }
//   };
#pragma once

#include <ratekit/ext/player_records.h>
#include <ratekit/sdk.hpp>

namespace ratekit::sdk {
namespace detail {

template <class Model>
struct player_records_adapter {
  static int32_t restore(rk_instance instance, const rk_state* s, const rk_player_records* records, rk_error* error) {
    return guard(error, [&] { model_of<Model>(instance).restore_records(state(s), *records); });
  }
  static int32_t save(rk_instance instance, rk_player_records* out, rk_error* error) {
    return guard(error, [&] {
      const uint32_t size = out->struct_size;
      *out = model_of<Model>(instance).save_records();
      out->struct_size = size;
    });
  }
};

}  // namespace detail

template <class Model>
constexpr rk_ext_player_records player_records_extension(const char* kind, uint32_t value_count, uint64_t max_items) {
  using a = detail::player_records_adapter<Model>;
  return {sizeof(rk_ext_player_records), value_count, kind, max_items, &a::restore, &a::save};
}

}  // namespace ratekit::sdk
