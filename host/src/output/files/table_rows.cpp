#include <ratekit/host/output/files/table_rows.hpp>

namespace ratekit {

table_rows::table_rows(std::vector<table_column> columns) : columns_(std::move(columns)), index_(columns_.size()) {}

table_rows& table_rows::text(std::string_view s) {
  table_column& c = columns_[at_];
  auto& index = index_[at_++];
  // A period's label and date repeat row after row: the last cell's value is looked at first.
  if (!c.codes.empty() && c.values[c.codes.back()] == s) {
    c.codes.push_back(c.codes.back());
    return *this;
  }
  auto found = index.find(s);
  if (found == index.end()) {
    found = index.emplace(std::string(s), uint32_t(c.values.size())).first;
    c.values.emplace_back(s);
  }
  c.codes.push_back(found->second);
  return *this;
}

void table_rows::clear() {
  for (table_column& c : columns_) c.numbers.clear(), c.codes.clear(), c.values.clear();
  for (auto& index : index_) index.clear();
}

table_rows& table_rows::number(double v) {
  columns_[at_++].numbers.push_back(v == 0 ? 0.0 : v);  // -0 as 0, as a CSV cell writes it (write_number)
  return *this;
}

}  // namespace ratekit
