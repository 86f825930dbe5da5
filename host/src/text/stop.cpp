#include <ratekit/host/text/stop.hpp>

namespace ratekit {
namespace {
thread_local const std::atomic<bool>* current = nullptr;
}  // namespace

stop_scope::stop_scope(const std::atomic<bool>& flag) : outer_(current) { current = &flag; }
stop_scope::~stop_scope() { current = outer_; }

const std::atomic<bool>* stop_flag() { return current; }

}  // namespace ratekit
