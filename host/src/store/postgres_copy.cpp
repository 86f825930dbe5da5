// PostgreSQL's bulk insert for row_batch: each batch is one COPY ... FROM
// STDIN in the text format, a line per row, a tab between values.
#include "store/postgres.hpp"
#include "store/row_batch.hpp"

#include <charconv>

namespace ratekit::store {
namespace {

// "INSERT INTO t (a, b)" as "COPY t (a, b) FROM STDIN".
std::string copy_of(std::string_view insert) {
  const size_t into = insert.find("INTO ");
  return "COPY " + std::string(insert.substr(into == std::string_view::npos ? 0 : into + 5)) + " FROM STDIN";
}

// Text as COPY reads it: a backslash, tab, newline or return escaped.
void append_text(std::string& out, std::string_view text) {
  for (const char c : text) {
    switch (c) {
      case '\\': out += "\\\\"; break;
      case '\t': out += "\\t"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      default: out += c;
    }
  }
}

class postgres_copy final : public row_writer {
 public:
  postgres_copy(postgres_database& db, std::string_view insert) : db_(db), copy_(copy_of(insert)) {}

  void write(const row_batch& rows) override {
    data_.clear();
    char number[32];
    for (size_t r = 0; r < rows.held(); ++r) {
      const row_batch::value* row = rows.row(r);
      for (int c = 0; c < rows.columns(); ++c) {
        if (c) data_ += '\t';
        const row_batch::value& v = row[c];
        switch (v.kind) {
          case row_batch::value::null: data_ += "\\N"; break;
          case row_batch::value::integer: data_.append(number, std::to_chars(number, number + 32, v.i).ptr); break;
          case row_batch::value::real: data_.append(number, std::to_chars(number, number + 32, v.r).ptr); break;
          case row_batch::value::text: append_text(data_, {rows.text_at(v.offset), v.size}); break;
        }
      }
      data_ += '\n';
    }
    PGconn* conn = db_.handle();
    {
      const pg_result start(PQexec(conn, copy_.c_str()));
      if (PQresultStatus(start.r) != PGRES_COPY_IN) db_.fail("rating database", start.r);
    }
    if (PQputCopyData(conn, data_.data(), int(data_.size())) != 1 || PQputCopyEnd(conn, nullptr) != 1)
      db_.fail("rating database");
    PGresult* failed = nullptr;
    for (PGresult* r; (r = PQgetResult(conn));) {  // the COPY's result, then none
      if (PQresultStatus(r) != PGRES_COMMAND_OK && !failed) failed = r;
      else PQclear(r);
    }
    const pg_result held(failed);
    if (failed) db_.fail("rating database", failed);
  }

 private:
  postgres_database& db_;
  const std::string copy_;
  std::string data_;
};

}  // namespace

std::unique_ptr<row_writer> postgres_database::rows_into(std::string_view insert, int, row_batch&) {
  return std::make_unique<postgres_copy>(*this, insert);
}

}  // namespace ratekit::store
