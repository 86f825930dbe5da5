// What the tests of `ratekit serve` share: a history database of two
// competitions recorded by `ratekit run` beside their ratings.csv and
// history.csv, a server on it on a free port of this process, a client, a CSV
// reader and a check of JSON against the server's OpenAPI document.
#pragma once

#include "test_support.hpp"

#include <ratekit/host/serve/serve.hpp>

#include <catch2/catch.hpp>
#include <httplib.h>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <thread>
#include <vector>

namespace ratekit::testing {

using json = nlohmann::json;

// Rows of a CSV file by header name; fields may be quoted ("a, b", "say ""x""").
struct csv_table {
  std::vector<std::string> header;
  std::vector<std::map<std::string, std::string>> rows;
};

inline csv_table parse_csv(const std::string& text) {
  csv_table t;
  std::vector<std::vector<std::string>> lines(1);
  std::string field;
  bool quoted = false, any = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quoted) {
      if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') field += '"', ++i;
      else if (c == '"') quoted = false;
      else field += c;
    } else if (c == '"') {
      quoted = any = true;
    } else if (c == ',') {
      lines.back().push_back(field), field.clear();
    } else if (c == '\n') {
      lines.back().push_back(field), field.clear();
      lines.emplace_back();
    } else {
      field += c;
    }
  }
  lines.pop_back();  // after the last line's end
  t.header = lines.front();
  for (size_t l = 1; l < lines.size(); ++l) {
    std::map<std::string, std::string> row;
    for (size_t c = 0; c < t.header.size() && c < lines[l].size(); ++c) row[t.header[c]] = lines[l][c];
    t.rows.push_back(std::move(row));
  }
  (void)any;
  return t;
}

inline double number(const std::string& text) { return text.empty() ? NAN : std::stod(text); }

// Why `value` does not fit `schema` (OpenAPI 3.0's subset the document uses: $ref,
// type, nullable, format date, properties, required, additionalProperties, items, enum); "" when it does.
inline std::string schema_problem(const json& document, const json& schema, const json& value, const std::string& at) {
  if (schema.contains("$ref")) {
    const std::string ref = schema["$ref"];
    return schema_problem(document, document.at(json::json_pointer(ref.substr(1))), value, at);
  }
  if (value.is_null()) return schema.value("nullable", false) ? "" : at + ": null where " + schema.dump() + " is expected";
  const std::string type = schema.value("type", "");
  const bool fits = type == "object"    ? value.is_object()
                    : type == "array"   ? value.is_array()
                    : type == "string"  ? value.is_string()
                    : type == "integer" ? value.is_number_integer()
                    : type == "number"  ? value.is_number()
                    : type == "boolean" ? value.is_boolean()
                                        : true;
  if (!fits) return at + ": " + value.dump() + " is not of type " + type;
  if (schema.contains("enum") && std::find(schema["enum"].begin(), schema["enum"].end(), value) == schema["enum"].end())
    return at + ": " + value.dump() + " is none of " + schema["enum"].dump();
  if (schema.value("format", "") == "date") {
    const std::string d = value;
    if (d.size() != 10 || d[4] != '-' || d[7] != '-') return at + ": '" + d + "' is no date";
  }
  if (type == "array")
    for (size_t i = 0; i < value.size(); ++i)
      if (auto p = schema_problem(document, schema["items"], value[i], at + "[" + std::to_string(i) + "]"); !p.empty()) return p;
  if (type != "object") return "";
  for (const auto& name : schema.value("required", json::array()))
    if (!value.contains(name.get<std::string>())) return at + ": no '" + name.get<std::string>() + "'";
  for (const auto& [name, v] : value.items()) {
    if (schema.contains("properties") && schema["properties"].contains(name)) {
      if (auto p = schema_problem(document, schema["properties"][name], v, at + "." + name); !p.empty()) return p;
      continue;
    }
    const json more = schema.value("additionalProperties", json(true));
    if (more == json(false)) return at + ": '" + name + "' is not in the schema";
    if (more.is_object())
      if (auto p = schema_problem(document, more, v, at + "." + name); !p.empty()) return p;
  }
  return "";
}

