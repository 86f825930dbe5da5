// SQLite's bulk insert for row_batch: one `INSERT ... SELECT` per batch from a
// table-valued function over the rows held (ratekit_rows): half the time of a
// row inserted alone, as binding and stepping cost as much as the insert.
#include "store/row_batch.hpp"
#include "store/sqlite.hpp"

#include <cstring>

namespace ratekit::store {
namespace {


// ratekit_rows(?1): the rows of the row_batch bound to ?1 as a pointer of type
// "ratekit_rows" (sqlite3_bind_pointer), which SQL text cannot forge; columns
// c0..c15, NULL past the batch's own.
constexpr const char* pointer_type = "ratekit_rows";
constexpr int batch_column = row_batch::max_columns;  // the hidden argument

struct cursor {
  sqlite3_vtab_cursor base;
  const row_batch* batch;
  size_t row, rows;
};

int connect(sqlite3* db, void*, int, const char* const*, sqlite3_vtab** table, char**) {
  std::string columns;
  for (int c = 0; c < row_batch::max_columns; ++c) columns.append("c").append(std::to_string(c)).append(", ");
  const int rc = sqlite3_declare_vtab(db, ("CREATE TABLE x (" + columns + "batch HIDDEN)").c_str());
  if (rc != SQLITE_OK) return rc;
  *table = static_cast<sqlite3_vtab*>(sqlite3_malloc(sizeof(sqlite3_vtab)));
  if (!*table) return SQLITE_NOMEM;
  std::memset(*table, 0, sizeof(sqlite3_vtab));
  return SQLITE_OK;
}

int disconnect(sqlite3_vtab* table) {
  sqlite3_free(table);
  return SQLITE_OK;
}

// Only a scan with the batch given is possible.
int best_index(sqlite3_vtab*, sqlite3_index_info* info) {
  for (int i = 0; i < info->nConstraint; ++i) {
    const auto& c = info->aConstraint[i];
    if (c.iColumn != batch_column || c.op != SQLITE_INDEX_CONSTRAINT_EQ || !c.usable) continue;
    info->aConstraintUsage[i].argvIndex = 1;
    info->aConstraintUsage[i].omit = 1;
    info->estimatedCost = 1;
    return SQLITE_OK;
  }
  return SQLITE_CONSTRAINT;
}

int open(sqlite3_vtab*, sqlite3_vtab_cursor** out) {
  auto* c = static_cast<cursor*>(sqlite3_malloc(sizeof(cursor)));
  if (!c) return SQLITE_NOMEM;
  std::memset(c, 0, sizeof(cursor));
  *out = &c->base;
  return SQLITE_OK;
}

int close(sqlite3_vtab_cursor* c) {
  sqlite3_free(c);
  return SQLITE_OK;
}

// argv[0] is the batch: best_index accepts no plan without it.
int filter(sqlite3_vtab_cursor* base, int, const char*, int, sqlite3_value** argv) {
  auto* c = reinterpret_cast<cursor*>(base);
  c->batch = static_cast<const row_batch*>(sqlite3_value_pointer(argv[0], pointer_type));
  c->row = 0;
  c->rows = c->batch ? c->batch->held() : 0;
  return SQLITE_OK;
}

int next(sqlite3_vtab_cursor* base) {
  ++reinterpret_cast<cursor*>(base)->row;
  return SQLITE_OK;
}

int eof(sqlite3_vtab_cursor* base) {
  const auto* c = reinterpret_cast<cursor*>(base);
  return c->row >= c->rows;
}

int column(sqlite3_vtab_cursor* base, sqlite3_context* ctx, int col) {
  const auto* c = reinterpret_cast<cursor*>(base);
  if (col >= c->batch->columns()) return SQLITE_OK;  // NULL
  const row_batch::value& v = c->batch->row(c->row)[col];
  switch (v.kind) {
    case row_batch::value::integer: sqlite3_result_int64(ctx, v.i); break;
    case row_batch::value::real: sqlite3_result_double(ctx, v.r); break;
    case row_batch::value::text: sqlite3_result_text(ctx, c->batch->text_at(v.offset), int(v.size), SQLITE_STATIC); break;
    case row_batch::value::null: break;
  }
  return SQLITE_OK;
}

int rowid(sqlite3_vtab_cursor* base, sqlite3_int64* id) {
  *id = sqlite3_int64(reinterpret_cast<cursor*>(base)->row);
  return SQLITE_OK;
}

sqlite3_module make_module() {
  sqlite3_module m{};
  m.xConnect = connect;  // no xCreate: a table-valued function, never created in a schema
  m.xBestIndex = best_index;
  m.xDisconnect = disconnect;
  m.xOpen = open;
  m.xClose = close;
  m.xFilter = filter;
  m.xNext = next;
  m.xEof = eof;
  m.xColumn = column;
  m.xRowid = rowid;
  return m;
}

const sqlite3_module module = make_module();

std::string select_all(std::string_view insert, int columns) {
  std::string sql(insert);
  sql += " SELECT ";
  for (int c = 0; c < columns; ++c) sql += (c ? ", c" : "c") + std::to_string(c);
  return sql + " FROM ratekit_rows(?1)";
}

// The batch is bound as a pointer once: each write inserts the rows it holds then.
class sqlite_rows final : public row_writer {
 public:
  sqlite_rows(sqlite_database& db, std::string_view insert, int columns, row_batch& rows) : db_(db) {
    if (sqlite3_prepare_v2(db.handle(), select_all(insert, columns).c_str(), -1, &stmt_, nullptr) != SQLITE_OK ||
        sqlite3_bind_pointer(stmt_, 1, &rows, pointer_type, nullptr) != SQLITE_OK) {
      sqlite3_finalize(stmt_);
      db.fail("rating database");
    }
  }
  ~sqlite_rows() override { sqlite3_finalize(stmt_); }
  void write(const row_batch&) override {
    const int rc = sqlite3_step(stmt_);
    sqlite3_reset(stmt_);
    if (rc != SQLITE_DONE) db_.fail("rating database");
  }

 private:
  sqlite_database& db_;
  sqlite3_stmt* stmt_ = nullptr;
};

}  // namespace

void add_row_source(sqlite3* db) { sqlite3_create_module(db, "ratekit_rows", &module, nullptr); }

std::unique_ptr<row_writer> sqlite_database::rows_into(std::string_view insert, int columns, row_batch& rows) {
  return std::make_unique<sqlite_rows>(*this, insert, columns, rows);
}

}  // namespace ratekit::store
