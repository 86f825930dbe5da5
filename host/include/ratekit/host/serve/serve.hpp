// Stage serve. In: a history database (a file or a postgresql:// URI).
// Out: its rating lists on the web, as a JSON API and as HTML pages.
//
// `ratekit serve`: read only, every request through one snapshot of the
// database, every parameter bound; a request log in the common log format.
#pragma once

#include <ratekit/host/plugin/plugin.hpp>

#include <cstdio>
#include <memory>
#include <string>

namespace ratekit {

struct serve_options {
  std::string database;       // a file or a postgresql:// URI
  std::string host = "127.0.0.1";
  int port = 8080;            // 0: any free port (port() says which)
  std::string base_path;      // "" or "/ratings": where the site lives
  int connections = 1024;        // connections open at once (a thread each); more wait for one to close
  int timeout_seconds = 5;    // a client silent this long, or an idle kept-alive connection, is closed
  bool snapshot = false;      // a SQLite file no run records into: read as it is, without the log's -shm beside it
  std::FILE* log = stdout;    // the request log
};

// "127.0.0.1:8080", "[::1]:8080" or ":8080" (every address) into options' host and port; a user_error otherwise.
void read_listen_address(const std::string& text, serve_options& options);
// A base path as "/ratings": "" or slash-separated words of letters, digits, '-', '_' and '.'; a user_error otherwise.
std::string checked_base_path(const std::string& text);

class server {
 public:
  // Opens the database and binds the address; a user_error when either fails.
  server(serve_options options, const plugin_registry& plugins);
  ~server();
  server(const server&) = delete;
  server& operator=(const server&) = delete;
  int port() const noexcept;
  // Answers until stop(); the requests in flight then finish.
  void run();
  void stop();

 private:
  struct impl;
  std::unique_ptr<impl> impl_;
};

}  // namespace ratekit
