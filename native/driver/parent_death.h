/* The driver dies with the process that started it (PROTOCOL.md, "Lifetime"):
 * a parent-death signal (SIGKILL) in every process of the driver, checked
 * against getppid() right after it is set, so a parent that died before the
 * signal was armed is noticed too. */
#ifndef NGCC_PARENT_DEATH_H
#define NGCC_PARENT_DEATH_H

/* Call first thing in main(): remembers getppid(), arms PR_SET_PDEATHSIG
 * with SIGKILL, and ends the process (SIGKILL) when the parent is already
 * gone. */
void parent_death_arm(void);

/* Arms the signal again (a change of credentials, such as entering a user
 * namespace, clears it) and ends the process when the parent remembered by
 * parent_death_arm() is gone. Call after the sandbox changed the process,
 * before the seccomp filter. */
void parent_death_rearm(void);

/* In a child just forked by the driver (a sandbox helper): dies with the
 * driver, `parent` being the driver's pid taken before fork(). */
void parent_death_arm_child(int parent);

#endif
