# Empty dependencies file for kdlg.
# This may be replaced when dependencies are built.
