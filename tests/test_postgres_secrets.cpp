// A password reaches no message, output file, recorded row or server log,
// whatever the form of the connection string that holds it: each form that
// libpq reads connects with the password the server has, and each that libpq
// would read otherwise than it looks is refused before connecting.
#include "pg_support.hpp"

#include <ratekit/host/output/reports/predict_database.hpp>
#include <ratekit/host/store/connection_scope.hpp>
#include <ratekit/host/store/location.hpp>

#include <filesystem>
#include <iterator>
#include <latch>
#include <thread>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_postgres_secrets {

using namespace ratekit;
namespace fs = std::filesystem;

namespace {

// ratekit_odd's password (tests/postgres/server.sh), set as the superuser.
void set_password(const std::string& password) {
  std::string literal;
  for (const char c : password) literal += c == '\'' ? std::string("''") : std::string(1, c);
  store::postgres_database(testing::pg_server_uri(), store::database::mode::read_write)
      .exec(("ALTER ROLE ratekit_odd PASSWORD '" + literal + "'").c_str());
}

// `s` quoted for the shell.
std::string quoted(const std::string& s) {
  std::string out = "'";
  for (const char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// Where the password must not be: the run's messages, every file it wrote, and the server's log.
void check_nowhere(const std::vector<std::string>& forms, const std::string& messages, const fs::path& out) {
  std::vector<std::pair<std::string, std::string>> texts = {{"messages", messages},
                                                            {"server.log", testing::read_text(fs::path(testing::pg_dir()) / "server.log")}};
  if (fs::exists(out))
    for (const auto& f : fs::recursive_directory_iterator(out))
      if (f.is_regular_file()) texts.emplace_back(f.path().string(), testing::read_text(f.path()));
  for (const auto& [where, text] : texts)
    for (const std::string& form : forms) {
      INFO(where << " holds " << form);
      CHECK(text.find(form) == std::string::npos);
    }
}

// One competition of two games, recorded into `database`.
struct secret_run {
  testing::temp_dir dir;
  explicit secret_run(const std::string& database) {
    testing::write_text(dir / "g.csv", "date,player_a,player_b,score_a\n2024-01-05,A,B,1\n2024-01-12,A,C,0.5\n");
    testing::write_text(dir / "c.yaml", testing::config_into("competition: club\nmodel: fide-logistic\nk_schedule: "
                                                             "[ { k: 20 } ]\ninput: { format: games-csv, path: g.csv }\n",
                                                             database));
  }
  testing::command_result run() const {
    return testing::run_cli("run " + quoted((dir / "c.yaml").string()) + " --out " + quoted((dir / "out").string()));
  }
};

}  // namespace

TEST_CASE("PostgreSQL: a password libpq reads from any form of connection string stays secret", "[.][postgres]") {
  const std::string host = testing::pg_dir(), schema_option = "options=-csearch_path%3Dodd_secrets";
  struct form {
    std::string password, written, as_written;  // as_written: the password as the string writes it
  };
  const std::vector<form> forms = {
      {"Odd?pass/w%rd@1", "postgresql://ratekit_odd:Odd%3Fpass%2Fw%25rd%401@/postgres?host=" + host + "&" + schema_option,
       "Odd%3Fpass%2Fw%25rd%401"},
      {"Raw?Secret-2", "postgresql://ratekit_odd:Raw?Secret-2@/postgres?host=" + host + "&" + schema_option, ""},
      {"Qry@Secret=3", "postgresql://ratekit_odd@/postgres?host=" + host + "&password=Qry%40Secret%3D3&" + schema_option,
       "Qry%40Secret%3D3"},
      {"Upper-Secret-4", "POSTGRESQL://ratekit_odd:Upper-Secret-4@/postgres?host=" + host + "&" + schema_option, ""},
      {"Kv Secret 5", "host=" + host + " dbname=postgres user=ratekit_odd password='Kv Secret 5' "
                      "options='-csearch_path=odd_secrets'", "'Kv Secret 5'"},
  };
  for (const form& f : forms) {
    INFO(f.written);
    const testing::pg_schema pg("odd_secrets", "ratekit_odd");
    const std::string as_superuser = testing::pg_server_uri() + "&" + schema_option;
    set_password(f.password);
    const std::vector<std::string> secret = f.as_written.empty() ? std::vector<std::string>{f.password}
                                                                  : std::vector<std::string>{f.password, f.as_written};
    secret_run run(f.written);
    const auto r = run.run();
    INFO(r.out);
    CHECK(r.status == 0);
    CHECK(r.out.find("recorded run 1 (") != std::string::npos);
    CHECK(r.out.find(") in postgresql://ratekit_odd@/postgres?host=" + host + "&") != std::string::npos);
    check_nowhere(secret, r.out, run.dir / "out");
    CHECK(testing::read_text(run.dir / "out" / "summary.json").find("********") != std::string::npos);
    const auto runs = testing::table_rows(as_superuser, "SELECT * FROM runs");
    REQUIRE(runs.size() == 1);
    for (const std::string& form : secret) CHECK(runs[0].find(form) == std::string::npos);
    CHECK(runs[0].find("********") != std::string::npos);  // the config as recorded
    CHECK(testing::table_rows(as_superuser, "SELECT count(*) FROM games") == std::vector<std::string>{"2"});

    // Read back and copied with the string on the command line.
    const auto history = testing::run_cli("history " + quoted(f.written) + " A");
    CHECK(history.status == 0);
    const auto unknown = testing::run_cli("history " + quoted(f.written) + " nobody");
    CHECK(unknown.status == 1);
    CHECK(unknown.out.find("no player 'nobody'") != std::string::npos);
    const auto copied = testing::run_cli("db copy " + quoted(f.written) + " " + quoted((run.dir / "copy.db").string()));
    CHECK(copied.status == 0);
    CHECK(copied.out.find("copied ") != std::string::npos);
    check_nowhere(secret, history.out + unknown.out + copied.out, run.dir / "out");
  }
}

TEST_CASE("PostgreSQL: a connection string libpq would misread is refused before connecting", "[.][postgres]") {
  const std::string host = testing::pg_dir(), schema_option = "options=-csearch_path%3Dodd_misread";
  struct hostile {
    std::string written, secret, expected;
  };
  const std::vector<hostile> cases = {
      {"postgresql://ratekit_odd:Slash/Secret-6@/postgres?host=" + host + "&" + schema_option, "Secret-6", "%2F"},
      {"postgresql://ratekit_odd:At@Secret-7@/postgres?host=" + host + "&" + schema_option, "Secret-7", "%40"},
      {"postgresql://ratekit_odd:Pct%Secret-8@/postgres?host=" + host + "&" + schema_option, "Secret-8",
       "invalid percent-encoded token"},
      {"postgresql:/ratekit_odd:One-Slash-Secret-9@/postgres?host=" + host + "&" + schema_option, "Secret-9",
       "two slashes"},
  };
  const testing::pg_schema pg("odd_misread", "ratekit_odd");
  set_password("unused-Password");
  for (const hostile& h : cases) {
    INFO(h.written);
    secret_run run(h.written);
    const auto r = run.run();
    INFO(r.out);
    CHECK(r.status == 1);
    CHECK(r.out.find(h.expected) != std::string::npos);
    check_nowhere({h.secret}, r.out, run.dir / "out");
    CHECK_FALSE(fs::exists(run.dir / "out"));
    CHECK(std::distance(fs::directory_iterator(run.dir.path()), fs::directory_iterator()) == 2);  // c.yaml and g.csv: no file made
    const auto history = testing::run_cli("history " + quoted(h.written) + " A");
    CHECK(history.status == 1);
    check_nowhere({h.secret}, history.out, run.dir / "out");
  }
  CHECK(testing::table_rows(testing::pg_server_uri(), "SELECT count(*) FROM pg_tables WHERE schemaname = 'odd_misread'") ==
        std::vector<std::string>{"0"});
}

TEST_CASE("PostgreSQL: the run's fingerprint holds no password: a new password is the same run", "[.][postgres]") {
  const std::string host = testing::pg_dir();
  const testing::pg_schema pg("odd_fingerprint", "ratekit_odd");
  const auto uri = [&](const std::string& password) {
    return "postgresql://ratekit_odd:" + password + "@/postgres?host=" + host + "&options=-csearch_path%3Dodd_fingerprint";
  };
  set_password("First-Secret");
  secret_run first(uri("First-Secret"));
  REQUIRE(first.run().status == 0);
  set_password("Second-Secret");
  testing::write_text(first.dir / "c.yaml", testing::config_into("competition: club\nmodel: fide-logistic\nk_schedule: "
                                                                 "[ { k: 20 } ]\ninput: { format: games-csv, path: g.csv }\n",
                                                                 uri("Second-Secret")));
  const auto again = first.run();
  INFO(again.out);
  CHECK(again.status == 0);
  CHECK(again.out.find("already holds this run from the same input (run 1)") != std::string::npos);
}

TEST_CASE("PostgreSQL: a later string without a password does not connect with an earlier one's", "[.][postgres]") {
  const std::string host = testing::pg_dir(), rest = "@/postgres?host=" + host + "&options=-csearch_path%3Dodd_later";
  const testing::pg_schema pg("odd_later", "ratekit_odd");
  set_password("Earlier-Secret");
  secret_run earlier("postgresql://ratekit_odd:Earlier-Secret" + rest);
  REQUIRE(earlier.run().status == 0);
  // As the Python module does: a call that gave the password, then one that gave none (nor PGPASSWORD).
  const std::string games = (earlier.dir / "new.csv").string();
  testing::write_text(games, "player_a,player_b\nA,B\n");
  CHECK(predictions_from_database(testing::builtin(), "postgresql://ratekit_odd:Earlier-Secret" + rest, "club",
                                  std::nullopt, games).find("A,B,") != std::string::npos);
  ::unsetenv("PGPASSWORD");
  try {
    predictions_from_database(testing::builtin(), "postgresql://ratekit_odd" + rest, "club", std::nullopt, games);
    FAIL("connected with the earlier string's password");
  } catch (const user_error& e) {
    INFO(e.what());
    CHECK(std::string(e.what()).find("password") != std::string::npos);
    CHECK(std::string(e.what()).find("Earlier-Secret") == std::string::npos);
  }
}

TEST_CASE("PostgreSQL: two runs at once naming one database with different passwords each connect with their own",
          "[.][postgres]") {
  const std::string server = "@/postgres?host=" + testing::pg_dir();
  const std::string right = "postgresql://ratekit_pw:right-secret-4711" + server;
  const std::string wrong = "postgresql://ratekit_pw:wrong-secret-0815" + server;
  REQUIRE(database_location(right) == database_location(wrong));  // one location: the password is not shown
  // A names the database first, B names it next, then A connects, then B: as two Python threads may.
  std::latch a_named(1), b_named(1);
  std::string a_failure = "not run", b_failure = "not run";
  const auto connect = [](const std::string& location) -> std::string {
    try {
      store::open_database(location, store::database::mode::read_only);
      return "";
    } catch (const std::exception& e) {
      return e.what();
    }
  };
  std::thread a([&] {
    const connection_scope run(new_connection_strings());
    const std::string location = database_location(right);
    a_named.count_down();
    b_named.wait();
    a_failure = connect(location);
  });
  std::thread b([&] {
    const connection_scope run(new_connection_strings());
    a_named.wait();
    const std::string location = database_location(wrong);
    b_named.count_down();
    b_failure = connect(location);
  });
  a.join();
  b.join();
  CHECK(a_failure == "");
  CHECK(b_failure.find("password authentication failed") != std::string::npos);
  CHECK(b_failure.find("wrong-secret-0815") == std::string::npos);
  // Without a run's scope the process keeps the last string met (the CLI's single run): B's.
  CHECK(connect(database_location(right)) == "");
  CHECK(connect(database_location(wrong)).find("password authentication failed") != std::string::npos);
}

TEST_CASE("PostgreSQL: compare's configs naming one database with different passwords each connect with their own",
          "[.][postgres]") {
  const testing::pg_schema pg("compare_pw");
  const std::string server = "@/postgres?host=" + testing::pg_dir() + "&options=-csearch_path%3Dcompare_pw";
  const std::string right = "postgresql://ratekit_pw:right-secret-4711" + server;
  const std::string wrong = "postgresql://ratekit_pw:wrong-secret-0815" + server;
  testing::temp_dir dir;
  std::string games = "date,player_a,player_b,score_a\n";
  for (int day = 1; day <= 28; ++day)
    games += "2024-03-" + std::string(day < 10 ? "0" : "") + std::to_string(day) + ",A,B," + (day % 3 ? "1" : "0") +
             "\n2024-03-" + std::string(day < 10 ? "0" : "") + std::to_string(day) + ",C,D,0.5\n";
  testing::write_text(dir / "games.csv", games);
  const std::string head = "competition: club\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\nperiod: day\n"
                           "input: { format: games-csv, path: games.csv }\n";
  testing::write_text(dir / "record.yaml", testing::config_into(head, right));
  REQUIRE(testing::run_cli("run '" + (dir / "record.yaml").string() + "' --out '" + (dir / "out").string() + "'").status == 0);
  testing::write_text(dir / "wrong.yaml", head + "initial: { database: \"" + wrong + "\" }\n");
  testing::write_text(dir / "right.yaml", head + "initial: { database: \"" + right + "\" }\n");
  const auto compare = [&](const std::string& first, const std::string& second) {
    return testing::run_cli("compare '" + (dir / first).string() + "' '" + (dir / second).string() + "' --out '" +
                            (dir / "compared").string() + "'");
  };
  // The config with the wrong password, first: it used to connect with the later config's, the right one.
  const auto refused = compare("wrong.yaml", "right.yaml");
  INFO(refused.out);
  CHECK(refused.status == 1);
  CHECK(refused.out.find("password authentication failed") != std::string::npos);
  CHECK(refused.out.find("wrong-secret-0815") == std::string::npos);
  CHECK_FALSE(fs::exists(dir / "compared" / "compare.csv"));
  // Each with the right one: compared (the right config twice, under two names).
  fs::copy_file(dir / "right.yaml", dir / "right2.yaml");
  const auto compared = compare("right.yaml", "right2.yaml");
  INFO(compared.out);
  CHECK(compared.status == 0);
}

}  // namespace test_postgres_secrets
