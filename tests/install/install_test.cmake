# Installs ratekit to a scratch prefix, then, using only that prefix, builds the
# out-of-tree example and a freshly scaffolded plugin and runs them with the
# installed tool. Run by CTest:
#   cmake -DBUILD_DIR=<ratekit build> -DSOURCE_DIR=<repo> -DWORK_DIR=<scratch> -DGENERATOR=<gen> -P install_test.cmake
cmake_minimum_required(VERSION 3.22)

# Runs a command; stops the test with its output when it fails. OUT receives stdout.
function(run what)
  cmake_parse_arguments(arg "" "OUT;WORKING_DIRECTORY" "COMMAND" ${ARGN})
  if(NOT arg_WORKING_DIRECTORY)
    set(arg_WORKING_DIRECTORY ${WORK_DIR})
  endif()
  execute_process(COMMAND ${arg_COMMAND} WORKING_DIRECTORY ${arg_WORKING_DIRECTORY}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${what} failed (${rc}):\n${arg_COMMAND}\n${out}\n${err}")
  endif()
  if(arg_OUT)
    set(${arg_OUT} "${out}" PARENT_SCOPE)
  endif()
endfunction()

function(expect_match what regex text)
  if(NOT text MATCHES "${regex}")
    message(FATAL_ERROR "${what}: expected a match of '${regex}' in:\n${text}")
  endif()
endfunction()

set(prefix ${WORK_DIR}/prefix)
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})

# 1. The install: tool, built-in plugins, SDK headers and CMake package.
run("install" COMMAND ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})
file(GLOB_RECURSE config_file ${prefix}/*/cmake/ratekit/ratekit-config.cmake)
file(GLOB_RECURSE builtin ${prefix}/*/ratekit/plugins/ratekit-fide-logistic.so)
foreach(f ${prefix}/bin/ratekit ${prefix}/include/ratekit/abi.h ${prefix}/include/ratekit/sdk.hpp
          ${prefix}/include/ratekit/elo.hpp "${config_file}" "${builtin}")
  if(NOT EXISTS "${f}")
    message(FATAL_ERROR "not installed: '${f}'")
  endif()
endforeach()
set(ratekit ${prefix}/bin/ratekit)

# The installed tool loads its built-in plugins from the prefix, not the build tree.
run("ratekit plugins" COMMAND ${ratekit} plugins OUT listing)
expect_match("built-in plugins" "fide-logistic +[0-9.]+ +${prefix}/[^\n]*/ratekit/plugins/ratekit-fide-logistic.so" "${listing}")

# 2. The example, built against the installed package only.
set(example_src ${SOURCE_DIR}/examples/world-football-elo)
set(example ${WORK_DIR}/example)
run("configure example" COMMAND ${CMAKE_COMMAND} -S ${example_src} -B ${example} -G ${GENERATOR}
    -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_BUILD_TYPE=Release)
run("build example" COMMAND ${CMAKE_COMMAND} --build ${example})
if(NOT EXISTS ${example}/ratekit-world-football-elo.so)
  message(FATAL_ERROR "the example did not produce ratekit-world-football-elo.so")
endif()
find_program(NM nm)
if(NM)  # hidden visibility: the entry is the one exported symbol
  run("nm" COMMAND ${NM} -D --defined-only ${example}/ratekit-world-football-elo.so OUT symbols)
  string(REGEX MATCHALL "[^\n]+" symbols "${symbols}")
  if(NOT symbols MATCHES "^[0-9a-f]+ [A-Z] ratekit_plugin_entry$")
    message(FATAL_ERROR "expected ratekit_plugin_entry as the only exported symbol, got:\n${symbols}")
  endif()
endif()

run("run example" COMMAND ${ratekit} --plugin-dir ${example} -q run ${example_src}/world-football-elo.yaml)
set(out ${WORK_DIR}/out/world-football-elo)
file(STRINGS ${out}/history.csv history LIMIT_COUNT 5)
# First games (hand-computed): 1872-11-30 Scotland 0-0 England at Glasgow, a
# friendly (K 20), both from 1500: E(home) = 1 / (10^(-100/400) + 1) = 0.640065,
# change 20 (0.5 - 0.640065) = -2.8013. 1873-03-08 England 4-2 Scotland at
# London: dr = 1502.8013 + 100 - 1497.1987, E = 0.647461, a two-goal win so
# K 20 * 1.5: England +30 (1 - 0.647461) = +10.5762.
expect_match("game 1, Scotland" "Scotland,England,0\\.64006[0-9]*,0\\.5,20,-2\\.80129[0-9]*,1500,1497\\.19870" "${history}")
expect_match("game 1, England" "England,Scotland,0\\.35993[0-9]*,0\\.5,20,2\\.80129[0-9]*,1500,1502\\.80129" "${history}")
expect_match("game 2, England" "England,Scotland,0\\.64746[0-9]*,1,20,10\\.57616[0-9]*,1502\\.80129[0-9]*,1513\\.37746" "${history}")
# K by importance, from the config's tag rules (the period label is the game's number).
file(STRINGS ${out}/history.csv k_rows REGEX "^(1491,[^,]*,Belgium|480,[^,]*,Chile|1775,[^,]*,Sweden|41735,[^,]*,Germany|239,[^,]*,France),")
foreach(expected "1491,1930-[^,]*,Belgium,United States,[^,]*,0,60,"   # 1930 FIFA World Cup
                 "480,1916-[^,]*,Chile,Uruguay,[^,]*,0,50,"            # 1916 Copa America
                 "1775,1933-[^,]*,Sweden,Estonia,[^,]*,1,40,"          # 1933 World Cup qualification
                 "41735,2018-[^,]*,Germany,France,[^,]*,0.5,40,"       # 2018 UEFA Nations League
                 "239,1908-[^,]*,France,Denmark,[^,]*,0,30,")          # 1908 Olympic Games
  expect_match("K by tournament" "(^|;)${expected}" "${k_rows}")
