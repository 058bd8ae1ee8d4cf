# Empty dependencies file for kdlg-opt.
# This may be replaced when dependencies are built.
