import FuzzSupport

FuzzRuntime.runDriver { data, size in fuzzPaths(data, size) }
