// PostgreSQL's bulk insert for row_batch: each batch is one COPY ... FROM
// STDIN in the binary format (a number goes as its 8 bytes, which the server
// reads without parsing text), sent in pieces of at most about 1 MB as it is
// encoded. The values are encoded in the types the table's columns have; with
// the connection's triggers skipped (postgres_references.cpp) the COPY notes
// the ids its foreign keys refer to.
#include "store/postgres.hpp"
#include "store/row_batch.hpp"

#include <ratekit/host/text/diagnostics.hpp>

#include <algorithm>
#include <cstring>
#include <endian.h>
#include <stdexcept>
#include <vector>

namespace ratekit::store {
namespace {

// Type oids of the columns ratekit writes (pg_type.h).
constexpr Oid copy_int8_oid = 20, copy_text_oid = 25, copy_float8_oid = 701;

// A COPY's data goes to the server in pieces of about this size.
constexpr size_t piece = 1 << 20;

struct column_info {
  std::string name;
  Oid type = 0;
};

void put16(std::string& out, uint16_t v) {
  v = htobe16(v);
  out.append(reinterpret_cast<const char*>(&v), 2);
}
void put32(std::string& out, uint32_t v) {
  v = htobe32(v);
  out.append(reinterpret_cast<const char*>(&v), 4);
}
void put64(std::string& out, uint64_t v) {
  v = htobe64(v);
  out.append(reinterpret_cast<const char*>(&v), 8);
}

class postgres_copy final : public row_writer {
 public:
  postgres_copy(postgres_database& db, std::string_view insert) : db_(db) {
    insert_target target = target_of(insert);
    table_ = std::move(target.table);
    std::string names;
    for (std::string& c : target.columns) {
      names += (names.empty() ? "" : ", ") + c;
      columns_.push_back({std::move(c), 0});
    }
    copy_ = "COPY " + table_ + " (" + names + ") FROM STDIN (FORMAT binary)";
    learn_columns();
  }

  void write(const row_batch& rows) override {
    PGconn* conn = db_.handle();
    {
      // Triggers are skipped for this statement alone: SET LOCAL, set back after it.
      const std::string start = (skips_ ? "SET LOCAL session_replication_role = replica;" : "") + copy_;
      const pg_result started(PQexec(conn, start.c_str()));
      if (PQresultStatus(started.r) != PGRES_COPY_IN) db_.fail("rating database", started.r);
    }
    data_.assign("PGCOPY\n\377\r\n\0", 11);
    put32(data_, 0);  // flags
    put32(data_, 0);  // no header extension
    try {
      for (size_t r = 0; r < rows.held(); ++r) {
        encode(rows, r);
        if (data_.size() >= piece) send();
      }
    } catch (...) {
      // The connection leaves the COPY, failed, so that the transaction can roll back.
      PQputCopyEnd(conn, "ratekit stopped the copy");
      while (PGresult* r = PQgetResult(conn)) PQclear(r);
      throw;
    }
    put16(data_, 0xffff);  // the end: -1
    send();
    if (PQputCopyEnd(conn, nullptr) != 1) db_.fail("rating database");
    PGresult* failed = nullptr;
    for (PGresult* r; (r = PQgetResult(conn));) {  // the COPY's result, then none
      if (PQresultStatus(r) != PGRES_COMMAND_OK && !failed) failed = r;
      else PQclear(r);
    }
    const pg_result held(failed);
    if (failed) db_.fail("rating database", failed);
    if (skips_) db_.exec("SET LOCAL session_replication_role = origin");
  }

