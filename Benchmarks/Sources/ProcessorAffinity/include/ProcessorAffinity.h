#ifndef PROCESSOR_AFFINITY_H
#define PROCESSOR_AFFINITY_H

/// The processors the calling thread may run on, as a bit mask (bit n: processor n), or 0 where
/// that cannot be known (not Linux) or told in 64 bits (a processor numbered 64 or more).
unsigned long long processor_affinity_allowed(void);

/// The processor the calling thread runs on now, or -1 where that cannot be known.
int processor_affinity_current(void);

/// Lets the calling thread (and the threads it creates from then on) run only on the
/// processors of `mask` (as `processor_affinity_allowed` returns it). Returns 0 on success,
/// -1 where it cannot be done.
int processor_affinity_set(unsigned long long mask);

#endif
