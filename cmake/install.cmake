# install.cmake: what `cmake --install` puts where (GNUInstallDirs, as a
# Debian package lays a tool out), the CMake package find_package(kdlg-opt)
# reads (installed, and exported from the build tree for -Dkdlg-opt_DIR=BUILD),
# and the man pages help2man makes from --help.  Included by CMakeLists.txt.
#
#   bin/                        kdlg-opt, kdlg-calibrate
#   include/kdlg-opt/           runtime/*.h, runtime/*.cuh (what optimized programs include)
#   share/kdlg-opt/models/      runtime/models/*.json (--device-model NAME; tool/datadir.h)
#   share/man/man1/             kdlg-opt.1, kdlg-calibrate.1
#   share/doc/kdlg-opt/         README.md, LICENSE, CHANGELOG.md
#   lib/cmake/kdlg-opt/         kdlg-optConfig.cmake, kdlg-optConfigVersion.cmake,
#                               kdlg-optTargets.cmake, KdlgOptimize.cmake (kdlg_optimize)
include(CMakePackageConfigHelpers)

set(KD_PKG_INSTALL_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/kdlg-opt)

# the runtime's headers as a usage requirement: kdlg_optimize adds them to a target
add_library(kdlg_runtime INTERFACE)
target_include_directories(kdlg_runtime INTERFACE
  $<BUILD_INTERFACE:${CMAKE_SOURCE_DIR}/runtime>
  $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}/kdlg-opt>)
set_target_properties(kdlg_runtime PROPERTIES EXPORT_NAME runtime)

install(TARGETS kdlg-opt kdlg-calibrate kdlg_runtime EXPORT kdlg-optTargets
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
file(GLOB KD_RUNTIME_HEADERS ${CMAKE_SOURCE_DIR}/runtime/*.h ${CMAKE_SOURCE_DIR}/runtime/*.cuh)
install(FILES ${KD_RUNTIME_HEADERS} DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/kdlg-opt)
file(GLOB KD_MODELS ${CMAKE_SOURCE_DIR}/runtime/models/*.json)
install(FILES ${KD_MODELS} DESTINATION ${CMAKE_INSTALL_DATADIR}/kdlg-opt/models)
install(FILES README.md LICENSE CHANGELOG.md DESTINATION ${CMAKE_INSTALL_DOCDIR})

# ---- the CMake package: one template, configured for the install and for the build tree ----
install(EXPORT kdlg-optTargets NAMESPACE kdlg-opt:: DESTINATION ${KD_PKG_INSTALL_DIR})
export(EXPORT kdlg-optTargets NAMESPACE kdlg-opt:: FILE ${CMAKE_BINARY_DIR}/kdlg-optTargets.cmake)
write_basic_package_version_file(${CMAKE_BINARY_DIR}/kdlg-optConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)  # (0.x: a minor version may change what kdlg_optimize does)

set(KD_PKG_MODELS_DIR ${CMAKE_INSTALL_DATADIR}/kdlg-opt/models)
set(KD_PKG_MODULE_DIR ${KD_PKG_INSTALL_DIR})
configure_package_config_file(cmake/kdlg-optConfig.cmake.in ${CMAKE_BINARY_DIR}/install-config/kdlg-optConfig.cmake
  INSTALL_DESTINATION ${KD_PKG_INSTALL_DIR}
  PATH_VARS KD_PKG_MODELS_DIR KD_PKG_MODULE_DIR)
install(FILES ${CMAKE_BINARY_DIR}/install-config/kdlg-optConfig.cmake ${CMAKE_BINARY_DIR}/kdlg-optConfigVersion.cmake
              cmake/KdlgOptimize.cmake
        DESTINATION ${KD_PKG_INSTALL_DIR})

set(KD_PKG_MODELS_DIR ${CMAKE_SOURCE_DIR}/runtime/models)
set(KD_PKG_MODULE_DIR ${CMAKE_SOURCE_DIR}/cmake)
configure_package_config_file(cmake/kdlg-optConfig.cmake.in ${CMAKE_BINARY_DIR}/kdlg-optConfig.cmake
  INSTALL_DESTINATION ${CMAKE_BINARY_DIR} INSTALL_PREFIX ${CMAKE_BINARY_DIR}
  PATH_VARS KD_PKG_MODELS_DIR KD_PKG_MODULE_DIR)

# ---- man pages from --help and --version (help2man, Debian package help2man) ----
option(KDLG_MAN_PAGES "make and install man pages with help2man" ON)
if(KDLG_MAN_PAGES)
  find_program(HELP2MAN help2man)
  if(NOT HELP2MAN)
    message(FATAL_ERROR "help2man not found: run scripts/install-deps.sh (Debian package help2man), or configure with -DKDLG_MAN_PAGES=OFF")
  endif()
  set(KD_MAN_kdlg-opt "data-layout optimizer for CUDA and OpenCL kernels over arrays of structs")
  set(KD_MAN_kdlg-calibrate "calibrate kdlg-opt's layout decision tree for a GPU")
  set(KD_MAN_PAGES)
  foreach(tool kdlg-opt kdlg-calibrate)
    set(page ${CMAKE_BINARY_DIR}/man/${tool}.1)
    add_custom_command(OUTPUT ${page}
      COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/man
      COMMAND ${HELP2MAN} --locale=C.UTF-8 --no-info --section=1 "--name=${KD_MAN_${tool}}"
              --include=${CMAKE_SOURCE_DIR}/cmake/man/${tool}.h2m --output=${page} $<TARGET_FILE:${tool}>
      DEPENDS ${tool} ${CMAKE_SOURCE_DIR}/cmake/man/${tool}.h2m
      COMMENT "help2man ${tool}"
      VERBATIM)
    list(APPEND KD_MAN_PAGES ${page})
  endforeach()
  add_custom_target(man-pages ALL DEPENDS ${KD_MAN_PAGES})
  install(FILES ${KD_MAN_PAGES} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
endif()
