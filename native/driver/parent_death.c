/* Parent-death signal for every driver process (parent_death.h). */
#define _GNU_SOURCE
#include "parent_death.h"

#include <signal.h>
#include <sys/prctl.h>
#include <sys/types.h>
#include <unistd.h>

static pid_t first_parent = 0;

static void die_unless_parent(pid_t parent)
{
    /* The signal is armed before this check: a parent that dies from here on
     * kills us; one that died before has made getppid() another process. */
    if (prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) != 0 || getppid() != parent) {
        signal(SIGKILL, SIG_DFL);
        raise(SIGKILL);
        _exit(137);
    }
}

void parent_death_arm(void)
{
    first_parent = getppid();
    die_unless_parent(first_parent);
}

void parent_death_rearm(void)
{
    if (first_parent != 0) {
        die_unless_parent(first_parent);
    }
}

void parent_death_arm_child(int parent)
{
    die_unless_parent((pid_t)parent);
}
