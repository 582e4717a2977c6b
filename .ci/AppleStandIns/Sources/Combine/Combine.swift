// A stand-in for Combine (see Package.swift): OpenCombine, which declares Combine's API under
// its own name, so that ReactorsCombine's `import Combine` branch is compiled.
@_exported import OpenCombine