 private:
  // Each column's type; and whether every foreign key of the table is one this
  // COPY can note (a bigint column it writes), which lets it skip the triggers.
  void learn_columns() {
    statement s = db_.prepare(
        "SELECT a.attname, a.atttypid::bigint, coalesce(f.confrelid::regclass::text, ''), "
        "coalesce(quote_ident(ra.attname), ''), coalesce(cardinality(f.conkey), 0) FROM pg_attribute a "
        "LEFT JOIN pg_constraint f ON f.conrelid = a.attrelid AND f.contype = 'f' AND a.attnum = ANY (f.conkey) "
        "LEFT JOIN pg_attribute ra ON ra.attrelid = f.confrelid AND ra.attnum = f.confkey[1] "
        "WHERE a.attrelid = ?1::regclass AND a.attnum > 0 AND NOT a.attisdropped");
    s.bind(1, std::string_view(table_));
    bool notable = true;
    std::vector<std::pair<int, unchecked_references*>> keys;
    while (s.step()) {
      const auto at = std::find_if(columns_.begin(), columns_.end(), [&](const column_info& c) { return c.name == s.text(0); });
      if (at != columns_.end()) at->type = Oid(s.integer(1));
      if (at != columns_.end() && at->type != copy_int8_oid && at->type != copy_float8_oid && at->type != copy_text_oid)
        throw user_error(db_.file(), 0, 0,
                         "damaged rating database: column " + table_ + "." + at->name +
                             " is not of the type ratekit gave it; it was changed by hand, and ratekit does not "
                             "record into it so");
      if (s.text(2).empty()) continue;
      if (at == columns_.end() || at->type != copy_int8_oid || s.integer(4) != 1) {
        notable = false;
        continue;
      }
      keys.emplace_back(int(at - columns_.begin()),
                        &db_.unchecked(table_ + "." + at->name, std::string(s.text(2)), std::string(s.text(3))));
    }
    skips_ = notable && db_.skips_triggers();
    if (skips_) keys_ = std::move(keys);
  }

  // One row: its field count, then each value as length and bytes (-1: NULL).
  void encode(const row_batch& rows, size_t r) {
    const row_batch::value* row = rows.row(r);
    put16(data_, uint16_t(rows.columns()));
    for (int c = 0; c < rows.columns(); ++c) {
      const row_batch::value& v = row[c];
      const Oid type = columns_[size_t(c)].type;
      if (v.kind == row_batch::value::null) {
        put32(data_, 0xffffffff);
      } else if (v.kind == row_batch::value::integer && type == copy_int8_oid) {
        put32(data_, 8);
        put64(data_, uint64_t(v.i));
      } else if (v.kind == row_batch::value::real && type == copy_float8_oid) {
        uint64_t bits;
        std::memcpy(&bits, &v.r, 8);
        put32(data_, 8);
        put64(data_, bits);
      } else if (v.kind == row_batch::value::text && type == copy_text_oid) {
        put32(data_, v.size);
        data_.append(rows.text_at(v.offset), v.size);
      } else {
        throw std::logic_error("row_batch: a value of another type than column " + table_ + "." +
                               columns_[size_t(c)].name + "'s");
      }
    }
    // A foreign key's id, noted once for a run of rows that repeat it.
    for (const auto& [c, refs] : keys_) {
      const row_batch::value& v = row[c];
      if (v.kind != row_batch::value::integer) continue;
      const row_batch::value* before = r ? &rows.row(r - 1)[c] : nullptr;
      if (!before || before->kind != row_batch::value::integer || before->i != v.i) refs->ids.insert(v.i);
    }
  }

  void send() {
    if (PQputCopyData(db_.handle(), data_.data(), int(data_.size())) != 1) db_.fail("rating database");
    data_.clear();
  }

  postgres_database& db_;
  std::string table_;
  std::vector<column_info> columns_;
  std::string copy_, data_;
  bool skips_ = false;
  std::vector<std::pair<int, unchecked_references*>> keys_;  // column, the ids it referred to
};

}  // namespace

std::unique_ptr<row_writer> postgres_database::rows_into(std::string_view insert, int, row_batch&) {
  return std::make_unique<postgres_copy>(*this, insert);
}

}  // namespace ratekit::store
