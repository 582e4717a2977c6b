import FuzzDriver

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// libFuzzer's driver, with this process's arguments (the corpus folders, `-max_total_time=…`),
// calling `LLVMFuzzerTestOneInput` on each input.
var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzz(data!, size) })
