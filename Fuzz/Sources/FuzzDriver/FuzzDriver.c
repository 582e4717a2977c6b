// The declaration of libFuzzer's driver, for Swift (see include/FuzzDriver.h); nothing to
// compile: SwiftPM wants a source file in a C target.
#include "FuzzDriver.h"
