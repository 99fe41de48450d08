/* The exported functions of libngcc-perf-iccs-profile.so (iccs_profile.h): each wraps the
 * stand-in of iccs_hash.c / iccs_drng.c, built into this library under the names
 * iccs_unprofiled_* (CMakeLists.txt renames them for this library only), and, while counting is
 * on, counts the call and the counter ticks from just before it to just after it. */
#define _POSIX_C_SOURCE 200809L
#include "iccs_profile.h"
#include "iccs_support.h"

int iccs_unprofiled_sm3hash(int, const unsigned char *, unsigned long long, unsigned char *);
int iccs_unprofiled_pseudohash(int, const unsigned char *, unsigned long long, unsigned char *);
int iccs_unprofiled_pseudoXOF(unsigned long long, const unsigned char *, unsigned long long, unsigned char *);
int iccs_unprofiled_get_random_number(iccs_drng_ctx *, unsigned char *, unsigned long long);

static iccs_profile profile;

ICCS_EXPORT iccs_profile *ngcc_iccs_profile_v1(void)
{
    return &profile;
}

/* Before a call: 1 and the start ticks when this call is the outermost one and is timed. */
static int enter(int primitive, uint64_t *start)
{
    if (!profile.counting) {
        return 0;
    }
    profile.calls[primitive]++;
    if (profile.depth++ > 0) {
        return 0;
    }
    if (profile.read(profile.context, start) != 0) {
        profile.read_failures++;
        return 0;
    }
    return 1;
}

static void leave(int primitive, int timed, uint64_t start)
{
    uint64_t end;
    if (!profile.counting) {
        return;
    }
    profile.depth--;
    if (!timed) {
        return;
    }
    if (profile.read(profile.context, &end) != 0) {
        profile.read_failures++;
        return;
    }
    profile.ticks[primitive] += end - start;
    profile.timed[primitive]++;
}

int sm3hash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits, unsigned char *digest)
{
    uint64_t start = 0;
    int timed = enter(ICCS_PROFILE_SM3HASH, &start);
    int rc = iccs_unprofiled_sm3hash(digest_len_bits, msg, msg_len_bits, digest);
    leave(ICCS_PROFILE_SM3HASH, timed, start);
    return rc;
}

int pseudohash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits, unsigned char *digest)
{
    uint64_t start = 0;
    int timed = enter(ICCS_PROFILE_PSEUDOHASH, &start);
    int rc = iccs_unprofiled_pseudohash(digest_len_bits, msg, msg_len_bits, digest);
    leave(ICCS_PROFILE_PSEUDOHASH, timed, start);
    return rc;
}

int pseudoXOF(unsigned long long output_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
              unsigned char *output)
{
    uint64_t start = 0;
    int timed = enter(ICCS_PROFILE_PSEUDOXOF, &start);
    int rc = iccs_unprofiled_pseudoXOF(output_len_bits, msg, msg_len_bits, output);
    leave(ICCS_PROFILE_PSEUDOXOF, timed, start);
    return rc;
}

int get_random_number(iccs_drng_ctx *drng, unsigned char *random_number, unsigned long long random_number_len_bits)
{
    uint64_t start = 0;
    int timed = enter(ICCS_PROFILE_GET_RANDOM, &start);
    int rc = iccs_unprofiled_get_random_number(drng, random_number, random_number_len_bits);
    leave(ICCS_PROFILE_GET_RANDOM, timed, start);
    return rc;
}
