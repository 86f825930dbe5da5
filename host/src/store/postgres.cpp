#include "store/postgres.hpp"

#include <ratekit/host/store/location.hpp>
#include <ratekit/host/text/diagnostics.hpp>

#include <spdlog/spdlog.h>

#include <charconv>
#include <cstdlib>
#include <optional>
#include <vector>

namespace ratekit::store {
namespace {

// The server's or libpq's text as one line: each run of line breaks and tabs
// one space ("failed: No such file\n\tIs the server running ..."), so a
// terminal shows it as written, not as \x0A\x09.
std::string one_line(std::string_view message) {
  std::string text;
  for (const char c : message) {
    if (c != '\n' && c != '\r' && c != '\t') text += c;
    else if (!text.empty() && text.back() != ' ') text += ' ';
  }
  while (!text.empty() && text.back() == ' ') text.pop_back();
  return text;
}

std::string one_line(const char* message) { return one_line(std::string_view(message ? message : "")); }

// Who the connection is: host, port, database and user, never its password.
std::string whom(PGconn* conn) {
  auto part = [&](const char* v) { return std::string(v && *v ? v : "?"); };
  return "database '" + part(PQdb(conn)) + "' on host '" + part(PQhost(conn)) + "' port " + part(PQport(conn)) +
         " as user '" + part(PQuser(conn)) + "'";
}

// Type oids of the server's catalog (pg_type.h, not in libpq's headers).
constexpr Oid bytea_oid = 17, int8_oid = 20, int2_oid = 21, int4_oid = 23, float4_oid = 700, float8_oid = 701,
              numeric_oid = 1700;

// ?1, ?2, ... as PostgreSQL numbers parameters: $1, $2, ... (the store's SQL
// holds no '?' elsewhere); the count is the highest number.
std::string numbered(const char* sql, int& count) {
  std::string out;
  count = 0;
  for (const char* p = sql; *p; ++p) {
    if (*p != '?' || p[1] < '0' || p[1] > '9') {
      out += *p;
      continue;
    }
    const char* end = p + 1;
    while (*end >= '0' && *end <= '9') ++end;
    int n = 0;
    std::from_chars(p + 1, end, n);
    count = std::max(count, n);
    out += '$';
    out.append(p + 1, end);
    p = end - 1;
  }
  return out;
}

class postgres_statement final : public statement_impl {
 public:
  postgres_statement(postgres_database& db, const char* sql) : db_(db), sql_(numbered(sql, count_)), params_(size_t(count_)) {}
  ~postgres_statement() override { PQclear(result_); }

  void bind(int i, int64_t v) override { param(i) = std::to_string(v); }
  void bind(int i, double v) override {
    char text[32];
    param(i) = std::string(text, std::to_chars(text, text + sizeof text, v).ptr);  // the shortest that reads back exactly
  }
  void bind(int i, std::string_view v) override { param(i) = std::string(v); }
  void bind_null(int i) override { param(i).reset(); }

  bool step() override {
    if (result_) return ++row_ < PQntuples(result_);
    std::vector<const char*> values;
    for (const auto& p : params_) values.push_back(p ? p->c_str() : nullptr);
    result_ = PQexecParams(db_.handle(), sql_.c_str(), count_, nullptr, values.data(), nullptr, nullptr, 0);
    const ExecStatusType status = PQresultStatus(result_);
    if (status != PGRES_TUPLES_OK && status != PGRES_COMMAND_OK) {
      const pg_result failed(std::exchange(result_, nullptr));
      db_.fail("rating database", failed.r);
    }
    row_ = 0;
    return row_ < PQntuples(result_);
  }
  void rewind() override {
    PQclear(result_);
    result_ = nullptr;
  }
  void clear() override {
    rewind();
    for (auto& p : params_) p.reset();
  }

  value_kind kind(int col) const override {
    if (PQgetisnull(result_, row_, col)) return value_kind::null;
    switch (PQftype(result_, col)) {
      case int2_oid: case int4_oid: case int8_oid: return value_kind::integer;
      case float4_oid: case float8_oid: case numeric_oid: return value_kind::real;
      case bytea_oid: return value_kind::blob;
      default: return value_kind::text;
    }
  }
  int64_t integer(int col) const override { return std::strtoll(PQgetvalue(result_, row_, col), nullptr, 10); }
  double number(int col) const override {
    return PQgetisnull(result_, row_, col) ? NAN : std::strtod(PQgetvalue(result_, row_, col), nullptr);
  }
  std::string_view text(int col) const override {
    return {PQgetvalue(result_, row_, col), size_t(PQgetlength(result_, row_, col))};
  }
  std::string sql() const override { return sql_; }
  int columns() const override { return PQnfields(result_); }

