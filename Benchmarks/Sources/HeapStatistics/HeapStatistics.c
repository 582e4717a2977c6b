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
