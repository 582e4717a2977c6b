#include "HeapStatistics.h"
#if defined(__linux__)
#include <malloc.h>
#endif

long heap_bytes_in_use(void) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
  return (long)mallinfo2().uordblks;
#else
  return -1;
#endif
}

int heap_keep_freed_memory(void) {
#if defined(__GLIBC__)
  // Serve large blocks from the heap rather than fresh mappings, and never give freed memory
  // back: a block freed by one run is reused by the next instead of being faulted in again.
  return mallopt(M_MMAP_THRESHOLD, 1 << 30) && mallopt(M_TRIM_THRESHOLD, 1 << 30);
#else
  return 0;
#endif
}
