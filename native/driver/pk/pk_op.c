/* The shared part of the public-key category tables (pk_op.h). */
#define _POSIX_C_SOURCE 200809L
#include "pk_op.h"

#include "../crash_guard.h"
#include "../exit_codes.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

pk_kat pk_op_kat;

int pk_op_open(const char *name, const char *path)
{
    pk_category category;
    if (pk_category_parse(name, &category) != 0) {
        category = PK_CATEGORY_ANY;
    }
    pk_op_kat.library = path;
    pk_op_kat.instance = "";
    snprintf(pk_op_kat.file_name, sizeof pk_op_kat.file_name, "%s", "op-time");
    return pk_library_load(path, category, &pk_op_kat.lib);
}

unsigned pk_op_seed_variant;

void pk_op_seed(void)
{
    unsigned char seed[PK_OP_SEED_BYTES];
    int i;
    for (i = 0; i < PK_OP_SEED_BYTES; i++) {
        seed[i] = (unsigned char)i;
    }
    seed[0] ^= (unsigned char)pk_op_seed_variant;
    seed[1] ^= (unsigned char)(pk_op_seed_variant >> 8);
    pk_drng_init(&pk_op_kat, pk_op_kat.lib.drng_context, seed, PK_OP_SEED_BYTES);
}

pk_len pk_op_getter(pk_symbol s)
{
    return pk_getter(&pk_op_kat, s, "in a size getter during the set-up");
}

unsigned char *pk_op_buffer(const char *name, pk_len bytes)
{
    return pk_buffer_add(&pk_op_kat, name, bytes);
}

int pk_op_keep_input(pk_op_head *head, const char *name, const unsigned char *data, pk_len bytes)
{
    unsigned char *copy;
    if (head->input_count == PK_OP_MAX_INPUTS || bytes > SIZE_MAX / 2) {
        return -1;
    }
    copy = malloc(bytes == 0 ? 1 : (size_t)bytes);
    if (copy == NULL) {
        return -1;
    }
    memcpy(copy, data, (size_t)bytes);
    head->inputs[head->input_count].name = name;
    head->inputs[head->input_count].data = data;
    head->inputs[head->input_count].copy = copy;
    head->inputs[head->input_count].bytes = (size_t)bytes;
    head->input_count++;
    return 0;
}

int pk_op_problem(ngcc_op_problem *problem, int status, const char *buffer, const char *format, ...)
{
    va_list args;
    snprintf(problem->buffer, sizeof problem->buffer, "%s", buffer);
    va_start(args, format);
    vsnprintf(problem->sentence, sizeof problem->sentence, format, args);
    va_end(args);
    return status;
}

int pk_op_check_buffers(const pk_op_head *head, const char *function, ngcc_op_problem *problem)
{
    int i;
    for (i = 0; i < pk_op_kat.buffer_count; i++) {
        size_t offset = 0;
        guard_state side = gbuf_check(&pk_op_kat.buffers[i].g, &offset);
        if (side != GUARD_INTACT) {
            return pk_op_problem(problem, NGCC_OP_OVERFLOW, pk_op_kat.buffers[i].name,
                                 "%s wrote %s the %s buffer (guard byte %zu): a buffer holds exactly what its getter "
                                 "says",
                                 function, guard_side_name(side), pk_op_kat.buffers[i].name, offset);
        }
    }
    for (i = 0; i < head->input_count; i++) {
        size_t n = head->inputs[i].bytes;
        if (memcmp(head->inputs[i].data, head->inputs[i].copy, n) != 0) {
            size_t at = 0;
            while (at < n && head->inputs[i].data[at] == head->inputs[i].copy[at]) {
                at++;
            }
            return pk_op_problem(problem, NGCC_OP_OVERFLOW, head->inputs[i].name,
                                 "%s changed its input %s at byte %zu: an input must stay as the caller gave it",
                                 function, head->inputs[i].name, at);
        }
    }
    return NGCC_OP_OK;
}

int pk_op_check_length(const char *function, const char *field, pk_len length, pk_len capacity,
                       ngcc_op_problem *problem)
{
    char buffer[32];
    if (length <= capacity) {
        return NGCC_OP_OK;
    }
    snprintf(buffer, sizeof buffer, "%s-length", field);
    return pk_op_problem(problem, NGCC_OP_OVERFLOW, buffer,
                         "%s says it wrote %llu bytes of %s, but its getter says %llu: the getter must give the "
                         "largest length",
                         function, length, field, capacity);
}

void pk_op_enter(const char *phase)
{
    crash_guard_set_phase(phase, 0);
}

void pk_op_leave(void)
{
    crash_guard_set_phase(NULL, 0);
}

int pk_op_setup_result(const char *function, int rc, int failed, ngcc_op_problem *problem)
{
    if (!failed) {
        return NGCC_OP_OK;
    }
    problem->return_code = rc;
    return pk_op_problem(problem, NGCC_OP_FAILED, "", "%s returned %d while making the set-up objects before timing",
                         function, rc);
}

void pk_op_release_head(pk_op_head *head)
{
    int i;
    for (i = 0; i < head->input_count; i++) {
        free(head->inputs[i].copy);
    }
    head->input_count = 0;
}

int pk_op_is_category(const ngcc_category *c)
{
    return c == &CATEGORY_KEM || c == &CATEGORY_SIG || c == &CATEGORY_KEX;
}
