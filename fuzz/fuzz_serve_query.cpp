// Fuzz target: what `ratekit serve` reads of a request before it opens the
// database: the query string, split and decoded by cpp-httplib as the server
// gets it; a rating list's parameters; the name search's folding; the links a
// page builds from the parameters. A bad_request (the server's 400) is the
// expected answer to a bad query; anything else is a finding.
#include "serve/list_query.hpp"
#include "serve/name_search.hpp"
#include "serve/page_layout.hpp"

#include <httplib.h>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  ratekit::serve::query_params params;
  httplib::detail::parse_query_text(text, params);
  try {
    const ratekit::serve::list_request request = ratekit::serve::read_list_request(params);
    ratekit::serve::name_matches(text, request.search);
    ratekit::serve::query_with(params, {{"page", std::to_string(request.page + 1)}});
    ratekit::serve::whole_parameter(params, "per_page", 50, 1, 500);
  } catch (const ratekit::serve::bad_request&) {
  }
  return 0;
}
