#ifndef REACTORS_PROCESS_END_H
#define REACTORS_PROCESS_END_H

#include <errno.h>
#include <sys/types.h>

#if defined(__linux__)
#include <sys/syscall.h>
#include <unistd.h>
#endif

/// A file descriptor that becomes readable when process `pid` ends (Linux's pidfd), or -1 with
/// errno set (ESRCH: there is no such process; ENOSYS: this system has no pidfd). Swift cannot
/// call the variadic `syscall` itself.
static inline int reactors_pidfd_open(pid_t pid) {
#if defined(__linux__) && defined(SYS_pidfd_open)
  return (int)syscall(SYS_pidfd_open, pid, 0);
#else
  errno = ENOSYS;
  return -1;
#endif
}

#endif
