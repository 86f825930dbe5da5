# The host's stages in pipeline order: a file may include its own stage and
# the stages before it, never a later one (docs/architecture.md). A stage is a
# folder of host/src (and of host/include/ratekit/host); a sub-folder named
# here is a stage of its own: the output stage's sinks, and the history
# database's recording, which sits beside the store it writes to but comes
# after the engine whose results it records.
set(stages text input store config plugin engine
    output/background output/files output/reports store/recording output whole_history run evaluate serve)

# The stage of a path below host/src or ratekit/host: its longest named prefix.
function(stage_of path result)
  set(found "")
  foreach(stage ${stages})
    string(LENGTH "${stage}/" length)
    string(SUBSTRING "${path}" 0 ${length} head)
    string(LENGTH "${found}" found_length)
    if(head STREQUAL "${stage}/" AND length GREATER found_length)
      set(found ${stage})
    endif()
  endforeach()
  set(${result} "${found}" PARENT_SCOPE)
endfunction()

set(violations "")
set(checked 0)
foreach(root ${SOURCE_DIR}/host/src ${SOURCE_DIR}/host/include/ratekit/host)
  file(GLOB_RECURSE files RELATIVE ${root} ${root}/*)
  foreach(relative ${files})
    stage_of("${relative}" stage)
    if(stage STREQUAL "")
      list(APPEND violations "${root}/${relative}: in no stage's folder")
      continue()
    endif()
    list(FIND stages ${stage} rank)
    file(STRINGS ${root}/${relative} includes REGEX "^#include [<\"](ratekit/host/)?[a-z]+/")
    foreach(line ${includes})
      string(REGEX REPLACE "^#include [<\"](ratekit/host/)?([a-z_/]+)\\.hpp[>\"].*" "\\2" used "${line}")
      stage_of("${used}" used_stage)
      list(FIND stages "${used_stage}" used_rank)
      math(EXPR checked "${checked} + 1")
      if(used_rank GREATER rank)
        list(APPEND violations "${root}/${relative}: ${stage} includes the later stage ${used_stage}")
      endif()
    endforeach()
  endforeach()
endforeach()
if(violations)
  list(JOIN violations "\n" message)
  message(FATAL_ERROR "stage order broken:\n${message}")
endif()
if(checked LESS 200)
  message(FATAL_ERROR "only ${checked} includes checked: the stage folders were not found")
endif()
message(STATUS "stage order kept over ${checked} includes: ${stages}")
