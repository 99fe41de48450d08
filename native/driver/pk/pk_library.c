/* Loading a public-key instance and its ICCS support (pk_library.h). */
#define _GNU_SOURCE
#include "pk_library.h"

#include "../crash_guard.h"
#include "../exit_codes.h"
#include "../report.h"

#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The support library's file name, looked for beside the driver's own binary, and its profiling
 * twin (iccs_profile.h), which only `op-profile` loads. */
#define ICCS_LIBRARY_NAME "libngcc-perf-iccs.so"
#define ICCS_PROFILE_LIBRARY_NAME "libngcc-perf-iccs-profile.so"

static const char *support_name = ICCS_LIBRARY_NAME;

void pk_support_choose_profiling(void)
{
    support_name = ICCS_PROFILE_LIBRARY_NAME;
}

const char *const PK_SYMBOL_NAMES[PK_SYMBOL_COUNT] = {
    "kem_get_pk_len_bytes", "kem_get_sk_len_bytes", "kem_get_ss_len_bytes", "kem_get_ct_len_bytes",
    "kem_keygen", "kem_enc", "kem_dec",
    "sig_get_pk_len_bytes", "sig_get_sk_len_bytes", "sig_get_sn_len_bytes", "sig_keygen", "sig_sign", "sig_verify",
    "kex_get_passes_num", "kex_get_pk_len_bytes", "kex_get_sk_len_bytes", "kex_get_sta_len_bytes",
    "kex_get_stb_len_bytes", "kex_get_ss_len_bytes", "kex_get_total_msg_len_bytes", "kex_init_a", "kex_init_b",
    "kex_generate_pass1_msg_a", "kex_generate_pass2_msg_b", "kex_generate_pass3_msg_a",
    "kex_generate_pass4_msg_b", "kex_generate_pass5_msg_a", "kex_generate_pass6_msg_b",
    "kex_derive_ss_a", "kex_derive_ss_b",
};

const char *const PK_ICCS_NAMES[PK_ICCS_SYMBOLS] = {
    "drng_algorithm", "init_random_number", "get_random_number", "sm3hash", "pseudohash", "pseudoXOF",
};

/* Each category's slots; the functions of pass 2 and later of a key exchange
 * are needed only by protocols of that many passes (checked by the caller). */
static const struct {
    pk_symbol first;
    pk_symbol last;
} RANGES[PK_CATEGORY_COUNT] = {
    {PK_KEM_GET_PK, PK_KEM_DEC},
    {PK_SIG_GET_PK, PK_SIG_VERIFY},
    {PK_KEX_GET_PASSES, PK_KEX_DERIVE_B},
};

static int optional_symbol(pk_symbol s)
{
    return s >= PK_KEX_PASS2_B && s <= PK_KEX_PASS6_B;
}

const char *pk_category_name(pk_category category)
{
    switch (category) {
    case PK_KEM: return "kem";
    case PK_SIG: return "sig";
    case PK_KEX: return "kex";
    default: return "any";
    }
}

int pk_category_parse(const char *text, pk_category *category)
{
    int c;
    for (c = 0; c < PK_CATEGORY_COUNT; c++) {
        if (strcmp(text, pk_category_name((pk_category)c)) == 0) {
            *category = (pk_category)c;
            return 0;
        }
    }
    return -1;
}

static pk_fn as_fn(void *symbol)
{
    pk_fn fn;
    /* POSIX: object and function pointers share a representation. */
    memcpy(&fn, &symbol, sizeof fn);
    return fn;
}

static int fail(const char *path, const char *stage, const char *detail, const char *fix)
{
    json_line *j = report_begin("LOADFAIL");
    jl_str(j, "library", path);
    jl_str(j, "stage", stage);
    jl_str(j, "dlerror", detail);
    return report_finish(DRV_EXIT_LOADFAIL, "cannot use %s as a public-key instance (%s): %s", path, detail, fix);
}

void *pk_support_load(void)
{
    char exe[PATH_MAX];
    char path[PATH_MAX + sizeof ICCS_PROFILE_LIBRARY_NAME];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    char *slash;
    if (n <= 0) {
        return NULL;
    }
    exe[n] = '\0';
    slash = strrchr(exe, '/');
    if (slash == NULL) {
        return NULL;
    }
    slash[1] = '\0';
    snprintf(path, sizeof path, "%s%s", exe, support_name);
    return dlopen(path, RTLD_NOW | RTLD_GLOBAL);
}

/* Counts the category's required functions the instance defines; names the
 * first missing one. */
static int defined_count(const pk_library *lib, pk_category c, const char **missing)
{
    int count = 0;
    int s;
    *missing = NULL;
    for (s = RANGES[c].first; s <= (int)RANGES[c].last; s++) {
        if (lib->fn[s] != NULL) {
            count += optional_symbol((pk_symbol)s) ? 0 : 1;
        } else if (!optional_symbol((pk_symbol)s) && *missing == NULL) {
            *missing = PK_SYMBOL_NAMES[s];
        }
    }
    return count;
}

