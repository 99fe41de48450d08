/* `ngcc-perf-driver select-counter-selftest SPEC...`: a test hook, not for
 * users (PROTOCOL.md, "Test hook"). It feeds canned probe results to the pure
 * choice function (counter_choice.c), so the selection rule can be tested on
 * machines without a PMU. Each SPEC is one candidate, in ranking order:
 *   NAME=OVERHEAD/RESOLUTION/HZ   available, figures in ticks and ticks/s
 *   NAME!REASON                   unavailable, with the reason text
 * It prints {"v":1,"type":"counter-choice","counter":NAME|null,"kind":...,
 * "index":I|null,"reason":...}. */
#define _POSIX_C_SOURCE 200809L
#include "args.h"
#include "commands.h"
#include "counter.h"
#include "counter_choice.h"
#include "exit_codes.h"
#include "json_line.h"
#include "report.h"

#include <stdio.h>
#include <string.h>

/* Splits "a/b/c" into three numbers. Returns 0 or -1. */
static int parse_figures(const char *text, counter_probe *p)
{
    char copy[96];
    char *fields[3];
    char *cursor;
    int n = 0;
    if (strlen(text) >= sizeof copy) {
        return -1;
    }
    strcpy(copy, text);
    cursor = copy;
    while (n < 3) {
        char *slash = strchr(cursor, '/');
        fields[n++] = cursor;
        if (slash == NULL) {
            break;
        }
        *slash = '\0';
        cursor = slash + 1;
    }
    if (n != 3 || strchr(fields[2], '/') != NULL) {
        return -1;
    }
    return parse_u64(fields[0], 0, UINT64_MAX, &p->overhead_ticks) != 0 ||
                   parse_u64(fields[1], 0, UINT64_MAX, &p->resolution_ticks) != 0 ||
                   parse_u64(fields[2], 0, UINT64_MAX, &p->hz) != 0
               ? -1
               : 0;
}

static int parse_spec(const char *spec, counter_probe *p)
{
    char name[32];
    size_t name_len = strcspn(spec, "=!");
    memset(p, 0, sizeof *p);
    if (name_len >= sizeof name || spec[name_len] == '\0') {
        return -1;
    }
    memcpy(name, spec, name_len);
    name[name_len] = '\0';
    if (counter_from_name(name, &p->id) != 0) {
        return -1;
    }
    if (spec[name_len] == '!') {
        snprintf(p->reason, sizeof p->reason, "%s", spec + name_len + 1);
        return 0;
    }
    p->available = 1;
    return parse_figures(spec + name_len + 1, p);
}

int cmd_counter_selftest(int argc, char **argv)
{
    counter_probe probes[16];
    counter_choice choice;
    json_line line = {0};
    int i;
    int failed;
    if (argc < 1 || argc > 16) {
        return usage_error("select-counter-selftest", "give 1 to 16 candidates");
    }
    for (i = 0; i < argc; i++) {
        if (parse_spec(argv[i], &probes[i]) != 0) {
            char problem[256];
            snprintf(problem, sizeof problem,
                     "candidate \"%.150s\" is not NAME=OVERHEAD/RESOLUTION/HZ or NAME!REASON", argv[i]);
            return usage_error("select-counter-selftest", problem);
        }
    }
    counter_choose(probes, (size_t)argc, &choice);
    jl_begin(&line, "counter-choice");
    if (choice.index >= 0) {
        jl_str(&line, "counter", counter_name(probes[choice.index].id));
        jl_str(&line, "kind", counter_kind(probes[choice.index].id));
        jl_i64(&line, "index", choice.index);
    } else {
        jl_null(&line, "counter");
        jl_null(&line, "kind");
        jl_null(&line, "index");
    }
    jl_str(&line, "reason", choice.reason);
    failed = jl_emit(&line);
    jl_free(&line);
    return failed != 0 ? report_stdout_failure() : DRV_EXIT_OK;
}
