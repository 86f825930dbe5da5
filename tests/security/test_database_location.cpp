// A PostgreSQL connection string is read as libpq reads it, whatever its form,
// and its password reaches no message, location or recorded text; a string
// libpq would read otherwise than it looks is refused, repeating none of it.
#include <ratekit/host/config/config.hpp>
#include <ratekit/host/store/location.hpp>
#include <ratekit/host/text/diagnostics.hpp>

#include <catch2/catch.hpp>
#include <fmt/format.h>
#include <libpq-fe.h>

#include <random>

#include "test_support.hpp"

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_database_location {

using namespace ratekit;

namespace {

// The password libpq reads from `written`, as it will send it to the server.
std::string libpq_password(const std::string& written) {
  PQconninfoOption* options = PQconninfoParse(written.c_str(), nullptr);
  REQUIRE(options != nullptr);
  std::string password;
  for (const PQconninfoOption* o = options; o->keyword; ++o)
    if (std::string_view(o->keyword) == "password" && o->val) password = o->val;
  PQconninfoFree(options);
  return password;
}

// The message database_location refuses `where` with ("" when it reads it).
std::string refusal(const std::string& where) {
  try {
    database_location(where);
    return "";
  } catch (const user_error& e) {
    return e.what();
  }
}

}  // namespace

TEST_CASE("database location: each form of a connection string is shown without its password", "[location]") {
  struct form {
    std::string written, shown, secret, connect = "";  // connect: what libpq is handed, when not as written
  };
  const std::vector<form> forms = {
      // '?' is part of the password: libpq reads the user part up to its '@'.
      {"postgresql://ann:pa?ss@db.example/ratings", "postgresql://ann@db.example/ratings", "pa?ss"},
      // percent-escapes: the password is "a/b%c@d?"
      {"postgresql://ann:a%2Fb%25c%40d%3F@db.example:5433/ratings", "postgresql://ann@db.example:5433/ratings",
       "a/b%c@d?"},
      // the parameter, its key written with an escape, and a socket folder as the host
      {"postgresql://ann@/ratings?host=/run/pg&pass%77ord=s3cr%3Dt", "postgresql://ann@/ratings?host=/run/pg",
       "s3cr=t"},
      {"POSTGRESQL://ann:Upper-Secret@db.example/ratings", "postgresql://ann@db.example/ratings", "Upper-Secret",
       "postgresql://ann:Upper-Secret@db.example/ratings"},
      {"Postgres://ann:Mixed-Secret@db.example/ratings", "postgresql://ann@db.example/ratings", "Mixed-Secret",
       "postgres://ann:Mixed-Secret@db.example/ratings"},
      {"host=db.example dbname=ratings user=ann password='it\\'s secret'", "postgresql://ann@db.example/ratings",
       "it's secret"},
      {"  dbname = ratings host=/run/pg password=kv-Secret", "postgresql:///ratings?host=/run/pg", "kv-Secret"},
      {"postgresql://ann@db.example/ratings?sslpassword=key-Secret", "postgresql://ann@db.example/ratings",
       "key-Secret"},
  };
  for (const form& f : forms) {
    INFO(f.written);
    REQUIRE(is_database_uri(f.written));
    const std::string location = database_location(f.written);
    CHECK(location == f.shown);
    CHECK(location.find(f.secret) == std::string::npos);
    CHECK(connection_uri(location) == (f.connect.empty() ? f.written : f.connect));
    CHECK(opened_location(location) == location);
    const std::string config = "output:\n  database: " + f.written + "\n";
    const std::string recorded = without_password(config, location);
    CHECK(recorded.find(f.secret) == std::string::npos);
    CHECK(recorded.find("********") != std::string::npos);
  }
  // The URI a run showed before, without a password, is shown as written.
  CHECK(database_location("postgresql://ann@/ratings?host=/run/pg&options=-csearch_path%3Dx") ==
        "postgresql://ann@/ratings?host=/run/pg&options=-csearch_path%3Dx");
}

TEST_CASE("database location: a later string without a password connects without an earlier one's", "[location]") {
  const std::string location = database_location("postgresql://ann:first-Secret@db.example/ratings");
  CHECK(connection_uri(location).find("first-Secret") != std::string::npos);
  CHECK(database_location("postgresql://ann@db.example/ratings") == location);
  CHECK(connection_uri(location).find("first-Secret") == std::string::npos);
}

TEST_CASE("database location: a string libpq would read otherwise than it looks is refused, not repeated", "[location]") {
  struct hostile {
    std::string written, expected, secret;
  };
  const std::vector<hostile> cases = {
      // libpq would read "pa" as the port and "ss@db.example/ratings" as the database
      {"postgresql://ann:pa/ss@db.example/ratings", "'/' as %2F", "pa/ss"},
      // libpq would read "p" as the password and "ss@db.example" as the host
      {"postgresql://ann:p@ss@db.example/ratings", "'@' as %40", "p@ss"},
      {"postgresql://db.example/ratings?application_name=ann@pa-Secret", "'@' elsewhere as %40", "pa-Secret"},
      {"postgresql://ann:pa%ss-Secret@db.example/ratings", "invalid percent-encoded token", "pa%ss-Secret"},
      {"postgresql:/ann:one-Slash-Secret@db.example/ratings", "two slashes", "one-Slash-Secret"},
      {"POSTGRES:ann:no-Slash-Secret@db.example", "two slashes", "no-Slash-Secret"},
      {"host=db.example password='unended-Secret", "unterminated quoted string", "unended-Secret"},
      {"host=db.example password=typo-Secret passwd=x", "invalid connection option", "typo-Secret"},
      {" postgresql://ann:Spaced-Secret@db.example/ratings", "libpq cannot read", "Spaced-Secret"},
  };
  for (const hostile& h : cases) {
    INFO(h.written);
    REQUIRE(is_database_uri(h.written));
    const std::string message = refusal(h.written);
    INFO(message);
    CHECK(message.find(h.expected) != std::string::npos);
    CHECK(message.find("not repeated") != std::string::npos);
    CHECK(message.find(h.secret) == std::string::npos);
    CHECK(message.find("Secret") == std::string::npos);
  }
}

TEST_CASE("database location: a path stays a file, whatever it holds", "[location]") {
  for (const std::string path : {"ratings.db", "/data/host-list.db", "a=b.db", "postgresql.db", "pg/postgres.db"}) {
    INFO(path);
    CHECK_FALSE(is_database_uri(path));
    CHECK(database_location(path) == path);
  }
}

TEST_CASE("database location: a config's refusal names the key's place, not the password", "[location]") {
  testing::temp_dir dir;
  testing::write_text(dir / "g.csv", "date,player_a,player_b,score_a\n2024-01-05,A,B,1\n");
  testing::write_text(dir / "c.yaml", "competition: c\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\n"
                                      "input: { format: games-csv, path: g.csv }\n"
                                      "output:\n  database: POSTGRESQL:/ann:Cfg-Secret@db.example/ratings\n"
                                      "initial:\n  rating: 1500\n  database: \"host=db.example password='Init-Secret\"\n");
  const auto r = testing::run_cli("run '" + (dir / "c.yaml").string() + "' --out '" + (dir / "out").string() + "'");
  INFO(r.out);
  CHECK(r.status == 1);
  CHECK(r.out.find("c.yaml:6:13: a PostgreSQL URI starts with 'postgresql://'") != std::string::npos);
  CHECK(r.out.find("c.yaml:9:13: libpq cannot read this PostgreSQL connection string: unterminated quoted string") !=
        std::string::npos);
  CHECK(r.out.find("Secret") == std::string::npos);
  CHECK_FALSE(std::filesystem::exists(dir / "POSTGRESQL:"));
  CHECK_FALSE(std::filesystem::exists(dir / "out"));
}

TEST_CASE("database location: a connection failure's message is one readable line", "[location]") {
  testing::temp_dir dir;
  const auto r = testing::run_cli("history 'postgresql://ann:Lost-Secret@/ratings?host=" + (dir / "none").string() +
                                  "' nobody");
  INFO(r.out);
  CHECK(r.status == 1);
  CHECK(r.out.find("cannot connect to the PostgreSQL database 'ratings'") != std::string::npos);
  CHECK(r.out.find("failed: No such file or directory Is the server running") != std::string::npos);
  CHECK(r.out.find("\\x09") == std::string::npos);
  CHECK(r.out.find("Lost-Secret") == std::string::npos);
}

TEST_CASE("database location: a password a YAML escape writes is not recorded either", "[location]") {
  testing::temp_dir dir;
  testing::write_text(dir / "g.csv", "date,player_a,player_b,score_a\n2024-01-05,A,B,1\n");
  // "Esc\x61ped" is the password "Escaped": neither form is in the text as the URI is.
  testing::write_text(dir / "c.yaml", "competition: c  # the club\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\n"
                                      "input: { format: games-csv, path: g.csv }\n"
                                      "output: { database: \"postgresql://ann:Esc\\x61ped-Pw@db.example/ratings\" }\n");
  const competition_config config = load_config(dir / "c.yaml", testing::builtin());
  CHECK(config.output_database == "postgresql://ann@db.example/ratings");
  const std::string recorded = recorded_config_text(config);
  INFO(recorded);
  CHECK(recorded.find("Escaped-Pw") == std::string::npos);
  CHECK(recorded.find("Esc\\x61ped-Pw") == std::string::npos);
  CHECK(recorded.find("database: postgresql://ann@db.example/ratings") != std::string::npos);
  CHECK(recorded.find("competition: c") != std::string::npos);
  // Written plainly, the text is recorded as written, the password masked where it stood.
  testing::write_text(dir / "c.yaml", "competition: c  # the club\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\n"
                                      "input: { format: games-csv, path: g.csv }\n"
                                      "output: { database: \"postgresql://ann:Plain-Pw@db.example/ratings\" }\n");
  CHECK(recorded_config_text(load_config(dir / "c.yaml", testing::builtin())) ==
        "competition: c  # the club\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\n"
        "input: { format: games-csv, path: g.csv }\n"
        "output: { database: \"postgresql://ann:********@db.example/ratings\" }\n");
}

TEST_CASE("database location: random passwords of hostile characters, in every form, stay secret", "[location]") {
  std::mt19937 rng(46);
  const std::string alphabet = "?/%@&=#:;'\" \\+*!$~[]{}()<>,.-_aZ9\t";
  const auto encoded = [](const std::string& s) {
    std::string out;
    for (const unsigned char c : s) out += fmt::format("%{:02X}", c);
    return out;
  };
  for (int i = 0; i < 300; ++i) {
    std::string password = "Zq";  // a start no other part of the strings has
    for (int n = 1 + int(rng() % 12); n > 0; --n) password += alphabet[rng() % alphabet.size()];
    std::string quoted_value = "'";
    for (const char c : password) quoted_value += (c == '\'' || c == '\\' ? "\\" : "") + std::string(1, c);
    quoted_value += "'";
    const std::vector<std::string> forms = {
        "postgresql://ann:" + encoded(password) + "@db.example/ratings",
        "postgresql://ann@db.example/ratings?host=/run/pg&password=" + encoded(password),
        "host=/run/pg user=ann dbname=ratings password=" + quoted_value,
    };
    for (const std::string& written : forms) {
      INFO(written);
      REQUIRE(libpq_password(written) == password);  // the form writes this password, as the server will be sent it
      const std::string location = database_location(written);
      CHECK(location.find("Zq") == std::string::npos);
      CHECK(connection_uri(location) == written);
      const std::string recorded = without_password("output: { database: \"" + written + "\" }\n", location);
      CHECK(recorded.find("Zq") == std::string::npos);
      CHECK(recorded.find("********") != std::string::npos);
    }
  }
}

}  // namespace test_database_location
