// ratings.state: one JSON object a row, written and read back exactly.
#include "store/state_object.hpp"
#include "store/sqlite.hpp"

#include "test_support.hpp"

#include <ratekit/host/text/diagnostics.hpp>

#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <random>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_state_object {

using namespace ratekit;
using store::read_state_object;
using store::state_object;

namespace {

struct scratch_db {
  testing::temp_dir dir;
  store::sqlite_database db{dir / "s.db", store::database::mode::read_write};
};

}  // namespace

TEST_CASE("a state object lists its fields by name, numbers in their shortest exact form, NaN as null", "[store]") {
  state_object two({"volatility", "rd"});
  const double values[] = {0.06, 87.5};
  CHECK(two.write(values) == R"({"rd":87.5,"volatility":0.06})");
  const double whole[] = {31, -2};
  CHECK(two.write(whole) == R"({"rd":-2,"volatility":31})");
  const double missing[] = {NAN, 0.1 + 0.2};
  CHECK(two.write(missing) == R"({"rd":0.30000000000000004,"volatility":null})");
  state_object none({});
  CHECK(none.write(values).empty());  // stored as NULL
  state_object odd({"a\"b", "z"});
  const double one[] = {1, 1e-7};
  CHECK(odd.write(one) == R"({"a\"b":1,"z":0.0000001})");
}

TEST_CASE("a state object reads back the same doubles, sorted by name", "[store]") {
  scratch_db s;
  state_object object({"z", "m", "a"});
  std::mt19937_64 random(7);
  std::uniform_real_distribution<double> exponent(-300, 300), mantissa(-1, 1);
  for (int i = 0; i < 20000; ++i) {
    const double values[] = {mantissa(random) * std::pow(10.0, exponent(random)), mantissa(random) * 3000,
                             double(random() % 1000)};
    const auto fields = read_state_object(object.write(values), s.db, "row");
    REQUIRE(fields.size() == 3);
    CHECK(fields[0].first == "a");
    CHECK(fields[2].first == "z");
    CHECK(std::memcmp(&fields[2].second, &values[0], sizeof(double)) == 0);
    CHECK(std::memcmp(&fields[1].second, &values[1], sizeof(double)) == 0);
    CHECK(std::memcmp(&fields[0].second, &values[2], sizeof(double)) == 0);
  }
  const auto null = read_state_object(R"({"rd":null})", s.db, "row");
  REQUIRE(null.size() == 1);
  CHECK(std::isnan(null[0].second));
}

TEST_CASE("a state that is not an object of finite numbers is a damaged row, named", "[store][security]") {
  scratch_db s;
  const std::string where = "table ratings, player 'A', period '2024-01', state";
  auto refused = [&](const std::string& text) {
    try {
      read_state_object(text, s.db, where);
    } catch (const user_error& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  CHECK_THAT(refused("not json"), Catch::Contains("s.db: damaged rating database: " + where +
                                                  ": expected a JSON object of state fields, found 'not json'"));
  CHECK_THAT(refused("[1, 2]"), Catch::Contains("expected a JSON object"));
  CHECK_THAT(refused(R"({"rd":"87"})"), Catch::Contains("expected a finite number or null for field 'rd'"));
  CHECK_THAT(refused(R"({"rd":1e999})"), Catch::Contains(R"(found '{"rd":1e999}')"));  // beyond a double
  CHECK_THAT(refused(R"({"rd":{"x":1}})"), Catch::Contains("for field 'rd'"));
  CHECK_THAT(refused(std::string(100000, '[') + std::string(100000, ']')), Catch::Contains("expected a JSON object"));
  CHECK_THAT(refused("{\"r\xff\":1}"), Catch::Contains("expected a JSON object"));  // not UTF-8
  CHECK(refused(R"({"rd":1e300})") == "accepted");
}

TEST_CASE("number_text() writes a number as the state object does", "[store]") {
  scratch_db s;
  store::add_number_text_function(s.db);
  store::statement q = s.db.prepare("SELECT number_text(0.1 + 0.2), number_text(31.0), number_text(NULL), number_text(-1e-7)");
  REQUIRE(q.step());
  CHECK(q.text(0) == "0.30000000000000004");
  CHECK(q.text(1) == "31");
  CHECK(q.is_null(2));
  CHECK(q.text(3) == "-0.0000001");
}

}  // namespace test_state_object
