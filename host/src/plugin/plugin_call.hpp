// Calling into a plugin: its status and rk_error turned into a plugin_error, whatever it throws contained,
// its log lines passed on. Shared by the kinds of model (plugin.cpp, whole_history_model.cpp).
#pragma once

#include <ratekit/host/text/stop.hpp>
#include <ratekit/host/plugin/plugin.hpp>

#include <cstring>
#include <new>
#include <string>
#include <string_view>
#include <vector>

namespace ratekit {

// The plugin's message, read only inside its buffer: a careless plugin may
// leave it without a terminating NUL.
inline std::string message_of(const rk_error& e, int32_t status) {
  const std::string m(e.message, strnlen(e.message, sizeof e.message));
  return m.empty() ? "status " + std::to_string(status) + " without a message" : m;
}

inline rk_error fresh_error() {
  rk_error e{};
  e.struct_size = sizeof e;
  e.index = -1;
  return e;
}

// Calls the plugin: `fn(error)` returns its status. Whatever it throws (a
// plugin without the SDK's guard, or a type no guard knows) stops here, so
// the host reports it as any failure instead of ending the process. Memory
// running out in the plugin (std::bad_alloc, or the SDK guard's RK_ERR_INTERNAL
// "out of memory") is the process's: the host's own out-of-memory, exit 2.
template <class Fn>
void call_plugin(Fn&& fn) {
  rk_error error = fresh_error();
  int32_t status = RK_OK;
  try {
    status = fn(&error);
  } catch (const std::bad_alloc&) {
    throw;
  } catch (const std::exception& e) {
    throw plugin_error(std::string("threw a C++ exception through the C ABI: ") + e.what(), -1);
  } catch (...) {
    throw plugin_error("threw a C++ exception of an unknown type through the C ABI", -1);
  }
  if (status == RK_OK) return;
  if (status == RK_STOPPED) {  // ABI 1.7: honoured the stop, or claims one nobody asked for
    const std::atomic<bool>* stop = stop_flag();
    throw_if_stopped(stop);
    throw plugin_error("stopped early (RK_STOPPED) although the host asked it to go on", error.index);
  }
  const std::string message = message_of(error, status);
  if (status == RK_ERR_INTERNAL && message == "out of memory") throw std::bad_alloc();
  throw plugin_error(message, error.index);
}


// An instance of `p` made with `params`, or a user_error: "plugin failed to start: ...".
rk_instance create_instance(const plugin& p, const rk_host& host, const std::vector<double>& params);
// Destroys an instance (none: nothing); what the plugin throws is logged, not thrown.
void destroy_instance(const plugin& p, rk_instance instance) noexcept;

// rk_host.stop_requested (ABI 1.7): whether the run of the calling thread is
// stopped (its stop_scope's flag); a plugin calls it from inside a call, on its thread.
int32_t host_stop_requested(void* context);

// The rk_host an instance is made with: `context` given back to `log`, the stop
// flag of Ctrl-C, this host's ABI and version; a model adds its adjustments.
rk_host host_for(void* context, decltype(rk_host::log) log);

// A line the plugin `id` logs (rk_host.log), at its level.
void log_from_plugin(std::string_view id, int32_t level, const char* message);

}  // namespace ratekit
