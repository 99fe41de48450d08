#define _POSIX_C_SOURCE 200809L
#include "category_table.h"

#include "args.h"
#include "category_hash.h"
#include "exit_codes.h"
#include "library.h"
#include "pk/pk_op.h"
#include "report.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

const ngcc_category *const BUILT_IN_CATEGORIES[] = {
    &CATEGORY_HASH,
    &CATEGORY_KEM,
    &CATEGORY_SIG,
    &CATEGORY_KEX,
    NULL,
};

static ngcc_host host;

const ngcc_host *category_host(const char *library_path)
{
    host.abi = NGCC_CATEGORY_ABI;
    host.symbol = library_symbol;
    host.library = library_path;
    return &host;
}

static int adapter_error(const char *subcommand, const char *adapter_path, const char *problem)
{
    json_line *j = report_begin("USAGE");
    jl_str(j, "subcommand", subcommand);
    jl_str(j, "adapter", adapter_path);
    return report_finish(DRV_EXIT_USAGE, "%s: the category adapter %s %s", subcommand, adapter_path, problem);
}

static int load_adapter(const char *subcommand, const char *name, const char *adapter_path,
                        const ngcc_category **out)
{
    char problem[512];
    void *handle = dlopen(adapter_path, RTLD_NOW | RTLD_LOCAL);
    void *entry_symbol;
    ngcc_category_entry_fn entry;
    const ngcc_category *table;
    if (handle == NULL) {
        const char *error = dlerror();
        snprintf(problem, sizeof problem,
                 "cannot be loaded (%.300s): pass a shared library built with -shared -fPIC that exports %s",
                 error != NULL ? error : "unknown dlopen error", NGCC_CATEGORY_ENTRY);
        return adapter_error(subcommand, adapter_path, problem);
    }
    dlerror();
    entry_symbol = dlsym(handle, NGCC_CATEGORY_ENTRY);
    if (dlerror() != NULL || entry_symbol == NULL) {
        snprintf(problem, sizeof problem,
                 "exports no %s: define `const ngcc_category *%s(unsigned driver_abi)` (native/driver/ngcc_category.h)",
                 NGCC_CATEGORY_ENTRY, NGCC_CATEGORY_ENTRY);
        return adapter_error(subcommand, adapter_path, problem);
    }
    memcpy(&entry, &entry_symbol, sizeof entry);
    table = entry(NGCC_CATEGORY_ABI);
    if (table == NULL || table->abi != NGCC_CATEGORY_ABI) {
        snprintf(problem, sizeof problem,
                 "speaks category ABI %u, this driver %u: rebuild the adapter against this driver's ngcc_category.h",
                 table == NULL ? 0u : table->abi, NGCC_CATEGORY_ABI);
        return adapter_error(subcommand, adapter_path, problem);
    }
    if (table->name == NULL || (name != NULL && strcmp(table->name, name) != 0)) {
        snprintf(problem, sizeof problem, "serves the category \"%.100s\", not \"%.100s\": name the category it serves",
                 table->name == NULL ? "" : table->name, name == NULL ? "" : name);
        return adapter_error(subcommand, adapter_path, problem);
    }
    *out = table;
    return DRV_EXIT_OK;
}

int category_find(const char *subcommand, const char *name, const char *adapter_path, const ngcc_category **out)
{
    char problem[512];
    size_t used = 0;
    int i;
    if (adapter_path != NULL) {
        return load_adapter(subcommand, name, adapter_path, out);
    }
    for (i = 0; BUILT_IN_CATEGORIES[i] != NULL; i++) {
        if (strcmp(BUILT_IN_CATEGORIES[i]->name, name) == 0) {
            *out = BUILT_IN_CATEGORIES[i];
            return DRV_EXIT_OK;
        }
    }
    used = (size_t)snprintf(problem, sizeof problem, "CATEGORY must be a built-in category (");
    for (i = 0; BUILT_IN_CATEGORIES[i] != NULL && used < sizeof problem; i++) {
        used += (size_t)snprintf(problem + used, sizeof problem - used, "%s%s", i > 0 ? ", " : "",
                                 BUILT_IN_CATEGORIES[i]->name);
    }
    if (used < sizeof problem) {
        snprintf(problem + used, sizeof problem - used, ") or come with --adapter PATH");
    }
    return usage_error_got(subcommand, problem, name);
}

int category_from_adapter(const char *subcommand, const char *adapter_path, const ngcc_category **out)
{
    return load_adapter(subcommand, NULL, adapter_path, out);
}

const ngcc_operation *category_operation(const ngcc_category *c, const char *name)
{
    unsigned i;
    for (i = 0; i < c->operation_count; i++) {
        if (strcmp(c->operations[i].name, name) == 0) {
            return &c->operations[i];
        }
    }
    return NULL;
}

int category_open_library(const ngcc_category *c, const char *path)
{
    void *handle = NULL;
    if (pk_op_is_category(c)) {
        return pk_op_open(c->name, path);
    }
    return library_open(path, &handle);
}

uint64_t category_retries(const ngcc_category *c, const void *state)
{
    return pk_op_is_category(c) && state != NULL ? ((const pk_op_head *)state)->retries : 0;
}

int category_counts_retries(const ngcc_category *c)
{
    return pk_op_is_category(c);
}
