// The differential oracle: one runtime rule, run natively (GCC + GNUstep) and on ObjCModel, compared line by line.

@testable import ObjCModel

/// What a probe printed, one line per `say`.
final class Transcript {
    private(set) var lines: [String] = []
    func say(_ line: String) { lines.append(line) }
}

/// A known, documented difference between GCC's runtime and Apple's: the lines the native run prints instead
/// of the lines Apple's runtime (and so ObjCModel) prints.
struct Divergence {
    /// One contiguous block of native lines and the Apple lines that stand in its place.
    struct Change {
        let native: [String]
        let apple: [String]
    }
    let changes: [Change]
    /// The Apple fact, in words.
    let fact: String
    /// Where the field guide (or DESIGN.md) states it.
    let source: String
}

/// One runtime rule: an Objective-C program under `probes/` and its twin on ObjCModel.
struct Probe: Sendable {
    let id: String
    let rule: String
    let source: String
    var environment: [String: String] = [:]
    var divergences: [Divergence] = []
    /// The same steps on ObjCModel, printing the same lines.
    let twin: @Sendable (Runtime, Transcript) throws -> Void

    init(_ id: String, rule: String, source: String, environment: [String: String] = [:],
         divergences: [Divergence] = [], twin: @escaping @Sendable (Runtime, Transcript) throws -> Void) {
        self.id = id
        self.rule = rule
        self.source = source
        self.environment = environment
        self.divergences = divergences
        self.twin = twin
    }

    /// Runs the twin on a fresh runtime. A fault that escapes is printed, as a crash would end the native run.
    func runTwin() -> [String] {
        let rt = Runtime()
        let out = Transcript()
        do { try twin(rt, out) } catch { out.say("MODEL FAULT: \(error)") }
        return out.lines
    }
}

enum Oracle {
    /// The native lines with every expected divergence applied: each change's native block is found (in order,
    /// after the previous change) and replaced by Apple's lines.
    /// - Returns: the lines Apple's runtime would print, and the changes whose native block was not found.
    static func appleLines(fromNative native: [String], _ divergences: [Divergence]) -> (lines: [String], unseen: [Divergence.Change]) {
        var lines = native
        var unseen: [Divergence.Change] = []
        var from = 0
        for change in divergences.flatMap(\.changes) {
            guard let at = find(change.native, in: lines, from: from) else { unseen.append(change); continue }
            lines.replaceSubrange(at..<(at + change.native.count), with: change.apple)
            from = at + change.apple.count
        }
        return (lines, unseen)
    }

    static func find(_ block: [String], in lines: [String], from: Int) -> Int? {
        guard !block.isEmpty, block.count <= lines.count else { return nil }
        var i = from
        while i + block.count <= lines.count {
            if Array(lines[i..<(i + block.count)]) == block { return i }
            i += 1
        }
        return nil
    }

    /// A readable account of the first differing line, or nil if equal.
    static func difference(expected: [String], model: [String]) -> String? {
        guard expected != model else { return nil }
        let n = max(expected.count, model.count)
        for i in 0..<n {
            let e = i < expected.count ? expected[i] : "<end>"
            let m = i < model.count ? model[i] : "<end>"
            if e != m {
                return """
                first difference at line \(i + 1):
                  native (Apple-adjusted): \(e)
                  ObjCModel:               \(m)
                native (Apple-adjusted):
                \(expected.map { "  " + $0 }.joined(separator: "\n"))
                ObjCModel:
                \(model.map { "  " + $0 }.joined(separator: "\n"))
                """
            }
        }
        return nil
    }
}

// MARK: Twin helpers

extension Runtime {
    /// Defines and registers a class (NSObject's subclass unless told).
    func cls(_ name: String, _ superclass: Class? = nil) -> Class {
        defineClass(name, superclass: superclass ?? NSObjectClass)
    }

    /// `[cls new]`.
    func new(_ cls: Class) throws -> ObjectID {
        try send(classObject(cls), "new").object!
    }

    /// `[cls alloc]`.
    func alloc(_ cls: Class) throws -> ObjectID {
        try send(classObject(cls), "alloc").object!
    }

    /// `[self sel]` with the result as text, for `%s` of a selector argument.
    func name(_ v: Value) -> String { v.selValue.map(sel_getName) ?? "?" }
}

extension Dictionary where Key == IMP, Value == String {
    /// The probe's name for an IMP, as `imp_name()` in oracle.h prints it.
    func name(_ imp: IMP?) -> String {
        guard let imp else { return "NULL" }
        return self[imp] ?? "unnamed"
    }
}

/// `@try { body } @catch (NSException *e) { SAY("<label>: raised <name>") }`; other faults propagate.
func TRY(_ out: Transcript, _ label: String, _ body: () throws -> Void) throws {
    do { try body() } catch let f as Fault {
        guard let name = exceptionName(f) else { throw f }
        out.say("\(label): raised \(name)")
    }
}

/// The NSException name a fault raises, or nil for a crash or trap.
func exceptionName(_ f: Fault) -> String? {
    switch f.kind {
    case .unrecognizedSelector: return "NSInvalidArgumentException"
    case .exception(let name, _): return name
    default: return nil
    }
}

func yesno(_ b: Bool) -> String { b ? "YES" : "NO" }
