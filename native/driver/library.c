#define _POSIX_C_SOURCE 200809L
#include "library.h"

#include "crash_guard.h"
#include "exit_codes.h"
#include "report.h"

#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

static int fail_load(const char *path, const char *stage, const char *detail)
{
    json_line *j = report_begin("LOADFAIL");
    jl_str(j, "library", path);
    jl_str(j, "stage", stage);
    jl_str(j, "dlerror", detail);
    if (strcmp(stage, "dlopen") == 0) {
        return report_finish(DRV_EXIT_LOADFAIL,
                             "cannot load %s (%s): pass the path of a shared library built for this "
                             "machine with -fPIC -shared whose dependencies resolve (check with ldd)",
                             path, detail);
    }
    return report_finish(DRV_EXIT_LOADFAIL,
                         "no symbol CryptHash in %s (%s): the library must export `int CryptHash(int, "
                         "const unsigned char*, unsigned long long, unsigned char*)` with C linkage "
                         "(check with nm -D)",
                         path, detail);
}

static void *opened_handle;

/* dlopen of path (a bare name as ./name), RTLD_NOW | RTLD_LOCAL; NULL with *error set on failure. */
static void *open_local(const char *path, const char **error)
{
    void *handle;
    char *local_path = NULL;
    const char *open_path = path;
    if (strchr(path, '/') == NULL) {
        /* dlopen would search the system directories for a bare name. */
        size_t n = strlen(path);
        local_path = malloc(n + 3);
        if (local_path == NULL) {
            *error = "out of memory";
            return NULL;
        }
        memcpy(local_path, "./", 2);
        memcpy(local_path + 2, path, n + 1);
        open_path = local_path;
    }
    crash_guard_set_phase("while its constructors ran in dlopen", 0);
    handle = dlopen(open_path, RTLD_NOW | RTLD_LOCAL);
    crash_guard_set_phase(NULL, 0);
    free(local_path);
    if (handle == NULL) {
        *error = dlerror();
        if (*error == NULL) {
            *error = "unknown dlopen error";
        }
    }
    return handle;
}

int library_open(const char *path, void **handle_out)
{
    const char *error = NULL;
    void *handle = open_local(path, &error);
    if (handle == NULL) {
        return fail_load(path, "dlopen", error);
    }
    opened_handle = handle;
    *handle_out = handle;
    return DRV_EXIT_OK;
}

int library_try_open(const char *path)
{
    const char *error = NULL;
    void *handle = open_local(path, &error);
    if (handle == NULL) {
        return -1;
    }
    opened_handle = handle;
    return 0;
}

void *library_symbol(const char *name)
{
    void *symbol;
    if (opened_handle == NULL) {
        return NULL;
    }
    dlerror();
    symbol = dlsym(opened_handle, name);
    return dlerror() != NULL ? NULL : symbol;
}

int library_load(const char *path, crypt_hash_fn *fn)
{
    void *handle = NULL;
    void *symbol;
    const char *error;
    int code = library_open(path, &handle);
    if (code != DRV_EXIT_OK) {
        return code;
    }
    dlerror();
    symbol = dlsym(handle, "CryptHash");
    error = dlerror();
    if (error != NULL || symbol == NULL) {
        return fail_load(path, "dlsym", error != NULL ? error : "CryptHash resolves to NULL");
    }
    /* ISO C has no object-to-function pointer conversion; POSIX guarantees
     * the representations match, so copy the bits. */
    memcpy(fn, &symbol, sizeof *fn);
    return DRV_EXIT_OK;
}
