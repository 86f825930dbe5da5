# Unity builds: a target's .cpp files compiled RATEKIT_UNITY_BATCH at a time, as
# one file each batch, so the headers they share (the standard library, fmt,
# spdlog, nlohmann::json, yaml-cpp, Catch2) are parsed once a batch instead of
# once a file (docs/performance.md, "Building"). Every .cpp of such a target
# must compile inside a batch (docs/architecture.md, "Unity batches").
option(RATEKIT_UNITY_BUILD "Compile the host's libraries and the tests in unity batches" ON)
set(RATEKIT_UNITY_BATCH 16 CACHE STRING "Files per unity batch")

function(ratekit_unity_build target)
  if(RATEKIT_UNITY_BUILD)
    set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE ${RATEKIT_UNITY_BATCH})
    # GCC takes a batch's .cpp files for headers, and a type of one that holds a
    # type of its anonymous namespace for a header's fault: it is not one here.
    target_compile_options(${target} PRIVATE $<$<CXX_COMPILER_ID:GNU>:-Wno-subobject-linkage>)
  endif()
endfunction()
