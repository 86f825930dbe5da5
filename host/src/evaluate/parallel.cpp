#include <ratekit/host/text/stop.hpp>
#include <ratekit/host/evaluate/parallel.hpp>

#include <algorithm>
#include <atomic>
#include <exception>
#include <optional>
#include <thread>
#include <vector>

namespace ratekit {

void for_each_parallel(size_t count, unsigned threads, const std::function<void(size_t)>& job) {
  std::vector<std::exception_ptr> failed(count);
  std::atomic<size_t> next{0};
  const std::atomic<bool>* stop = stop_flag();
  auto work = [&] {
    std::optional<stop_scope> scope;
    if (stop) scope.emplace(*stop);
    for (size_t i; (i = next++) < count;) try {
        job(i);
      } catch (...) {
        failed[i] = std::current_exception();
      }
  };
  if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < std::min<size_t>(threads, count); ++t) pool.emplace_back(work);
  work();
  for (auto& t : pool) t.join();
  for (const auto& e : failed)  // the first one's fault first, as a pass of it alone would say
    if (e) std::rethrow_exception(e);
}

}  // namespace ratekit
