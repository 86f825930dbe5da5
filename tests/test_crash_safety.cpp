// kill -9 at random moments of a long run: every output file is either the
// previous version or the complete new one, a new summary.json (written last)
// means a complete new set, temporaries of a killed run are cleaned up by the
// next one, and a rerun gives byte-identical outputs.
#include "test_support.hpp"

#include <catch2/catch.hpp>

#include <chrono>
#include <csignal>
#include <fcntl.h>
#include <map>
#include <random>
#include <sys/wait.h>
#include <thread>
#include <vector>
#include <unistd.h>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_crash_safety {

namespace fs = std::filesystem;
using namespace ratekit::testing;

namespace {

const char* const outputs[] = {"ratings.csv", "history.csv", "summary.json"};

// n games among 2000 players, seeded, so every test run rates the same stream.
void write_games(const fs::path& file, size_t n) {
  std::mt19937_64 rng(20240101);
  std::string csv = "date,player_a,player_b,score_a\n";
  csv.reserve(n * 36);
  const char* const scores[] = {"0", "0.5", "1"};
  for (size_t i = 0; i < n; ++i) {
    const unsigned a = unsigned(rng() % 2000), b = (a + 1 + unsigned(rng() % 1999)) % 2000;
    csv += "2024-01-01,P" + std::to_string(a) + ",P" + std::to_string(b) + "," + scores[rng() % 3] + "\n";
  }
  write_text(file, csv);
}

void write_config(const fs::path& file, int k) {
  write_text(file, "competition: crash\nmodel: fide-logistic\nk_schedule: [ { k: " + std::to_string(k) +
                       " } ]\ninitial: 1500\ninput: { format: games-csv, path: games.csv }\n");
}

// Starts `ratekit run config --out dir`; returns the child's pid.
pid_t start_run(const fs::path& config, const fs::path& dir) {
  const pid_t pid = ::fork();
  if (pid == 0) {
    const int null = ::open("/dev/null", O_WRONLY);
    ::dup2(null, 1);
    ::dup2(null, 2);
    ::execl(RATEKIT_EXE, "ratekit", "run", config.c_str(), "--out", dir.c_str(), "--quiet", static_cast<char*>(nullptr));
    ::_exit(127);
  }
  return pid;
}

int wait_for(pid_t pid) {
  int status = 0;
  ::waitpid(pid, &status, 0);
  return status;
}

// The run's wall time, for spreading the kills over it.
double run_to_end(const fs::path& config, const fs::path& dir) {
  const auto start = std::chrono::steady_clock::now();
  const int status = wait_for(start_run(config, dir));
  REQUIRE(WIFEXITED(status));
  REQUIRE(WEXITSTATUS(status) == 0);
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

std::map<std::string, std::string> snapshot(const fs::path& dir) {
  std::map<std::string, std::string> files;
  for (const char* name : outputs)
    if (fs::exists(dir / name)) files[name] = read_text(dir / name);
  return files;
}

size_t stray_files(const fs::path& dir) {
  size_t n = 0;
  for (const auto& e : fs::directory_iterator(dir)) {
    const std::string name = e.path().filename().string();
    n += name != "ratings.csv" && name != "history.csv" && name != "summary.json";
  }
  return n;
}

}  // namespace

TEST_CASE("kill -9 during a long run leaves previous or complete outputs", "[crash]") {
  temp_dir dir;
  write_games(dir / "games.csv", 400000);  // history.csv: about 80 MB
  write_config(dir / "old.yaml", 10);
  write_config(dir / "new.yaml", 20);

  run_to_end(dir / "old.yaml", dir / "out");
  const auto previous = snapshot(dir / "out");
  const double seconds = run_to_end(dir / "new.yaml", dir / "reference");
  const auto complete = snapshot(dir / "reference");
  REQUIRE(previous.size() == 3);
  REQUIRE(complete.size() == 3);
  REQUIRE(previous.at("ratings.csv") != complete.at("ratings.csv"));

  std::mt19937 rng(7);
  std::uniform_real_distribution<double> moment(0.2, 1.05);  // the writing comes last
  for (int kill = 0; kill < 6; ++kill) {
    const double at = seconds * moment(rng);
    INFO("kill " << kill << " at " << at << " s of " << seconds << " s");
    std::vector<fs::path> targets{dir / "out"};
    if (kill % 2 == 0) targets.push_back(dir / ("fresh" + std::to_string(kill)));
    for (const fs::path& out : targets) {
      const pid_t pid = start_run(dir / "new.yaml", out);
      std::this_thread::sleep_for(std::chrono::duration<double>(at));
      ::kill(pid, SIGKILL);
      wait_for(pid);
      const auto now = snapshot(out);
      const bool fresh = out != dir / "out";
      for (const auto& [name, content] : now) {
        INFO(out.filename().string() << "/" << name);
        CHECK((content == complete.at(name) || (!fresh && content == previous.at(name))));
      }
      if (fresh) CHECK((now.empty() || now.count("summary.json") == 0 || now == complete));
      else if (now.at("summary.json") == complete.at("summary.json")) CHECK(now == complete);
    }
  }

  // The next run finishes the job, removes what the killed ones left, and
  // writes the same bytes as the uninterrupted run.
  run_to_end(dir / "new.yaml", dir / "out");
  CHECK(snapshot(dir / "out") == complete);
  CHECK(stray_files(dir / "out") == 0);
}

TEST_CASE("a run that runs out of memory says so and leaves the previous outputs and database as they were", "[crash]") {
  temp_dir dir;
  // 400,000 games among 800,000 players take about 500 MB; the run of one
  // game fits in 150 MB of address space with room for its threads' stacks
  // (at 60 MB a thread could not start now and then).
  std::string many = "date,player_a,player_b,score_a\n";
  for (int i = 0; i < 400'000; ++i)
    many += "2024-01-01,p" + std::to_string(2 * i) + ",p" + std::to_string(2 * i + 1) + ",1\n";
  write_text(dir / "many.csv", many);
  write_text(dir / "games.csv", "date,player_a,player_b,score_a\n2024-01-01,A,B,1\n");
  const std::string config = "competition: oom\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\nperiod: month\n"
                             "output: { database: oom.db }\ninput: { format: games-csv, path: ";
  write_text(dir / "small.yaml", config + "games.csv }\n");
  write_text(dir / "big.yaml", config + "many.csv }\n");
  const std::string limit = "ulimit -v 150000; ";
  const std::string small_run = "-q run " + (dir / "small.yaml").string() + " --out " + (dir / "out").string();
  REQUIRE(run_cli(small_run, limit).status == 0);
  // The same run again: the file is now in the write-ahead log mode later runs keep, as the big run finds it.
  const auto small = run_cli(small_run, limit);
  INFO(small.out);
  REQUIRE(small.status == 0);
  std::map<std::string, std::string> before;
  for (const char* f : outputs) before[f] = read_text(dir / "out" / f);
  const std::string database = read_text(dir / "oom.db");

  const auto r = run_cli("-q run " + (dir / "big.yaml").string() + " --out " + (dir / "out").string(), limit);
  CHECK(r.status == 2);
  CHECK_THAT(r.out, Catch::StartsWith("error: out of memory: ") && Catch::Contains("ulimit -v") &&
                        Catch::Contains("previous outputs were left as they were"));
  for (const char* f : outputs) CHECK(read_text(dir / "out" / f) == before[f]);
  CHECK(read_text(dir / "oom.db") == database);
}

}  // namespace test_crash_safety
