import ObjCModel
let cached = RuntimeBenchmark.sendsPerSecond(cache: true)
let uncached = RuntimeBenchmark.sendsPerSecond(cache: false)
print(String(format: "cached %.1f M sends/s, uncached %.1f M/s, runtime+50 classes %.0f µs", cached / 1e6, uncached / 1e6, RuntimeBenchmark.runtimeCreationMicros()))
