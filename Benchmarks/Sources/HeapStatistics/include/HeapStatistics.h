#ifndef HEAP_STATISTICS_H
#define HEAP_STATISTICS_H
#include <stddef.h>

/// Bytes the heap has handed out and not yet freed, or -1 where that cannot be known.
long heap_bytes_in_use(void);

#endif
