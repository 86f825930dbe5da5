// `ratekit serve` against hostile requests, a run recording while it answers,
// SIGTERM, and its request log.
#include "serve/serve_support.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <sqlite3.h>

#include <atomic>
#include <chrono>
#include <regex>
#include <thread>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_serve_hostile {

using namespace ratekit::testing;
using clock_type = std::chrono::steady_clock;

namespace {

// A raw connection to the server, for what no HTTP client would send.
class raw_socket {
 public:
  explicit raw_socket(int port) : fd_(socket(AF_INET, SOCK_STREAM, 0)) {
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(uint16_t(port));
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    REQUIRE(connect(fd_, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0);
    timeval t{20, 0};
    setsockopt(fd_, SOL_SOCKET, SO_RCVTIMEO, &t, sizeof t);
  }
  ~raw_socket() { close(fd_); }
  void send_text(const std::string& s) const { (void)::send(fd_, s.data(), s.size(), MSG_NOSIGNAL); }
  // What the server sends until it closes the connection (or 20 s pass).
  std::string read_all() const {
    std::string out;
    char buf[4096];
    for (ssize_t n; (n = recv(fd_, buf, sizeof buf, 0)) > 0;) out.append(buf, size_t(n));
    return out;
  }

 private:
  int fd_;
};

// What no answer may show: SQL, the engine, a file path, a trace.
void check_reveals_nothing(const std::string& body) {
  for (const char* word : {"SELECT", "select ", "sqlite", "SQLITE", "syntax", "ratings.db", "/tmp", "/work", "/etc",
                           "terminate", "what()", "std::", "root:"})
    CHECK(body.find(word) == std::string::npos);
}

}  // namespace

TEST_CASE("serve: injected SQL in every parameter and path segment is refused or matches nothing", "[serve]") {
  const test_server server(recorded().db());
  const std::string before = server.get("/api/competitions")->body;
  const std::vector<std::string> hostile{"'%20OR%201=1%20--", "1;%20DROP%20TABLE%20players", "%22)%20UNION%20SELECT%20name%20FROM%20sqlite_master--",
                                         "'||(SELECT%20sql%20FROM%20sqlite_master)||'", "%00", "..%2F..%2Fetc%2Fpasswd", "1e999", "-1"};
  const std::vector<std::string> parameters{"as_of", "sort", "order", "page", "per_page", "q", "min_games"};
  for (const auto& value : hostile) {
    std::vector<std::string> targets{"/api/competitions/" + value + "/ratings", "/api/competitions/cup/players/" + value,
                                     "/api/competitions/cup/players/" + value + "/history",
                                     "/api/competitions/cup/players/" + value + "/games",
                                     "/api/competitions/cup/expect?a=" + value + "&b=Brazil",
                                     "/api/competitions/cup/expect?a=Brazil&b=" + value, "/competitions/" + value,
                                     "/competitions/cup/players/" + value, "/api/competitions/cup/players/Brazil/games?page=" + value};
    for (const auto& p : parameters) {
      targets.push_back("/api/competitions/cup/ratings?" + p + "=" + value);
      targets.push_back("/competitions/cup?" + p + "=" + value);
    }
    for (const auto& target : targets) {
      const auto r = server.get(target);
      INFO(target << " -> " << r->status << " " << r->body.substr(0, 300));
      const bool search = target.find("q=") != std::string::npos;
      CHECK((r->status == 400 || r->status == 404 || (r->status == 200 && search)));
      // A page's search box shows what was searched for, escaped: that is the one echo.
      if (!(search && r->status == 200 && target.find("/api/") == std::string::npos)) check_reveals_nothing(r->body);
      else CHECK(r->body.find("<script") == std::string::npos);
      if (r->status == 200 && target.find("/api/") != std::string::npos) CHECK(json::parse(r->body)["total"] == 0);
    }
  }
  CHECK(server.get("/api/competitions")->body == before);
}

TEST_CASE("serve: path traversal, oversized and malformed requests get a 4xx or a closed connection", "[serve]") {
  const test_server server(recorded().db());
  for (const char* target : {"/../../../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/api/../../etc/passwd",
                             "/competitions/..%2F..%2F..%2Fetc%2Fpasswd", "/api/competitions/cup/players/..%2F..%2Fratings.db",
                             "/ratings.db", "/api/openapi.json/../../../etc/passwd", "/%ZZ", "/competitions/%C3%28",
                             "/api/competitions/cup/ratings?q=%FF%FE", "/api/competitions/cup/ratings?q=%C0%AF"}) {
    const auto r = server.get(target);
    INFO(target << " -> " << r->status << " " << r->body);
    CHECK(r->status >= 400);
    CHECK(r->status < 500);
    check_reveals_nothing(r->body);
  }
  const auto start = clock_type::now();
  {  // a query string of a megabyte
    httplib::Client c = server.client();
    const auto r = c.Get(("/api/competitions/cup/ratings?q=" + std::string(1 << 20, 'a')).c_str());
    if (r) CHECK(r->status >= 400);
    if (r) CHECK(r->status < 500);
  }
  {  // a header of a megabyte
    httplib::Client c = server.client();
    const auto r = c.Get("/api/competitions", {{"X-Big", std::string(1 << 20, 'b')}});
    if (r) CHECK(r->status >= 400);
    if (r) CHECK(r->status < 500);
  }
  {  // a request line that is no HTTP, and a method the server does not answer
    raw_socket s(server.port());
    s.send_text("\x01\x02 nonsense\r\n\r\n");
    const std::string answer = s.read_all();
    CHECK(answer.find(" 200 ") == std::string::npos);
    check_reveals_nothing(answer);
  }
  CHECK(server.get_json("/api/competitions/cup/ratings?per_page=1000000000")["per_page"] == 500);
  CHECK(clock_type::now() - start < std::chrono::seconds(10));
  CHECK(server.get("/api/competitions")->status == 200);
}

TEST_CASE("serve: a slow client and hundreds of idle connections are closed in time and slow no one", "[serve]") {
  const test_server server(recorded().db(), 2, 1024);
  std::vector<std::unique_ptr<raw_socket>> idle;
  // A millisecond apart: the listen backlog (cpp-httplib's 5) overflows when 300 arrive at once, and the kernel
  // then holds each dropped connection for a retry a second later, which is not what this test measures.
  for (int i = 0; i < 300; ++i) {
    idle.push_back(std::make_unique<raw_socket>(server.port()));
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  const raw_socket slow(server.port());
  slow.send_text("GET /api/comp");  // and nothing more
  // Another client is answered at once, however many connections wait.
  const auto asked = clock_type::now();
  CHECK(server.get("/api/competitions/cup/ratings")->status == 200);
  CHECK(clock_type::now() - asked < std::chrono::milliseconds(1500));
  // The slow one is closed after the timeout (2 s), not left open.
  const auto waited = clock_type::now();
  const std::string answer = slow.read_all();
  CHECK(clock_type::now() - waited < std::chrono::seconds(6));
  CHECK(answer.find(" 200 ") == std::string::npos);
  for (const auto& s : idle) CHECK(s->read_all().empty());  // each closed, none answered
  CHECK(server.get("/api/competitions")->status == 200);
}

namespace {

// Reads the club's list over and over while a run records `games` (a games CSV
// of March) into the database: every answer is the list before the run or after
// it, and the first request after the run sees it.
void record_while_reading(const std::string& games) {
  recorded_database db;  // its own: this records another month into it
  const test_server server(db.db());
  const std::string target = "/api/competitions/club/ratings.csv";
  const std::string before = server.get(target)->body;
  REQUIRE(before == read_text(db.dir / "club-feb" / "ratings.csv"));
  write_text(db.dir / "mar.csv", games);
  std::atomic<bool> running{true};
  std::vector<std::string> seen;
  std::thread reader([&] {
    while (running) {
      httplib::Client c = server.client();
      if (auto r = c.Get(target.c_str()); r && r->status == 200) seen.push_back(r->body);
      else seen.push_back(r ? "status " + std::to_string(r->status) : "no answer");
    }
  });
  db.run("club.yaml --input mar.csv --out club-mar");
  const std::string after = server.get(target)->body;  // at once: the list kept is of the database before the run
  running = false;
  reader.join();
  CHECK(after == read_text(db.dir / "club-mar" / "ratings.csv"));
  CHECK(after != before);
  CHECK(!seen.empty());
  size_t others = 0;  // neither list: half a run, or no list at all (a 503)
  std::string first_other;
  for (const auto& body : seen)
    if (body != before && body != after && others++ == 0) first_other = body.substr(0, 200);
  INFO(others << " of " << seen.size() << " answers were neither list, the first: " << first_other);
  CHECK(others == 0);
}

std::string march_games(int count, int players) {
  std::string games = "date,player_a,player_b,score_a\n";
  for (int g = 0; g < count; ++g) {
    const int day = 1 + g * 28 / count;
    const std::string a = g % 4 == 0 ? "\"Short, Nigel\"" : "M" + std::to_string(g % players);
    games += "2024-03-" + std::string(day < 10 ? "0" : "") + std::to_string(day) + "," + a + ",A/B Team," +
             (g % 3 == 0 ? "0" : "1") + "\n";
  }
  return games;
}

}  // namespace

TEST_CASE("serve: a run recorded while the server answers is seen at once, never half", "[serve]") {
  record_while_reading(march_games(28, 1));
}

TEST_CASE("serve: a run of many pages recorded while the server answers is seen whole, never half", "[serve]") {
  record_while_reading(march_games(60000, 20000));
}

// A writer whose changes outgrew its page cache, as a run recording more than
// 8 MB of pages does, and that has not committed yet. With a rollback journal
// it would hold SQLite's exclusive lock from the first page it wrote into the
// file, and every reader would wait for its commit, then answer 503; the
// write-ahead log a run records through keeps them reading the database as it was.
TEST_CASE("serve: a run writing more than the page cache keeps no reader out", "[serve]") {
  recorded_database db;
  const test_server server(db.db());
  const std::string target = "/api/competitions/club/ratings.csv";
  const std::string before = server.get(target)->body;
  sqlite3* writer = nullptr;
  REQUIRE(sqlite3_open(db.db().string().c_str(), &writer) == SQLITE_OK);
  REQUIRE(sqlite3_exec(writer,
                       "PRAGMA cache_size = 1; BEGIN; "
                       "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20000) "
                       "INSERT INTO players (competition_id, name) SELECT 1, 'filler' || i FROM n",
                       nullptr, nullptr, nullptr) == SQLITE_OK);
  const auto during = server.get(target);
  CHECK(during->status == 200);
  CHECK(during->body == before);
  sqlite3_exec(writer, "ROLLBACK", nullptr, nullptr, nullptr);
  sqlite3_close(writer);
}

TEST_CASE("serve: the request log is in the common log format", "[serve]") {
  const test_server server(recorded().db());
  server.get("/api/competitions");
  server.get("/api/competitions/none/ratings?q=%22x%22");
  std::string log = server.log();  // a request is logged once its answer is sent: the client may read it first
  for (int i = 0; i < 50 && std::count(log.begin(), log.end(), '\n') < 2; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    log = server.log();
  }
  INFO(log);
  const std::regex line(R"(127\.0\.0\.1 - - \[\d{2}/[A-Z][a-z]{2}/\d{4}:\d{2}:\d{2}:\d{2} \+0000\] "GET ([^"]*) HTTP/1\.1" (\d{3}) (\d+|-))");
  std::vector<std::string> lines;
  for (size_t at = 0, end; (end = log.find('\n', at)) != std::string::npos; at = end + 1) lines.push_back(log.substr(at, end - at));
  REQUIRE(lines.size() == 2);
  std::smatch m;
  REQUIRE(std::regex_match(lines[0], m, line));
  CHECK(m[1] == "/api/competitions");
  CHECK(m[2] == "200");
  REQUIRE(std::regex_match(lines[1], m, line));
  CHECK(m[1] == "/api/competitions/none/ratings?q=%22x%22");
  CHECK(m[2] == "404");
}

TEST_CASE("serve: SIGTERM stops ratekit serve cleanly, the request in flight answered", "[serve]") {
  const temp_dir dir;
  int port = 0;
  {  // a free port, from the system
    const int fd = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t size = sizeof a;
    REQUIRE(bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0);
    getsockname(fd, reinterpret_cast<sockaddr*>(&a), &size);
    port = ntohs(a.sin_port);
    close(fd);
  }
  const std::string log = (dir / "log").string(), db = recorded().db().string();
  const pid_t child = fork();
  if (child == 0) {
    freopen(log.c_str(), "w", stdout);
    freopen((log + ".err").c_str(), "w", stderr);
    execl(RATEKIT_EXE, RATEKIT_EXE, "serve", db.c_str(), "--listen", ("127.0.0.1:" + std::to_string(port)).c_str(),
          static_cast<char*>(nullptr));
    _exit(127);
  }
  httplib::Client c("127.0.0.1", port);
  bool up = false;
  for (int i = 0; i < 100 && !up; ++i) {
    if (auto r = c.Get("/api/competitions"); r && r->status == 200) up = true;
    else std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  REQUIRE(up);
  // A request in flight when the signal comes, its headers half sent, is answered whole.
  raw_socket busy(port);
  busy.send_text("GET /api/competitions/cup/ratings.csv HTTP/1.1\r\nHost: x\r\n");
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  kill(child, SIGTERM);
  const auto signalled = clock_type::now();
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  busy.send_text("Connection: close\r\n\r\n");
  const std::string answer = busy.read_all();
  int status = 0;
  REQUIRE(waitpid(child, &status, 0) == child);
  CHECK(clock_type::now() - signalled < std::chrono::seconds(8));
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
  CHECK(answer.find("200 OK") != std::string::npos);
  CHECK(answer.find("\r\n\r\nplayer,rating,rd") != std::string::npos);
  CHECK(read_text(log).find("\"GET /api/competitions HTTP/1.1\" 200 ") != std::string::npos);
  CHECK(read_text(log + ".err").find("stopping") != std::string::npos);
}

}  // namespace test_serve_hostile
