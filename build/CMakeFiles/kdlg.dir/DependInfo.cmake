
# Consider dependencies only in project.
set(CMAKE_DEPENDS_IN_PROJECT_ONLY OFF)

# The set of languages for which implicit dependencies are needed:
set(CMAKE_DEPENDS_LANGUAGES
  )

# The set of dependency files which are needed:
set(CMAKE_DEPENDS_DEPENDENCY_FILES
  "/work/main/analysis/access.c" "CMakeFiles/kdlg.dir/analysis/access.c.o" "gcc" "CMakeFiles/kdlg.dir/analysis/access.c.o.d"
  "/work/main/analysis/distance.c" "CMakeFiles/kdlg.dir/analysis/distance.c.o" "gcc" "CMakeFiles/kdlg.dir/analysis/distance.c.o.d"
  "/work/main/analysis/dot.c" "CMakeFiles/kdlg.dir/analysis/dot.c.o" "gcc" "CMakeFiles/kdlg.dir/analysis/dot.c.o.d"
  "/work/main/analysis/dtree.c" "CMakeFiles/kdlg.dir/analysis/dtree.c.o" "gcc" "CMakeFiles/kdlg.dir/analysis/dtree.c.o.d"
  "/work/main/analysis/frontend.c" "CMakeFiles/kdlg.dir/analysis/frontend.c.o" "gcc" "CMakeFiles/kdlg.dir/analysis/frontend.c.o.d"
  "/work/main/analysis/kdlg.c" "CMakeFiles/kdlg.dir/analysis/kdlg.c.o" "gcc" "CMakeFiles/kdlg.dir/analysis/kdlg.c.o.d"
  "/work/main/analysis/model.c" "CMakeFiles/kdlg.dir/analysis/model.c.o" "gcc" "CMakeFiles/kdlg.dir/analysis/model.c.o.d"
  "/work/main/build/embedded_kd_embedded_cuda_prelude.c" "CMakeFiles/kdlg.dir/embedded_kd_embedded_cuda_prelude.c.o" "gcc" "CMakeFiles/kdlg.dir/embedded_kd_embedded_cuda_prelude.c.o.d"
  "/work/main/build/embedded_kd_embedded_default_model.c" "CMakeFiles/kdlg.dir/embedded_kd_embedded_default_model.c.o" "gcc" "CMakeFiles/kdlg.dir/embedded_kd_embedded_default_model.c.o.d"
  "/work/main/tool/output.c" "CMakeFiles/kdlg.dir/tool/output.c.o" "gcc" "CMakeFiles/kdlg.dir/tool/output.c.o.d"
  "/work/main/transform/plan.c" "CMakeFiles/kdlg.dir/transform/plan.c.o" "gcc" "CMakeFiles/kdlg.dir/transform/plan.c.o.d"
  )

# Targets to which this target links.
set(CMAKE_TARGET_LINKED_INFO_FILES
  )

# Fortran module output directory.
set(CMAKE_Fortran_TARGET_MODULE_DIR "")
