#include <ratekit/host/plugin/whole_history_model.hpp>

#include "plugin/plugin_call.hpp"

#include <ratekit/host/text/diagnostics.hpp>

namespace ratekit {

const rk_ext_whole_history* whole_history_of(const plugin& p) {
  if (!p.has(RK_CAP_WHOLE_HISTORY)) return nullptr;
  return static_cast<const rk_ext_whole_history*>(p.entry().get_extension(RK_EXT_WHOLE_HISTORY));
}

void whole_history_model::log_callback(void* context, int32_t level, const char* message) {
  log_from_plugin(static_cast<const whole_history_model*>(context)->plugin_->id(), level, message);
}

whole_history_model::whole_history_model(std::shared_ptr<const plugin> p, const std::vector<double>& params)
    : plugin_(std::move(p)), calls_(whole_history_of(*plugin_)) {
  if (!calls_) throw user_error(plugin_->file().string(), 0, 0, "plugin rates no whole history");
  host_ = host_for(this, &log_callback);
  instance_ = create_instance(*plugin_, host_, params);
}

whole_history_model::~whole_history_model() { destroy_instance(*plugin_, instance_); }

void whole_history_model::call(const std::function<int32_t(rk_instance, rk_error*)>& fn) const {
  call_plugin([&](rk_error* e) { return fn(instance_, e); });
}

}  // namespace ratekit
