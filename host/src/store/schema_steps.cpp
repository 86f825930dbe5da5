#include "store/schema_steps.hpp"

#include "store/database.hpp"

namespace ratekit::store {

void ensure_step(database& db, const schema_step& step) {
  for (const table& t : step.tables)
    if (!db.has_table(t.name)) db.create_table(t);
}

}  // namespace ratekit::store
