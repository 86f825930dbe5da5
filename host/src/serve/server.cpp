#include <ratekit/host/serve/serve.hpp>

#include "serve/connection_threads.hpp"
#include "serve/http_reply.hpp"
#include "serve/request_log.hpp"
#include "serve/site.hpp"
#include "store/row_numbers.hpp"

#include <ratekit/host/text/diagnostics.hpp>
#include <ratekit/host/text/escape.hpp>

#include <spdlog/spdlog.h>

#include <charconv>

namespace ratekit {

namespace {

// Every request: the API or a page; what fails is told to the client in a word and logged in full.
void answer(const serve::site& s, const httplib::Request& req, httplib::Response& res) {
  try {
    bool below_base = false;
    const std::vector<std::string> path = serve::path_segments(req.target, s.base, below_base);
    if (!below_base || !(serve::answer_api(s, path, req, res) || serve::answer_page(s, path, req, res)))
      serve::send_error(res, 404, "no such page");
  } catch (const serve::bad_request& e) {
    serve::send_error(res, 400, e.what());
  } catch (const serve::not_found& e) {
    serve::send_error(res, 404, e.what());
  } catch (const serve::unavailable& e) {
    serve::send_error(res, 503, e.what());
  } catch (const store::damaged_row& e) {  // a hand-edited or damaged row: the client is told which, not the file
    spdlog::error("{} {}: {}", req.method, printable(req.target), e.what());
    serve::send_error(res, 500, e.message());
  } catch (const user_error& e) {  // an unreadable database: the log says which and where
    spdlog::error("{} {}: {}", req.method, printable(req.target), e.what());
    serve::send_error(res, 503, "the rating database cannot be read now");
  } catch (const std::exception& e) {  // a plugin's failure among them
    spdlog::error("{} {}: {}", req.method, printable(req.target), e.what());
    serve::send_error(res, 500, "the server failed on this request");
  }
}

}  // namespace

void read_listen_address(const std::string& text, serve_options& options) {
  const size_t colon = text.rfind(':');
  std::string host = colon == std::string::npos ? "" : text.substr(0, colon);
  if (host.size() >= 2 && host.front() == '[' && host.back() == ']') host = host.substr(1, host.size() - 2);
  int port = -1;
  const char* digits = text.data() + colon + 1;
  const auto [end, error] = std::from_chars(digits, text.data() + text.size(), port);
  if (colon == std::string::npos || error != std::errc() || end != text.data() + text.size() || port < 0 || port > 65535)
    throw user_error("--listen: expected HOST:PORT (127.0.0.1:8080, [::1]:8080, :8080 for every address), found '" +
                     text + "'");
  options.host = host.empty() ? "0.0.0.0" : host;
  options.port = port;
}

std::string checked_base_path(const std::string& text) {
  std::string base = text;
  while (!base.empty() && base.back() == '/') base.pop_back();
  const bool fits = base.empty() || (base.front() == '/' && base.find("//") == std::string::npos &&
                                     base.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./") == std::string::npos &&
                                     base.find("/.") == std::string::npos);
  if (!fits)
    throw user_error("--base-path: expected a path such as /ratings (letters, digits, '-', '_' and '.'), found '" + text + "'");
  return base;
}

struct server::impl {
  impl(serve_options o, const plugin_registry& plugins)
      : options(std::move(o)), database(options.database, options.snapshot), site{database, plugins, checked_base_path(options.base_path), kept},
        log(options.log) {}
  serve_options options;
  serve::reader database;
  serve::kept_reads kept;
  serve::site site;
  serve::request_log log;
  httplib::Server http;
  int port = 0;
};

server::server(serve_options options, const plugin_registry& plugins)
    : impl_(std::make_unique<impl>(std::move(options), plugins)) {
  auto& http = impl_->http;
  const int connections = impl_->options.connections, timeout = impl_->options.timeout_seconds;
  http.new_task_queue = [connections] { return new serve::connection_threads(size_t(connections)); };
  http.set_read_timeout(timeout).set_write_timeout(timeout).set_keep_alive_timeout(timeout);
  http.set_keep_alive_max_count(100).set_payload_max_length(64 * 1024);
  http.set_tcp_nodelay(true);  // headers and body go in two writes: without it, each answer waits 40 ms for an ACK
  http.Get(".*", [this](const httplib::Request& req, httplib::Response& res) { answer(impl_->site, req, res); });
  // What httplib answers itself (an unknown method, a bad request line): a word, no echo of the request.
  http.set_error_handler([](const httplib::Request&, httplib::Response& res) {
    if (res.body.empty()) serve::send_error(res, res.status, "the request was refused");
  });
  http.set_logger([this](const httplib::Request& req, const httplib::Response& res) { impl_->log.write(req, res); });
  const std::string& host = impl_->options.host;
  impl_->port = impl_->options.port == 0 ? http.bind_to_any_port(host)
                                         : (http.bind_to_port(host, impl_->options.port) ? impl_->options.port : -1);
  if (impl_->port < 0)
    throw user_error("cannot listen on " + host + ":" + std::to_string(impl_->options.port) +
                     " (the address is in use, or not this machine's)");
}

server::~server() = default;

int server::port() const noexcept { return impl_->port; }

void server::run() { impl_->http.listen_after_bind(); }

void server::stop() { impl_->http.stop(); }

}  // namespace ratekit
