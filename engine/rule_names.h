/* rule_names: the rules' names for people and files. Rule 1 is "exact five" everywhere (the
 * page, wuzi-play, the runner's records, the opening files' names); "standard", as some tools
 * call it, is read as an alias. */
#ifndef WUZI_RULE_NAMES_H
#define WUZI_RULE_NAMES_H

/* "freestyle", "exact five", "renju", "caro", "caro exact five"; "custom" for another number. */
const char *rule_name(int rule);
/* The same without blanks, for file names: "freestyle", "exact-five", …; NULL for another. */
const char *rule_file_name(int rule);
/* A rule from its number (0, 1, 4, 8, 9), its name or file name (any case), or an alias
 * ("standard", "exactfive", "exact5", "gomoku" for freestyle); -1 if none. */
int rule_parse(const char *text);

#endif
