file(REMOVE_RECURSE
  "CMakeFiles/kdlg.dir/analysis/access.c.o"
  "CMakeFiles/kdlg.dir/analysis/access.c.o.d"
  "CMakeFiles/kdlg.dir/analysis/distance.c.o"
  "CMakeFiles/kdlg.dir/analysis/distance.c.o.d"
  "CMakeFiles/kdlg.dir/analysis/dot.c.o"
  "CMakeFiles/kdlg.dir/analysis/dot.c.o.d"
  "CMakeFiles/kdlg.dir/analysis/dtree.c.o"
  "CMakeFiles/kdlg.dir/analysis/dtree.c.o.d"
  "CMakeFiles/kdlg.dir/analysis/frontend.c.o"
  "CMakeFiles/kdlg.dir/analysis/frontend.c.o.d"
  "CMakeFiles/kdlg.dir/analysis/kdlg.c.o"
  "CMakeFiles/kdlg.dir/analysis/kdlg.c.o.d"
  "CMakeFiles/kdlg.dir/analysis/model.c.o"
  "CMakeFiles/kdlg.dir/analysis/model.c.o.d"
  "CMakeFiles/kdlg.dir/embedded_kd_embedded_cuda_prelude.c.o"
  "CMakeFiles/kdlg.dir/embedded_kd_embedded_cuda_prelude.c.o.d"
  "CMakeFiles/kdlg.dir/embedded_kd_embedded_default_model.c.o"
  "CMakeFiles/kdlg.dir/embedded_kd_embedded_default_model.c.o.d"
  "CMakeFiles/kdlg.dir/tool/output.c.o"
  "CMakeFiles/kdlg.dir/tool/output.c.o.d"
  "CMakeFiles/kdlg.dir/transform/plan.c.o"
  "CMakeFiles/kdlg.dir/transform/plan.c.o.d"
  "embedded_kd_embedded_cuda_prelude.c"
  "embedded_kd_embedded_default_model.c"
  "libkdlg.a"
  "libkdlg.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/kdlg.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
