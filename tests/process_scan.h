/* process_scan: the tests' look at other processes — how many have a tag in their command
 * line (to find brains left running), through /proc where the system has it. */
#ifndef WUZI_PROCESS_SCAN_H
#define WUZI_PROCESS_SCAN_H

#include <stdbool.h>

/* Is there a /proc to scan? (Tests that need it skip without.) */
bool process_scan_available(void);
/* Processes whose command line contains `tag`, waiting up to half a second for the dying. */
int processes_with(const char *tag);
/* The same, leaving out those whose command line also contains `unless`. */
int processes_with_but_not(const char *tag, const char *unless);

#endif