 private:
  std::optional<std::string>& param(int i) {
    if (i < 1 || i > count_) throw std::logic_error("no parameter " + std::to_string(i) + " in " + sql_);
    return params_[size_t(i - 1)];
  }
  postgres_database& db_;
  int count_ = 0;
  const std::string sql_;
  std::vector<std::optional<std::string>> params_;
  PGresult* result_ = nullptr;
  int row_ = 0;
};

// {a,b,c}, each item written by `put`.
template <class Item, class Put>
std::string joined(const std::vector<Item>& items, Put&& put) {
  std::string text = "{";
  for (const Item& item : items) {
    if (text.size() > 1) text += ',';
    put(text, item);
  }
  return text += '}';
}

}  // namespace

std::string array_literal(const std::vector<int64_t>& items) {
  return joined(items, [](std::string& text, int64_t id) { text += std::to_string(id); });
}

std::string array_literal(const std::vector<std::string>& items) {
  return joined(items, [](std::string& text, const std::string& name) {
    text += '"';
    for (const char c : name) {
      if (c == '"' || c == '\\') text += '\\';
      text += c;
    }
    text += '"';
  });
}

postgres_database::postgres_database(const std::string& where, mode m) : database(opened_location(where)) {
  conn_ = PQconnectdb(connection_uri(file()).c_str());
  if (!conn_) throw user_error(file(), 0, 0, "cannot connect to PostgreSQL: out of memory");
  if (PQstatus(conn_) != CONNECTION_OK) {
    // libpq names the server and the user, never the password; the URI is not repeated.
    const std::string reason = one_line(PQerrorMessage(conn_)), who = whom(conn_);
    PQfinish(std::exchange(conn_, nullptr));
    throw user_error(file(), 0, 0, "cannot connect to the PostgreSQL " + who + ": " + reason);
  }
  if (PQsetClientEncoding(conn_, "UTF8") != 0) fail("cannot connect to PostgreSQL");
  exec("SET client_min_messages = warning");  // no NOTICE lines of the server's on stderr
  if (m != mode::read_write) exec("SET default_transaction_read_only = on");
}

postgres_database::~postgres_database() { PQfinish(conn_); }

void postgres_database::fail(const std::string& what) const { fail(what, nullptr); }

void postgres_database::fail(const std::string& what, const PGresult* result) const {
  // The server's message and its detail, without the SQL it quotes.
  const char* primary = result ? PQresultErrorField(result, PG_DIAG_MESSAGE_PRIMARY) : nullptr;
  const char* detail = result ? PQresultErrorField(result, PG_DIAG_MESSAGE_DETAIL) : nullptr;
  std::string reason = primary ? one_line(primary) + (detail ? " (" + one_line(detail) + ")" : "")
                               : one_line(PQerrorMessage(conn_));
  if (PQstatus(conn_) != CONNECTION_OK)
    reason = "lost the connection to the PostgreSQL " + whom(conn_) + " (" + reason +
             "); the server rolls back what the run had not committed";
  throw user_error(file(), 0, 0, what + ": " + reason);
}

void postgres_database::exec(const char* sql) {
  const pg_result r(PQexec(conn_, sql));
  const ExecStatusType status = PQresultStatus(r.r);
  if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) fail("rating database", r.r);
}

std::unique_ptr<statement_impl> postgres_database::make_statement(const char* sql) {
  return std::make_unique<postgres_statement>(*this, sql);
}

void postgres_database::begin() {
  forget_references();
  exec("BEGIN");
}

void postgres_database::commit() {
  check_references();
  const pg_result r(PQexec(conn_, "COMMIT"));
  if (PQresultStatus(r.r) != PGRES_COMMAND_OK) fail("rating database: the run could not be committed", r.r);
  // A transaction that failed ends in a ROLLBACK, though COMMIT was asked for.
  if (std::string_view(PQcmdStatus(r.r)) != "COMMIT")
    throw user_error(file(), 0, 0, "rating database: the run's transaction had failed and was rolled back");
}

void postgres_database::rollback() noexcept {
  forget_references();
  PQclear(PQexec(conn_, "ROLLBACK"));
}

void postgres_database::open_for_recording(const std::string& competition, bool wait) {
  create_schema();
  upgrade_schema();
  check_schema();
  add_serve_tables();
  lock_competition(competition, wait);
  choose_reference_checks();
  check_numbers_when_bound();  // the numbers' CHECK constraints stay: the server checks them as well
}

// A session lock, held until the connection ends: released by the server when
// a killed run's connection goes. Its key is ratekit's and a hash of the schema
// and the name (two schemas are two stores); two of one hash only take turns.
void postgres_database::lock_competition(const std::string& competition, bool wait) {
  statement s = prepare("SELECT pg_try_advisory_lock(1919251317, hashtext(current_schema() || '.' || ?1))");
  s.bind(1, std::string_view(competition));
  if (s.step() && s.text(0) == "t") return;
  if (!wait)
    throw user_error(file(), 0, 0,
                     "another ratekit run is recording competition '" + competition +
                         "' into this database; nothing was recorded. Run again when it has finished, or without "
                         "--no-wait to wait for it");
  spdlog::warn("waiting for another ratekit run that is recording competition '{}' into {} to finish", competition,
               file());
  statement lock = prepare("SELECT pg_advisory_lock(1919251317, hashtext(current_schema() || '.' || ?1))");
  lock.bind(1, std::string_view(competition)).run();
}

}  // namespace ratekit::store