static int required_count(pk_category c)
{
    int count = 0;
    int s;
    for (s = RANGES[c].first; s <= (int)RANGES[c].last; s++) {
        count += optional_symbol((pk_symbol)s) ? 0 : 1;
    }
    return count;
}

static int decide_category(pk_library *lib, pk_category wanted)
{
    const char *missing[PK_CATEGORY_COUNT];
    int complete = 0;
    int partial = -1;
    int c;
    char detail[256];
    for (c = 0; c < PK_CATEGORY_COUNT; c++) {
        int n = defined_count(lib, (pk_category)c, &missing[c]);
        if (wanted != PK_CATEGORY_ANY && c != (int)wanted) {
            continue;
        }
        if (n == required_count((pk_category)c)) {
            complete++;
            lib->category = (pk_category)c;
        } else if (n > 0 && partial < 0) {
            partial = c;
        }
    }
    if (complete == 1) {
        return DRV_EXIT_OK;
    }
    if (complete > 1) {
        return fail(lib->path, "category", "it defines the whole API of more than one category",
                    "pass --category kem|sig|kex");
    }
    if (partial >= 0) {
        snprintf(detail, sizeof detail, "it defines part of the %s API but not %s", pk_category_name((pk_category)partial),
                 missing[partial]);
        return fail(lib->path, "dlsym", detail,
                    "the instance must export every function of the official API with C linkage (check with nm -D)");
    }
    snprintf(detail, sizeof detail, "it defines no %s API function",
             wanted == PK_CATEGORY_ANY ? "KEM, signature or key-exchange" : pk_category_name(wanted));
    return fail(lib->path, "dlsym", detail,
                "the instance must export the official API (kem_keygen, sig_sign, kex_init_a, ...; check with nm -D)");
}

static void *pick(void *instance, void *support, const char *name, pk_origin *origin)
{
    void *own = dlsym(instance, name);
    *origin = own != NULL ? PK_FROM_INSTANCE : PK_FROM_DRIVER;
    return own != NULL ? own : dlsym(support, name);
}

int pk_library_load(const char *path, pk_category wanted, pk_library *lib)
{
    void *support;
    void *handle;
    char *local_path = NULL;
    const char *open_path = path;
    int s;
    int i;
    memset(lib, 0, sizeof *lib);
    lib->path = path;
    support = pk_support_load();
    if (support == NULL) {
        const char *error = dlerror();
        json_line *j = report_begin("IO");
        jl_str(j, "library", path);
        jl_str(j, "dlerror", error != NULL ? error : "cannot find the driver's own path");
        return report_finish(DRV_EXIT_IO,
                             "cannot load the driver's ICCS support library %s (%s): it is built "
                             "beside ngcc-perf-driver; rebuild the driver",
                             support_name, error != NULL ? error : "cannot find the driver's own path");
    }
    if (strchr(path, '/') == NULL) {
        size_t n = strlen(path);
        local_path = malloc(n + 3);
        if (local_path == NULL) {
            return fail(path, "dlopen", "out of memory", "free memory");
        }
        memcpy(local_path, "./", 2);
        memcpy(local_path + 2, path, n + 1);
        open_path = local_path;
    }
    crash_guard_set_phase("while its constructors ran in dlopen", 0);
    handle = dlopen(open_path, RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND);
    crash_guard_set_phase(NULL, 0);
    free(local_path);
    if (handle == NULL) {
        const char *error = dlerror();
        return fail(path, "dlopen", error != NULL ? error : "unknown dlopen error",
                    "pass a shared library built with -fPIC -shared whose dependencies resolve (check with ldd); "
                    "undefined symbols other than the ICCS ones must be defined by the instance");
    }
    for (s = 0; s < PK_SYMBOL_COUNT; s++) {
        lib->fn[s] = as_fn(dlsym(handle, PK_SYMBOL_NAMES[s]));
    }
    if ((s = decide_category(lib, wanted)) != DRV_EXIT_OK) {
        return s;
    }
    lib->drng_context = pick(handle, support, "drng_algorithm", &lib->origin[0]);
    lib->drng_init = (pk_drng_init_fn)as_fn(pick(handle, support, "init_random_number", &lib->origin[1]));
    lib->drng_get = (pk_drng_get_fn)as_fn(pick(handle, support, "get_random_number", &lib->origin[2]));
    for (i = 3; i < PK_ICCS_SYMBOLS; i++) {
        lib->origin[i] = dlsym(handle, PK_ICCS_NAMES[i]) != NULL ? PK_FROM_INSTANCE : PK_FROM_DRIVER;
    }
    if (lib->drng_context == NULL || lib->drng_init == NULL || lib->drng_get == NULL) {
        return fail(path, "dlsym", "the ICCS DRNG could not be resolved", "rebuild the driver");
    }
    return DRV_EXIT_OK;
}
