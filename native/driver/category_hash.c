#define _POSIX_C_SOURCE 200809L
#include "category_hash.h"

#include "args.h"
#include "guarded_buffer.h"
#include "library.h"
#include "message_pattern.h"
#include "time_options.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    crypt_hash_fn fn;
    int digest_bits;
    uint64_t message_bytes;
    unsigned long long message_bits;
    unsigned char *message_data;
    unsigned char *digest_data;
    guarded_buffer message;
    guarded_buffer digest;
} hash_state;

static const char *const HASH_SYMBOLS[] = {"CryptHash", NULL};
static const char *const HASH_PARAMETERS[] = {"digestBits", "messageBytes", NULL};
static const char *const HASH_KAT_KINDS[] = {NULL};

static int problem_of(ngcc_op_problem *problem, int status, const char *buffer, const char *sentence)
{
    snprintf(problem->buffer, sizeof problem->buffer, "%s", buffer);
    snprintf(problem->sentence, sizeof problem->sentence, "%s", sentence);
    return status;
}

static void hash_release(void *state)
{
    hash_state *s = state;
    if (s == NULL) {
        return;
    }
    gbuf_free(&s->message);
    gbuf_free(&s->digest);
    free(s);
}

static int hash_prepare(const ngcc_host *host, const char *const *values, void **state, ngcc_op_problem *problem)
{
    hash_state *s;
    void *symbol = host->symbol("CryptHash");
    int digest_bits;
    uint64_t message_bytes;
    if (symbol == NULL) {
        return problem_of(problem, NGCC_OP_SETUP, "symbol",
                          "the library defines no CryptHash: export `int CryptHash(int, const unsigned char*, "
                          "unsigned long long, unsigned char*)` with C linkage");
    }
    if (parse_digest_bits(values[0], &digest_bits) != 0) {
        return problem_of(problem, NGCC_OP_SETUP, "",
                          "digestBits must be a positive multiple of 8 below 2^31");
    }
    if (parse_u64(values[1], 0, MAX_MESSAGE_BYTES, &message_bytes) != 0) {
        return problem_of(problem, NGCC_OP_SETUP, "", "messageBytes must be an integer from 0 to 2^33");
    }
    s = calloc(1, sizeof *s);
    if (s == NULL || gbuf_reserve(&s->message, (size_t)message_bytes) != 0 ||
        gbuf_reserve(&s->digest, (size_t)digest_bits / 8) != 0) {
        hash_release(s);
        return problem_of(problem, NGCC_OP_NO_MEMORY, "", "no memory for the message and digest buffers");
    }
    memcpy(&s->fn, &symbol, sizeof s->fn);
    s->digest_bits = digest_bits;
    s->message_bytes = message_bytes;
    s->message_bits = (unsigned long long)message_bytes * 8u;
    gbuf_set_len(&s->message, (size_t)message_bytes);
    gbuf_set_len(&s->digest, (size_t)digest_bits / 8);
    s->message_data = gbuf_data(&s->message);
    s->digest_data = gbuf_data(&s->digest);
    pattern_fill(PATTERN_RULE, message_bytes, s->message_data, (size_t)message_bytes);
    memset(s->digest_data, 0, (size_t)digest_bits / 8);
    *state = s;
    return NGCC_OP_OK;
}

static int hash_call(void *state)
{
    hash_state *s = state;
    return s->fn(s->digest_bits, s->message_data, s->message_bits, s->digest_data);
}

static int hash_check(void *state, ngcc_op_problem *problem)
{
    hash_state *s = state;
    size_t offset = 0;
    char sentence[160];
    guard_state side = gbuf_check(&s->digest, &offset);
    if (side != GUARD_INTACT) {
        snprintf(sentence, sizeof sentence, "CryptHash wrote %s the digest buffer (guard byte %zu)",
                 guard_side_name(side), offset);
        return problem_of(problem, NGCC_OP_OVERFLOW, "digest", sentence);
    }
    side = gbuf_check(&s->message, &offset);
    if (side != GUARD_INTACT) {
        snprintf(sentence, sizeof sentence, "CryptHash wrote %s the message buffer (guard byte %zu)",
                 guard_side_name(side), offset);
        return problem_of(problem, NGCC_OP_OVERFLOW, "message", sentence);
    }
    if (!pattern_matches(PATTERN_RULE, s->message_bytes, s->message_data, (size_t)s->message_bytes, &offset)) {
        snprintf(sentence, sizeof sentence, "CryptHash changed its (const) message at byte %zu", offset);
        return problem_of(problem, NGCC_OP_OVERFLOW, "message-content", sentence);
    }
    return NGCC_OP_OK;
}

static const ngcc_operation HASH_OPERATIONS[] = {
    {"hash", HASH_PARAMETERS, hash_prepare, hash_call, hash_check, hash_release},
};

const ngcc_category CATEGORY_HASH = {
    NGCC_CATEGORY_ABI, "hash", HASH_SYMBOLS, HASH_OPERATIONS, 1u, HASH_KAT_KINDS, NULL,
};
