# KdlgOptimize.cmake: kdlg_optimize(), kdlg-opt as a step of a CMake build
# (part of the package kdlg-optConfig.cmake loads; needs its imported
# targets kdlg-opt::kdlg-opt and kdlg-opt::runtime).
#
#   kdlg_optimize(TARGET tgt [LAYOUT auto|aos|soa|split|tiled:N]
#                 [DEVICE_MODEL file-or-name] [EXTRA_ARGS kdlg-opt-option...])
#
# For each CUDA source of tgt (LANGUAGE CUDA, or a .cu file) a custom
# command runs, at build time,
#
#   kdlg-opt SRC -o ${CMAKE_CURRENT_BINARY_DIR}/kdlg/tgt/SRC --depfile ....d
#            --layout L [--device-model M] [--cuda-path <nvcc's toolkit>] EXTRA_ARGS...
#            -- -I<tgt's include directories> -D<tgt's definitions> [-std=c++<CUDA_STANDARD>]
#
# (the include directories and definitions are the target's own and those
# its dependencies give it, as the compiler gets them), and tgt is compiled
# from the optimized source instead of SRC.  The depfile names the headers
# SRC includes, so editing one re-runs kdlg-opt; a new kdlg-opt or device
# model does too.  The optimized source finds the headers beside SRC
# through an include directory of its own, and the runtime's headers
# (kdlg_cuda.cuh) through kdlg-opt::runtime's, added to tgt.  EXTRA_ARGS are
# kdlg-opt's options (--struct S, --epsilon 64, --inline-runtime, ...).
# Call it in the directory that creates tgt, after its sources are added.
include_guard(GLOBAL)

function(kdlg_optimize)
  cmake_parse_arguments(PARSE_ARGV 0 KD "" "TARGET;LAYOUT;DEVICE_MODEL" "EXTRA_ARGS")
  if(KD_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "kdlg_optimize: unknown arguments: ${KD_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT KD_TARGET OR NOT TARGET "${KD_TARGET}")
    message(FATAL_ERROR "kdlg_optimize: TARGET '${KD_TARGET}' is not a target")
  endif()
  set(tgt "${KD_TARGET}")
  get_target_property(src_dir ${tgt} SOURCE_DIR)
  get_target_property(imported ${tgt} IMPORTED)
  if(imported OR NOT src_dir STREQUAL CMAKE_CURRENT_SOURCE_DIR)
    message(FATAL_ERROR "kdlg_optimize: call it in the directory that creates '${tgt}' (${src_dir})")
  endif()
  if(NOT KD_LAYOUT)
    set(KD_LAYOUT auto)
  endif()

  set(opts --layout ${KD_LAYOUT})
  set(deps $<TARGET_FILE:kdlg-opt::kdlg-opt>)
  if(KD_DEVICE_MODEL)
    set(model "${KD_DEVICE_MODEL}")
    if(NOT IS_ABSOLUTE "${model}" AND EXISTS "${CMAKE_CURRENT_SOURCE_DIR}/${model}")
      set(model "${CMAKE_CURRENT_SOURCE_DIR}/${model}")
    endif()
    if(IS_ABSOLUTE "${model}")
      list(APPEND deps "${model}")
    endif()  # (else the name of a model shipped with kdlg-opt: kdlg-opt --help)
    list(APPEND opts --device-model "${model}")
  endif()
  if(CMAKE_CUDA_COMPILER)  # the toolkit whose nvcc builds tgt parses it too
    get_filename_component(cuda_bin "${CMAKE_CUDA_COMPILER}" DIRECTORY)
    get_filename_component(cuda_root "${cuda_bin}" DIRECTORY)
    if(EXISTS "${cuda_root}/include/cuda_runtime.h")
      list(APPEND opts --cuda-path "${cuda_root}")
    endif()
  endif()

  # the compiler's view of tgt, evaluated at generation time
  set(inc "$<TARGET_PROPERTY:${tgt},INCLUDE_DIRECTORIES>")
  set(def "$<TARGET_PROPERTY:${tgt},COMPILE_DEFINITIONS>")
  set(std "$<TARGET_PROPERTY:${tgt},CUDA_STANDARD>")
  set(parser_args  # ($<SEMICOLON>: a list separator only after evaluation, for COMMAND_EXPAND_LISTS)
    "$<$<BOOL:${inc}>:-I$<JOIN:${inc},$<SEMICOLON>-I>>"
    "$<$<BOOL:${def}>:-D$<JOIN:${def},$<SEMICOLON>-D>>"
    "$<$<BOOL:${std}>:-std=c++${std}>")

  get_target_property(sources ${tgt} SOURCES)
  set(new_sources)
  foreach(src IN LISTS sources)
    if(src MATCHES "\\$<")  # a generator expression: left as it is
      list(APPEND new_sources "${src}")
      continue()
    endif()
    get_filename_component(abs "${src}" ABSOLUTE BASE_DIR "${src_dir}")
    get_source_file_property(lang "${abs}" LANGUAGE)
    get_filename_component(ext "${abs}" LAST_EXT)
    if(NOT (lang STREQUAL "CUDA" OR (NOT lang AND ext STREQUAL ".cu")))
      list(APPEND new_sources "${src}")
      continue()
    endif()
    file(RELATIVE_PATH rel "${src_dir}" "${abs}")
    if(rel MATCHES "^\\.\\./")  # outside the source directory: by its name
      get_filename_component(rel "${abs}" NAME)
    endif()
    set(out "${CMAKE_CURRENT_BINARY_DIR}/kdlg/${tgt}/${rel}")
    get_filename_component(out_dir "${out}" DIRECTORY)
    get_filename_component(in_dir "${abs}" DIRECTORY)
    add_custom_command(OUTPUT "${out}"
      COMMAND ${CMAKE_COMMAND} -E make_directory "${out_dir}"
      COMMAND kdlg-opt::kdlg-opt "${abs}" -o "${out}" --depfile "${out}.d" ${opts} ${KD_EXTRA_ARGS}
              -- ${parser_args}
      DEPENDS "${abs}" ${deps}
      DEPFILE "${out}.d"
      COMMENT "kdlg-opt ${rel} (${tgt}, layout ${KD_LAYOUT})"
      COMMAND_EXPAND_LISTS
      VERBATIM)
    set_source_files_properties("${out}" PROPERTIES LANGUAGE CUDA INCLUDE_DIRECTORIES "${in_dir}")
    list(APPEND new_sources "${out}")
  endforeach()
  set_property(TARGET ${tgt} PROPERTY SOURCES ${new_sources})
  target_include_directories(${tgt} PRIVATE $<TARGET_PROPERTY:kdlg-opt::runtime,INTERFACE_INCLUDE_DIRECTORIES>)
endfunction()
