import FuzzSupport

FuzzRuntime.runDriver { data, size in fuzzAnimationParams(data, size) }
