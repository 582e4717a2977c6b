#ifndef REACTORS_FUZZ_DRIVER_H
#define REACTORS_FUZZ_DRIVER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver (in the runtime `-sanitize=fuzzer` links): runs `callback` on the inputs
/// libFuzzer makes, as its own `main` would.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
