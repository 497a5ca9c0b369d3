// Throughput figures for `hooklab bench`: cached vs uncached sends, and the cost of building a runtime.
import Foundation

/// Measures the model runtime itself. Figures, not pass/fail.
public enum RuntimeBenchmark {
    /// Sends per second of a one-line method found two classes up, with or without the method cache.
    public static func sendsPerSecond(sends: Int = 5_000_000, cache: Bool) -> Double {
        let rt = Runtime(configuration: .release)
        let a = rt.defineClass("BenchBase", superclass: rt.NSObjectClass)
        let b = rt.defineClass("BenchMiddle", superclass: a)
        let c = rt.defineClass("BenchLeaf", superclass: b)
        for i in 0..<20 { rt.addMethod(a, "filler\(i)") { _, _, _, _ in .none } }
        rt.addMethod(a, "tick", types: "q@:") { _, _, _, _ in .int(1) }
        rt.methodCacheEnabled = cache
        let o = rt.class_createInstance(c)
        let tick = rt.sel("tick")
        var total = 0
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<sends {
            if case .int(let v) = try! rt.objc_msgSend(o, tick) { total &+= v }
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        precondition(total == sends)
        return Double(sends) / seconds
    }

    /// Mean microseconds to create a runtime and define `classes` classes with 10 methods each.
    public static func runtimeCreationMicros(classes: Int = 50, repetitions: Int = 200) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<repetitions {
            let rt = Runtime()
            var superclass = rt.NSObjectClass
            for i in 0..<classes {
                let c = rt.defineClass("C\(i)", superclass: i % 5 == 0 ? rt.NSObjectClass : superclass)
                for m in 0..<10 { rt.addMethod(c, "m\(m)") { _, _, _, _ in .none } }
                superclass = c
            }
        }
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e3 / Double(repetitions)
    }
}
