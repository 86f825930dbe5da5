#include "commands.hpp"

#include <ratekit/host/serve/serve.hpp>

#include <spdlog/spdlog.h>

#include <pthread.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <thread>

namespace ratekit::app {

namespace {

// SIGTERM and Ctrl-C stop the server: taken by a thread of its own (sigwait),
// blocked in every other, so the server's threads never see them. The thread
// asks the server to stop until the command is done, so a signal that comes
// before the server listens stops it too.
class stop_on_signal {
 public:
  stop_on_signal() {
    sigemptyset(&signals_);
    sigaddset(&signals_, SIGTERM);
    sigaddset(&signals_, SIGINT);
    pthread_sigmask(SIG_BLOCK, &signals_, nullptr);
    thread_ = std::thread([this] {
      int signal = 0;
      sigwait(&signals_, &signal);
      if (done_) return;
      spdlog::info("stopping: the requests in flight finish first");
      while (!done_) {
        if (server* s = target_.load()) s->stop();
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
      }
    });
  }
  ~stop_on_signal() {
    target_ = nullptr;
    done_ = true;
    pthread_kill(thread_.native_handle(), SIGTERM);  // wakes the thread when no signal came
    thread_.join();
  }
  void attach(server& s) { target_ = &s; }
  void detach() { target_ = nullptr; }

 private:
  sigset_t signals_{};
  std::atomic<server*> target_{nullptr};
  std::atomic<bool> done_{false};
  std::thread thread_;
};

}  // namespace

void add_serve_command(CLI::App& app, context& ctx) {
  auto* cmd = app.add_subcommand("serve", "Serve a history database's rating lists on the web: a JSON API and pages");
  static serve_options options;
  static std::string listen = "127.0.0.1:8080";
  cmd->add_option("DATABASE", options.database, "History database: a SQLite file or a postgresql:// URI")->required();
  cmd->add_option("--listen", listen, "Address and port to listen on (HOST:PORT; :PORT for every address)")
      ->capture_default_str();
  cmd->add_option("--base-path", options.base_path, "Path the site lives under behind a proxy (/ratings)");
  cmd->add_option("--connections", options.connections, "Connections open at once, a thread each; more wait for one to close")
      ->capture_default_str()
      ->check(CLI::Range(1, 65536));
  cmd->add_option("--timeout", options.timeout_seconds,
                  "Seconds a silent client or an idle kept-alive connection is kept")
      ->capture_default_str()
      ->check(CLI::Range(1, 3600));
  cmd->add_flag("--snapshot", options.snapshot,
                "The SQLite file is a copy no run records into: read as it is, without the write-ahead log's "
                "index files beside it (a folder the server may not write)");
  cmd->callback([&ctx] {
    read_listen_address(listen, options);
    const plugin_registry plugins = ctx.registry();
    stop_on_signal guard;
    server s(options, plugins);
    spdlog::info("serving {} on http://{}:{}{}/", options.database, options.host, s.port(), checked_base_path(options.base_path));
    guard.attach(s);
    s.run();
    guard.detach();
  });
}

}  // namespace ratekit::app
