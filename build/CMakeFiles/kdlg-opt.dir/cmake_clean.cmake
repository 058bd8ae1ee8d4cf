file(REMOVE_RECURSE
  "CMakeFiles/kdlg-opt.dir/tool/kdlg-opt.c.o"
  "CMakeFiles/kdlg-opt.dir/tool/kdlg-opt.c.o.d"
  "kdlg-opt"
  "kdlg-opt.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/kdlg-opt.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
