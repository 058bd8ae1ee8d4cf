/* datadir.h: where the device models shipped with kdlg-opt are, so that
 * `--device-model provisional` works from the build tree and when
 * installed.
 *
 * The default model and the runtime headers are compiled into kdlg-opt
 * (CMakeLists.txt embeds them) and need no file; the other models of
 * runtime/models/ are files.  Installed (GNUInstallDirs), they are in
 * DATADIR/kdlg-opt/models, found from the executable's own directory
 * (BINDIR) by the relative path CMake computed, so a moved prefix still
 * works; a kdlg-opt in the build tree finds the source tree's
 * runtime/models/ instead.
 */
#ifndef KDLG_DATADIR_H
#define KDLG_DATADIR_H

/* The directory of the shipped device models (malloc'd): the installed one
 * beside the running executable if it exists, else the source tree's
 * runtime/models if it exists, else NULL. */
char *kd_models_dir(void);

/* The model file `arg` of --device-model names (malloc'd): arg itself when
 * it has a '/' or names an existing file, else MODELS_DIR/arg.json or
 * MODELS_DIR/arg when one exists, else arg (whose load then fails with
 * the usual message). */
char *kd_model_path(const char *arg);

#endif
