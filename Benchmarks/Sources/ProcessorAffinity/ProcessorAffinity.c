#if defined(__linux__)
#define _GNU_SOURCE
#include <sched.h>
#endif
#include "ProcessorAffinity.h"

unsigned long long processor_affinity_allowed(void) {
#if defined(__linux__)
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof(set), &set) != 0) return 0;
  unsigned long long mask = 0;
  for (int cpu = 0; cpu < 64; cpu++) {
    if (CPU_ISSET(cpu, &set)) mask |= 1ULL << cpu;
  }
  // A processor past the first 64 has no bit: the mask could not give it back.
  return __builtin_popcountll(mask) == CPU_COUNT(&set) ? mask : 0;
#else
  return 0;
#endif
}

int processor_affinity_current(void) {
#if defined(__linux__)
  return sched_getcpu();
#else
  return -1;
#endif
}

int processor_affinity_set(unsigned long long mask) {
#if defined(__linux__)
  if (mask == 0) return -1;
  cpu_set_t set;
  CPU_ZERO(&set);
  for (int cpu = 0; cpu < 64; cpu++) {
    if (mask & (1ULL << cpu)) CPU_SET(cpu, &set);
  }
  // On Linux, pid 0 is the calling thread, not the whole process.
  return sched_setaffinity(0, sizeof(set), &set) == 0 ? 0 : -1;
#else
  (void)mask;
  return -1;
#endif
}
