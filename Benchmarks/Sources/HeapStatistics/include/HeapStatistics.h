#ifndef HEAP_STATISTICS_H
#define HEAP_STATISTICS_H
#include <stddef.h>

/// Bytes the heap has handed out and not yet freed, or -1 where that cannot be known.
long heap_bytes_in_use(void);

/// Makes the allocator keep freed memory for reuse instead of returning it to the system
/// (glibc's `mallopt`); returns 0 where that cannot be done.
int heap_keep_freed_memory(void);

#endif