endforeach()
file(STRINGS ${out}/ratings.csv ratings LIMIT_COUNT 2)
expect_match("ratings list" "^player,rating,games,peak;[^,]+,[0-9]+\\." "${ratings}")

# 3. A scaffolded plugin builds as its next steps say (the installed prefix,
#    Release without being asked), passes its golden test and runs as is; its
#    golden test still passes once a parameter is added.
set(scaffold ${WORK_DIR}/scaffold/my-federation-elo)
run("new-plugin" COMMAND ${ratekit} new-plugin my-federation-elo --dir ${scaffold} OUT next_steps)
file(REAL_PATH ${prefix} real_prefix)
expect_match("new-plugin names the prefix" "-DCMAKE_PREFIX_PATH=${real_prefix}\n" "${next_steps}")
run("configure scaffold" COMMAND ${CMAKE_COMMAND} -S ${scaffold} -B ${scaffold}/build -G ${GENERATOR}
    -DCMAKE_PREFIX_PATH=${real_prefix})
file(STRINGS ${scaffold}/build/CMakeCache.txt build_type REGEX "^CMAKE_BUILD_TYPE:")
expect_match("scaffold builds Release" "=Release$" "${build_type}")
run("build scaffold" COMMAND ${CMAKE_COMMAND} --build ${scaffold}/build)
run("scaffold tests" COMMAND ${CMAKE_CTEST_COMMAND} --output-on-failure WORKING_DIRECTORY ${scaffold}/build)
run("describe scaffold" COMMAND ${ratekit} --plugin-dir ${scaffold}/build describe my-federation-elo OUT described)
expect_match("scaffold descriptor" "my-federation-elo 0\\.1\\.0" "${described}")
file(READ ${scaffold}/plugin.cpp plugin_source)
string(REPLACE "ratekit::sdk::xi_param(400.0),"
       "ratekit::sdk::xi_param(400.0),\n    {\"draw_weight\", RK_PARAM_NUMBER, 0, 0.5, 0.0, 1.0, nullptr, \"a new parameter\"},"
       plugin_source "${plugin_source}")
file(WRITE ${scaffold}/plugin.cpp "${plugin_source}")
run("build scaffold with a parameter more" COMMAND ${CMAKE_COMMAND} --build ${scaffold}/build)
run("scaffold tests with a parameter more" COMMAND ${CMAKE_CTEST_COMMAND} --output-on-failure
    WORKING_DIRECTORY ${scaffold}/build)
# 4. The Glicko plugins build from their folders against the installed SDK alone,
#    and the tool runs Glickman's examples with them: with --plugin-dir, the
#    copy built here replaces the installed one of its id, and says so.
foreach(id glicko glicko2)
  file(GLOB_RECURSE installed ${prefix}/*/ratekit/plugins/ratekit-${id}.so)
  if(NOT installed)
    message(FATAL_ERROR "not installed: ratekit-${id}.so")
  endif()
  set(dir ${WORK_DIR}/${id})
  run("configure ${id}" COMMAND ${CMAKE_COMMAND} -S ${SOURCE_DIR}/plugins/${id} -B ${dir} -G ${GENERATOR}
      -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_BUILD_TYPE=Release)
  run("build ${id}" COMMAND ${CMAKE_COMMAND} --build ${dir})
  run("plugins with ${id}" COMMAND ${ratekit} --plugin-dir ${dir} plugins OUT listing)
  expect_match("${id} built outside" "${id} +[0-9.]+ +${dir}/ratekit-${id}.so" "${listing}")
  expect_match("${id} installed copy replaced" "replaced: [^\n]*/ratekit-${id}.so: replaced by ${dir}/ratekit-${id}.so" "${listing}")
  run("run ${id} example" COMMAND ${ratekit} --plugin-dir ${dir} -q run ${SOURCE_DIR}/configs/${id}-example.yaml
      --out ${WORK_DIR}/out/${id})
  file(STRINGS ${WORK_DIR}/out/${id}/ratings.csv rows REGEX "^Player,")
  if(id STREQUAL "glicko")
    expect_match("Glickman's Glicko example" "^Player,1464\\.10[0-9]*,151\\.39[0-9]*," "${rows}")
  else()
    expect_match("Glickman's Glicko-2 example" "^Player,1464\\.050[0-9]*,151\\.516[0-9]*,0\\.059995[0-9]*," "${rows}")
  endif()
endforeach()
message(STATUS "install test passed: ${prefix}")
