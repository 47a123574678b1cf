/* program_files: where wuzi-play finds what ships with it — pbrain-wuzi and the opening files.
 *
 * From a checkout: beside the program (`./wuzi-play`, `tournament/openings/`), or two folders up
 * for a sanitizer build (`build/sanitize/wuzi-play`). Installed (`make install PREFIX=…`):
 * PREFIX/bin/wuzi-play reads PREFIX/share/wuzi/openings/. The program's folder comes from
 * /proc/self/exe where the system has it, else from argv[0] (looked up on PATH when it has no
 * slash, as a shell found it), so the working directory never matters. */
#ifndef WUZI_PLAY_PROGRAM_FILES_H
#define WUZI_PLAY_PROGRAM_FILES_H

#include <stdbool.h>
#include <stddef.h>

/* The folder holding the running program; false if it cannot be told. */
bool program_dir(const char *argv0, char *out, size_t size);
/* The opening file `name` ("renju-15.txt") where a checkout or an install keeps it. */
bool program_openings_file(const char *argv0, const char *name, char *out, size_t size);

#endif
