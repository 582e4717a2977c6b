// The header holds the one inline function; this file gives the target a source to build.
#include "ProcessEnd.h"
