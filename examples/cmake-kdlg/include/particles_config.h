/* particles_config.h: the example's constants.  Only macros: the kernel
 * needs PARTICLES_DT, so particles.cu parses only with this directory on the
 * include path (target_include_directories; kdlg_optimize passes it on).
 * Editing this file re-runs kdlg-opt (its depfile names it). */
#ifndef PARTICLES_CONFIG_H
#define PARTICLES_CONFIG_H

#define PARTICLES_DT 0.01f   /* time step */
#define PARTICLES_DRAG 0.999f /* velocity kept per step */

#endif
