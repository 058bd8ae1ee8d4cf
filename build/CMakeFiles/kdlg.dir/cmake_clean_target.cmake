file(REMOVE_RECURSE
  "libkdlg.a"
)
