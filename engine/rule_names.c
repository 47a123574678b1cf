#include "rule_names.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

typedef struct RuleName {
    int rule;
    const char *name, *file;
} RuleName;

static const RuleName NAMES[] = {
    {0, "freestyle", "freestyle"}, {1, "exact five", "exact-five"}, {4, "renju", "renju"},
    {8, "caro", "caro"},           {9, "caro exact five", "caro-exact-five"},
};
static const RuleName ALIASES[] = {
    {1, "standard", NULL}, {1, "exactfive", NULL}, {1, "exact5", NULL}, {1, "exactly five", NULL},
    {0, "gomoku", NULL},
};

static const RuleName *find(int rule) {
    for (size_t i = 0; i < sizeof NAMES / sizeof NAMES[0]; i++)
        if (NAMES[i].rule == rule) return &NAMES[i];
    return NULL;
}

const char *rule_name(int rule) {
    const RuleName *known = find(rule);
    return known ? known->name : "custom";
}

const char *rule_file_name(int rule) {
    const RuleName *known = find(rule);
    return known ? known->file : NULL;
}

int rule_parse(const char *text) {
    char *end;
    const long number = strtol(text, &end, 10);
    if (end != text && *end == '\0') return find((int)number) ? (int)number : -1;
    for (size_t i = 0; i < sizeof NAMES / sizeof NAMES[0]; i++)
        if (strcasecmp(text, NAMES[i].name) == 0 || strcasecmp(text, NAMES[i].file) == 0) return NAMES[i].rule;
    for (size_t i = 0; i < sizeof ALIASES / sizeof ALIASES[0]; i++)
        if (strcasecmp(text, ALIASES[i].name) == 0) return ALIASES[i].rule;
    return -1;
}
