// The names a plugin hands over for the host's outputs (plugin/names_check):
// its id, its state fields and its report columns, at each bound and past it.
#include "plugin/names_check.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_plugin_names {

using namespace ratekit;

namespace {

// A descriptor with state fields named `names` (the first should be 'rating').
struct descriptor_of {
  explicit descriptor_of(std::vector<std::string> names, std::string id = "my-model") : id_(std::move(id)), names_(std::move(names)) {
    for (const std::string& n : names_) fields_.push_back({n.c_str(), 0.0, "help"});
    d.struct_size = sizeof d;
    d.id = id_.c_str();
    d.state_count = uint32_t(fields_.size());
    d.state = fields_.data();
  }
  std::string id_;
  std::vector<std::string> names_;
  std::vector<rk_state_field> fields_;
  rk_descriptor d{};
};

std::string problem(std::vector<std::string> names) { return descriptor_names_problem(descriptor_of(std::move(names)).d); }
std::string id_problem(std::string id) { return descriptor_names_problem(descriptor_of({"rating"}, std::move(id)).d); }

int32_t no_values(rk_instance, const rk_game*, double, double, double*, rk_error*) { return RK_OK; }

std::string columns_problem(std::vector<std::string> names) {
  std::vector<const char*> raw;
  for (const std::string& n : names) raw.push_back(n.c_str());
  const rk_ext_game_columns c{sizeof c, uint32_t(raw.size()), raw.data(), &no_values};
  return game_columns_problem(c);
}

}  // namespace

TEST_CASE("state field names are plain words of their own", "[loader][names]") {
  CHECK(problem({"rating", "rd", "volatility", "pool_games", "P2"}) == "");
  CHECK(problem({"rating", ""}) == "state field 1 has no name");
  for (const std::string bad : {"a,b", "a\"b", "a\nb", "a\x1b[2Jb", "a b", "2nd", "_x", "r\xc3\xa9"})
    CHECK_THAT(problem({"rating", bad}), Catch::StartsWith("state field 1 name '" + bad + "' is not letters"));
  CHECK(problem({"rating", "rd", "rd"}) == "state field 2 'rd' is named twice");
  CHECK(problem({"rating", "rating"}) == "state field 1 'rating' is named twice");
}

TEST_CASE("state fields may not take the name of a column the host writes", "[loader][names]") {
  for (const std::string taken : {"player", "games", "peak", "last_played", "birth_year", "federation", "id", "category",
                                  "Games", "ID"})
    CHECK(problem({"rating", taken}) == "state field 1 '" + taken + "' is the name of ratings.csv's own column");
  CHECK(problem({"rating", "games_won", "peaks"}) == "");
}

TEST_CASE("names and counts are bounded", "[loader][names]") {
  CHECK(problem({"rating", std::string(64, 'x')}) == "");
  CHECK_THAT(problem({"rating", std::string(65, 'x')}), Catch::EndsWith("... is longer than 64 bytes"));
  std::vector<std::string> names{"rating"};
  for (int i = 1; i < 64; ++i) names.push_back("f" + std::to_string(i));
  CHECK(problem(names) == "");
  names.push_back("f64");
  CHECK(problem(names) == "65 state fields, more than 64");
  descriptor_of many({"rating"});
  std::vector<std::string> keys;
  for (int i = 0; i < 257; ++i) keys.push_back("p" + std::to_string(i));
  std::vector<rk_param_spec> params;
  for (const std::string& k : keys) params.push_back({k.c_str(), RK_PARAM_NUMBER, 0, 0, 0, 1, nullptr, "p"});
  many.d.params = params.data();
  many.d.param_count = 256;
  CHECK(descriptor_names_problem(many.d) == "");
  many.d.param_count = 257;
  CHECK(descriptor_names_problem(many.d) == "257 parameters, more than 256");
  many.d.param_count = 1;
  many.d.params = nullptr;
  CHECK(descriptor_names_problem(many.d) == "parameter list missing");
  many.d.state = nullptr;
  CHECK(descriptor_names_problem(many.d) == "state fields missing");
}

