import FuzzSupport

FuzzRuntime.runDriver { data, size in fuzzKeyValue(data, size) }
