# The standard headers nearly every file of ratekit's own includes (the SDK's
# headers alone bring <ranges>, <functional> and <thread> to each): a target with
# many files parses them once, as a precompiled header, instead of once a file.
# Worth it from a few files up: building the header costs about four files'
# parsing (docs/performance.md, "Building").
set(RATEKIT_STD_HEADERS
  <algorithm> <array> <atomic> <chrono> <cmath> <cstdint> <cstring> <filesystem> <functional> <map>
  <memory> <mutex> <optional> <ranges> <span> <sstream> <string> <string_view> <thread> <unordered_map>
  <utility> <vector>)

function(ratekit_precompile_std_headers target)
  target_precompile_headers(${target} PRIVATE ${RATEKIT_STD_HEADERS})
endfunction()