TEST_CASE("a plugin id is lowercase words joined by hyphens", "[loader][names]") {
  for (const std::string& good : std::vector<std::string>{"fide-normal", "glicko2", "a", std::string(64, 'a')}) CHECK(id_problem(good) == "");
  for (const std::string& bad : std::vector<std::string>{"Fide", "fide normal", "fide_normal", "-fide", "fide-", "fide\x1b", "a,b",
                                std::string(65, 'a')})
    CHECK_THAT(id_problem(bad), Catch::EndsWith("is not lowercase letters and digits joined by '-'"));
}

TEST_CASE("report columns are plain words, unique, none of report.csv's own", "[loader][names]") {
  CHECK(columns_problem({"a", "P"}) == "");
  CHECK(columns_problem({"a", "a"}) == "game column 1 'a' is named twice");
  CHECK(columns_problem({"a\"b"}) == "game column 0 name 'a\"b' is not letters, digits and '_' starting with a letter");
  for (const std::string taken : {"period", "player", "rating_before", "opponent", "opponent_rating", "expected", "score",
                                  "k", "change", "rating_after", "K"})
    CHECK(columns_problem({taken}) == "game column 0 '" + taken + "' is the name of report.csv's own column");
  std::vector<std::string> names;
  for (int i = 0; i < 64; ++i) names.push_back("c" + std::to_string(i));
  CHECK(columns_problem(names) == "");
  names.push_back("c64");
  CHECK(columns_problem(names) == "game columns extension declares 65 columns, more than 64");
  const char* name = "a";
  const rk_ext_game_columns no_function{sizeof no_function, 1, &name, nullptr};
  CHECK(game_columns_problem(no_function) == "game columns extension lacks names or values");
  const rk_ext_game_columns short_struct{8, 1, &name, &no_values};
  CHECK(game_columns_problem(short_struct) == "game columns extension struct_size too small");
}

TEST_CASE("the parameter needs extension names two parameters of the descriptor", "[loader][names]") {
  const rk_param_spec params[] = {{"floor", RK_PARAM_NUMBER, 0, 1400, 0, 1e6, nullptr, "floor"},
                                  {"first_rating", RK_PARAM_BOOL, 0, 0, 0, 1, nullptr, "first ratings"}};
  descriptor_of d({"rating"});
  d.d.param_count = 2;
  d.d.params = params;
  const auto problem_of = [&](std::vector<rk_param_need> needs) {
    const rk_ext_param_needs ext{sizeof ext, uint32_t(needs.size()), needs.data()};
    return param_needs_problem(d.d, ext);
  };
  CHECK(problem_of({{"floor", "first_rating"}}) == "");
  for (const rk_param_need bad : {rk_param_need{"floor", "floor"}, rk_param_need{"floors", "first_rating"},
                                  rk_param_need{"floor", nullptr}, rk_param_need{nullptr, "floor"}})
    CHECK(problem_of({{"floor", "first_rating"}, bad}) ==
          "param needs pair 1 does not name two parameters of the descriptor");
  const rk_ext_param_needs no_pairs{sizeof no_pairs, 1, nullptr};
  CHECK(param_needs_problem(d.d, no_pairs) == "param needs extension lacks its pairs");
}

TEST_CASE("parameter keys are plain words of their own", "[loader][names]") {
  descriptor_of d({"rating"});
  const auto problem_with = [&](const char* a, const char* b) {
    const rk_param_spec params[] = {{a, RK_PARAM_NUMBER, 0, 1, 0, 2, nullptr, "a"},
                                    {b, RK_PARAM_NUMBER, 0, 1, 0, 2, nullptr, "b"}};
    d.d.param_count = 2;
    d.d.params = params;
    return descriptor_names_problem(d.d);
  };
  CHECK(problem_with("xi", "first_rating") == "");
  CHECK(problem_with("xi", "xi") == "parameter 1 'xi' is named twice");
  CHECK(problem_with("xi", "a\x1b[2J") == "parameter 1 name 'a\x1b[2J' is not letters, digits and '_' starting with a letter");
  CHECK(problem_with("x i", "k") == "parameter 0 name 'x i' is not letters, digits and '_' starting with a letter");
}

}  // namespace test_plugin_names
