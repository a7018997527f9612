import FuzzSupport

FuzzRuntime.runDriver { data, size in fuzzLottie(data, size) }
