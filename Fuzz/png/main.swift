import FuzzSupport

FuzzRuntime.runDriver { data, size in fuzzPNG(data, size) }
