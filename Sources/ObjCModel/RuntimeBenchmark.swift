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

extension RuntimeBenchmark {
    /// The mini-scenario of `Tests/OracleTests/bench/mini.m`, step for step on the model: a host with an assign
    /// delegate, an app delegate, an NSProxy wrapper with an unretained target set as the delegate, two events
    /// through the wrapper's forwardInvocation:, a second wrapper replacing the first, one more event, all freed.
    /// - Returns: mean microseconds per iteration.
    public static func miniScenarioMicros(iterations: Int = 20_000) -> Double {
        let rt = Runtime(configuration: .release)
        let host = rt.defineClass("Host", superclass: rt.NSObjectClass)
        let app = rt.defineClass("AppDelegate", superclass: rt.NSObjectClass)
        let wrapper = rt.defineClass("Wrapper", superclass: rt.NSProxyClass)
        let fired = rt.sel("hostDidFire:")
        rt.addMethod(host, "fire") { rt, o, _, _ in try rt.objc_msgSend(rt.object_getIvar(o, "delegate"), fired, [.object(o)]) }
        rt.addMethod(app, "hostDidFire:", types: "v@:@") { rt, o, _, _ in
            try rt.object_setIvar(o, "events", .int(rt.object_getIvar(o, "events").intValue + 1), .value)
            return .none
        }
        rt.addMethod(wrapper, "initWithTarget:", types: "@@:@") { rt, o, _, a in
            try rt.object_setIvar(o, "target", a[0], .assign)
            return .object(o)
        }
        rt.addMethod(wrapper, "methodSignatureForSelector:", types: "@@::") { rt, o, cmd, a in
            try rt.objc_msgSend(rt.object_getIvar(o, "target"), cmd, a)
        }
        rt.addMethod(wrapper, "forwardInvocation:", types: "v@:@") { rt, o, _, a in
            guard case .invocation(let inv)? = a.first else { return .none }
            try inv.invoke(rt, target: rt.object_getIvar(o, "target"))
            return .none
        }
        let fire = rt.sel("fire"), initWithTarget = rt.sel("initWithTarget:")
        var total = 0
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<iterations {
            let h = rt.class_createInstance(host)
            let a = rt.class_createInstance(app)
            let w1 = rt.class_createInstance(wrapper)
            _ = try! rt.objc_msgSend(w1, initWithTarget, [.object(a)])
            try! rt.object_setIvar(h, "delegate", .object(w1), .assign)
            _ = try! rt.objc_msgSend(h, fire)
            _ = try! rt.objc_msgSend(h, fire)
            let w2 = rt.class_createInstance(wrapper)
            _ = try! rt.objc_msgSend(w2, initWithTarget, [.object(a)])
            try! rt.object_setIvar(h, "delegate", .object(w2), .assign)
            try! rt.objc_release(w1)
            _ = try! rt.objc_msgSend(h, fire)
            total += rt.object_getIvar(a, "events").intValue
            try! rt.objc_release(w2)
            try! rt.objc_release(a)
            try! rt.objc_release(h)
            try! rt.drainAutoreleasePool()
        }
        let micros = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e3
        precondition(total == iterations * 3)
        return micros / Double(iterations)
    }
}

extension RuntimeBenchmark {
    /// Mean microseconds to copy a loaded base, make the first changes a scenario makes (a class, a method, a
    /// selector, an instance with an ivar), and free the copy: what every run pays before its first step and after its
    /// last. Also returns the base's size (classes, objects, selectors).
    public static func copyMicros(of base: Runtime, repetitions: Int = 2_000) -> (micros: Double, classes: Int, objects: Int, selectors: Int) {
        let start = DispatchTime.now().uptimeNanoseconds
        for i in 0..<repetitions {
            let rt = base.copy()
            let c = rt.defineClass("BenchCopy", superclass: rt.NSObjectClass)
            rt.addMethod(c, "benchCopy\(i & 1)") { _, _, _, _ in .none }
            let o = rt.class_createInstance(c)
            try? rt.object_setIvar(o, "benchIvar", .int(1), .value)
        }
        let micros = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e3 / Double(repetitions)
        return (micros, base.classes.count, base.objects.count, base.selectorNames.count)
    }
}
