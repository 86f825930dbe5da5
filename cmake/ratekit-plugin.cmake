# ratekit_add_plugin(<id> <sources>...): builds the plugin module ratekit-<id>.so
# (target ratekit-<id>) against ratekit::sdk, with hidden symbols and no
# undefined references. It lands in RATEKIT_PLUGIN_OUTPUT_DIR when that is set,
# else at the top of the build directory, so that `ratekit --plugin-dir <build dir>`
# finds it.
function(ratekit_add_plugin id)
  if(NOT ARGN)
    message(FATAL_ERROR "ratekit_add_plugin(${id}): no source files given")
  endif()
  set(target ratekit-${id})
  set(output_dir ${CMAKE_BINARY_DIR})
  if(RATEKIT_PLUGIN_OUTPUT_DIR)
    set(output_dir ${RATEKIT_PLUGIN_OUTPUT_DIR})
  endif()
  add_library(${target} MODULE ${ARGN})
  target_link_libraries(${target} PRIVATE ratekit::sdk)
  target_include_directories(${target} PRIVATE ${CMAKE_CURRENT_SOURCE_DIR})
  set_target_properties(${target} PROPERTIES
    PREFIX "" OUTPUT_NAME ratekit-${id}
    LIBRARY_OUTPUT_DIRECTORY ${output_dir}
    CXX_VISIBILITY_PRESET hidden VISIBILITY_INLINES_HIDDEN ON)
  target_link_options(${target} PRIVATE -Wl,--no-undefined)
endfunction()