// Two competitions in one database, recorded by ratekit run, with their outputs:
// cup (glicko: rd, yearly periods, every World Cup finals match, three categories) and club
// (fide-logistic: rated, two monthly runs; names with accents, a comma, a slash, a quote).
class recorded_database {
 public:
  recorded_database() {
    write_text(dir / "cup.yaml", "competition: cup\nmodel: glicko\nparams: { c: 50 }\ninput: { format: games-csv, path: " +
                                     source_path("data/football/world_cup_1930_2022.csv").string() +
                                     " }\nperiod: year\noutput: { dir: cup-out, history: true, database: ratings.db }\n"
                                     "categories: [ { from: 0, label: minnow }, { from: 1500, label: contender }, "
                                     "{ from: 1750, label: favourite } ]\n");
    write_text(dir / "club.yaml",
               "competition: club\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\ninitial: { rating: 1500, database: ratings.db }\n"
               "input: { format: games-csv }\nperiod: month\noutput: { history: true, database: ratings.db }\n");
    write_text(dir / "jan.csv", "date,player_a,player_b,score_a\n2024-01-06,\u017dofia \u0106osi\u0107,\u00c9mile Zola,1\n"
                                "2024-01-07,\"Short, Nigel\",A/B Team,0.5\n2024-01-08,\u00c9mile Zola,\"O'Brien \"\"Ace\"\"\",0\n"
                                "2024-01-09,\u017dofia \u0106osi\u0107,\"Short, Nigel\",1\n");
    write_text(dir / "feb.csv", "date,player_a,player_b,score_a\n2024-02-03,\"Short, Nigel\",\u00c9mile Zola,1\n"
                                "2024-02-04,A/B Team,\u017dofia \u0106osi\u0107,0\n");
    run("cup.yaml");
    run("club.yaml --input jan.csv --out club-jan");
    run("club.yaml --input feb.csv --out club-feb");
  }
  void run(const std::string& args) {
    const auto r = run_cli("run " + args, "cd " + dir.path().string() + " && ");
    INFO(r.out);
    REQUIRE(r.status == 0);
  }
  std::filesystem::path db() const { return dir / "ratings.db"; }
  temp_dir dir;
};

// The database the tests read, recorded once for the whole test binary.
inline const recorded_database& recorded() {
  static const recorded_database db;
  return db;
}

// A server of this process on a free port of 127.0.0.1, stopped with the object.
class test_server {
 public:
  explicit test_server(const std::filesystem::path& db, int timeout = 1, int connections = 64, std::string base = "",
                       bool snapshot = false)
      : log_(std::tmpfile()) {
    serve_options o;
    o.snapshot = snapshot;
    o.database = db.string();
    o.port = 0;
    o.timeout_seconds = timeout;
    o.connections = connections;
    o.base_path = std::move(base);
    o.log = log_;
    server_ = std::make_unique<server>(o, builtin());
    thread_ = std::thread([this] { server_->run(); });
  }
  ~test_server() {
    server_->stop();
    thread_.join();
    std::fclose(log_);
  }
  int port() const { return server_->port(); }
  httplib::Client client() const {
    httplib::Client c("127.0.0.1", port());
    c.set_read_timeout(20);
    return c;
  }
  // GET `target` (already encoded); the answer, which the test requires.
  httplib::Result get(const std::string& target, const httplib::Headers& headers = {}) const {
    httplib::Client c = client();
    auto r = c.Get(target.c_str(), headers);
    REQUIRE(r);
    return r;
  }
  json get_json(const std::string& target) const {
    const auto r = get(target);
    INFO(target << ": " << r->body);
    REQUIRE(r->status == 200);
    return json::parse(r->body);
  }
  std::string log() const {
    std::fflush(log_);
    std::rewind(log_);
    std::string text;
    char buf[4096];
    for (size_t n; (n = std::fread(buf, 1, sizeof buf, log_)) > 0;) text.append(buf, n);
    return text;
  }

 private:
  std::FILE* log_;
  std::unique_ptr<server> server_;
  std::thread thread_;
};

}  // namespace ratekit::testing
