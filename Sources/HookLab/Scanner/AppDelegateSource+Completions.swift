// How the app's own notification delegate methods call their completion handlers, read from their bodies: at once before
// returning (what the lab's app delegate does), later from a closure (a dispatch, a Task, another API's callback), or
// never. An app that decides the presentation later loses its decision under React Native Firebase 23.8.5–25.x (RNFB
// #9049), so `scan` runs the app's set-up with the matching `delegate-completes` step. The reading is heuristic and never
// fails: a method it cannot follow reads as calling the handler at once.
import Foundation

extension AppDelegateSource {
    /// One notification delegate method of the app and how it calls its completion handler.
    public struct Completion: Sendable, Hashable {
        /// `userNotificationCenter:willPresentNotification:withCompletionHandler:` or the didReceive one.
        public var selector: String
        /// The file and the line of its declaration.
        public var file: String
        public var line: Int
        /// Whether some path calls the handler (or hands it on) before the method returns.
        public var now: Bool
        /// Whether some path calls it from a closure that runs later (a dispatch, a `Task`, another API's callback).
        public var later: Bool
        /// The Swift `async` form: its Objective-C entry point starts a task and returns; the task calls the handler when
        /// the method ends (SE-0297; swiftlang/swift SILGenBridging.cpp `emitNativeAsyncToForeignThunk`).
        public var swiftAsync: Bool
        /// The line of a `return` on a path that has not called the handler, when another path does (`case nil: return`).
        public var neverAt: Int? = nil
        /// Whether its body passes the call to `super` (`super.userNotificationCenter(`): in a `FlutterAppDelegate`
        /// subclass, one that does not keeps the event from the plugins, which FlutterAppDelegate's own method passes it
        /// to (FlutterAppDelegate.mm, its `UNUserNotificationCenterDelegate` methods call the lifecycle delegate).
        public var callsSuper = true

        /// The lab's step for the app's delegate written this way; nil for one that calls the handler before returning on
        /// every path that calls it, as the lab's app delegate does.
        public var step: Scenario.Step? {
            if swiftAsync || later { return .delegateCompletes(selector, 1, async: true) }
            if !now { return .delegateCompletes(selector, 0, async: false) }
            return nil
        }

        /// "its `willPresent` (`AppDelegate.swift:113`) calls the handler later, from a closure".
        public var sentence: String {
            let name = selector.contains("willPresent") ? "willPresent" : "didReceive"
            let how = swiftAsync ? "is `async`, so Swift calls the handler after the method returns"
                : later ? (now ? "calls the handler later, from a closure, on some paths" : "calls the handler later, from a closure")
                : now ? "calls the handler before it returns" : "never calls the handler"
            let branch = neverAt.map { ", and returns without calling it at `:\($0)`" } ?? ""
            return "its `\(name)` (`\(file):\(line)`) \(how)\(branch)"
        }
    }

    static let completionSelectors = [
        (selector: "userNotificationCenter:willPresentNotification:withCompletionHandler:", swift: "willPresent", objc: "willPresentNotification:"),
        (selector: "userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:", swift: "didReceive", objc: "didReceiveNotificationResponse:"),
    ]

    /// The notification delegate methods `text` implements, with how each calls its handler.
    static func completions(in text: String, file: String) -> [Completion] {
        let objc = file.hasSuffix(".m") || file.hasSuffix(".mm")
        let code = SwiftCode(text).bytes
        let head = Array((objc ? ")userNotificationCenter:" : "func userNotificationCenter(").utf8)
        var out: [Completion] = []
        var i = 0
        while i < code.count {
            guard code[i] == head[0], code[i...].starts(with: head) else { i += 1; continue }
            guard let open = SwiftCode.first(UInt8(ascii: "{"), in: code, from: i) else { break }
            let declaration = String(decoding: code[i..<open], as: UTF8.self)
            i = open + 1
            guard let method = completionSelectors.first(where: { declaration.contains(objc ? $0.objc : $0.swift) }),
                  !out.contains(where: { $0.selector == method.selector }) else { continue }
            let line = code[..<i].reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
                - declaration.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
            let close = SwiftCode.matching(code, from: open, UInt8(ascii: "{"), UInt8(ascii: "}"))
            // The Swift `async` form: `…) async -> UNNotificationPresentationOptions {`, no handler parameter.
            let afterParameters = declaration.range(of: ")", options: .backwards).map { declaration[$0.upperBound...] } ?? ""
            if !objc, !declaration.contains("withCompletionHandler"), afterParameters.split(whereSeparator: { !$0.isLetter }).contains("async") {
                var completion = Completion(selector: method.selector, file: file, line: line, now: false, later: false, swiftAsync: true)
                completion.callsSuper = callsSuper(in: code, open + 1, close, objc: objc)
                out.append(completion)
                continue
            }
            guard let handler = handlerName(declaration, objc: objc) else { continue }
            let (now, later, never) = calls(of: handler, in: code, open + 1, close, objc: objc)
            var completion = Completion(selector: method.selector, file: file, line: line, now: now, later: later, swiftAsync: false)
            // A branch that returns without calling it, when some other path does.
            completion.neverAt = now || later ? never : nil
            completion.callsSuper = callsSuper(in: code, open + 1, close, objc: objc)
            out.append(completion)
        }
        return out
    }

    /// Whether a body calls `super`'s notification method.
    static func callsSuper(in code: [UInt8], _ start: Int, _ end: Int, objc: Bool) -> Bool {
        guard start < end, end <= code.count else { return false }
        let body = String(decoding: code[start..<end], as: UTF8.self)
        return body.contains(objc ? "[super userNotificationCenter:" : "super.userNotificationCenter(")
    }

    /// The handler parameter's own name: Swift `withCompletionHandler completionHandler:`, Objective-C
    /// `withCompletionHandler:(void (^)(…))completionHandler`.
    static func handlerName(_ declaration: String, objc: Bool) -> String? {
        guard let label = declaration.range(of: "withCompletionHandler") else { return nil }
        var rest = declaration[label.upperBound...].drop { $0 == " " || $0 == "\n" || $0 == "\t" }
        if objc {
            guard rest.first == ":" else { return nil }
            rest = rest.dropFirst().drop { $0 == " " }
            if rest.first == "(" {
                var depth = 0
                var index = rest.startIndex
                while index < rest.endIndex {
                    if rest[index] == "(" { depth += 1 }
                    if rest[index] == ")" { depth -= 1; if depth == 0 { break } }
                    index = rest.index(after: index)
                }
                rest = index < rest.endIndex ? rest[rest.index(after: index)...] : ""
            }
            let name = rest.drop { $0 == " " }.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            return name.isEmpty ? nil : String(name)
        }
        if rest.first == ":" { return "withCompletionHandler" }
        let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        return name.isEmpty ? nil : String(name)
    }

    /// Calls of `name` in the body `code[start..<end]` (or `name` handed to another call as an argument): whether one is
    /// made directly, and whether one is made inside a closure. A brace opens a closure unless the text before it on its
    /// line is control flow (`if`, `else`, `guard … else`, `switch`, `for`, `do`, `catch`, …) or a closure that runs at
    /// once (`forEach`, `map`, `sync`, `performAndWait`, …).
    static func calls(of name: String, in code: [UInt8], _ start: Int, _ end: Int, objc: Bool) -> (now: Bool, later: Bool, never: Int?) {
        let target = Array(name.utf8)
        // Each open brace: whether it opens a closure, and whether the path through it has called (or handed on) the
        // handler since its branch began; the method's body is the first.
        var scopes: [(closure: Bool, called: Bool)] = [(false, false)]
        var now = false, later = false
        var never: Int?
        var lineStart = start, skip = start
        func isIdentifier(_ c: UInt8) -> Bool {
            (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == UInt8(ascii: "_")
        }
        func word(_ i: Int, _ w: [UInt8]) -> Bool {
            code[i...].starts(with: w) && (i == 0 || !isIdentifier(code[i - 1])) && (i + w.count >= code.count || !isIdentifier(code[i + w.count]))
        }
        let returnWord = Array("return".utf8), caseWord = Array("case".utf8), defaultWord = Array("default".utf8)
        SwiftCode.scan(code, from: start) { i, c in
            guard i < end else { return false }
            guard i >= skip else { return true }
            let inClosure = scopes.contains { $0.closure }
            if c == UInt8(ascii: "\n") {
                lineStart = i + 1
            } else if c == UInt8(ascii: "{") {
                let before = String(decoding: code[lineStart..<i], as: UTF8.self).trimmingCharacters(in: .whitespaces)
                scopes.append((opensClosure(before, objc: objc), false))
            } else if c == UInt8(ascii: "}") {
                if scopes.count > 1 { scopes.removeLast() }
            } else if c == target[0], word(i, target) {
                if inClosure { later = true } else { now = true }
                // The path that makes the call (or hands the handler to a closure) is the scope the closure opened in.
                if let index = scopes.lastIndex(where: { !$0.closure }) { scopes[index].called = true }
                skip = i + target.count
            } else if !inClosure, c == caseWord[0] || c == defaultWord[0], word(i, caseWord) || word(i, defaultWord) {
                // A `switch`'s next branch starts its own path.
                scopes[scopes.count - 1].called = false
            } else if !inClosure, never == nil, c == returnWord[0], word(i, returnWord), !scopes.contains(where: \.called) {
                never = code[..<i].reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
            }
            return true
        }
        return (now, later, never)
    }

    /// Whether a `{` after `before` (its line up to the brace) opens a closure that may run after the method returns.
    static func opensClosure(_ before: String, objc: Bool) -> Bool {
        var text = Substring(before)
        while text.first == "}" { text = text.dropFirst().drop { $0 == " " } }
        if objc { return text.contains("^") }
        let control = ["if ", "if(", "else", "guard ", "switch ", "for ", "while ", "repeat", "do", "catch", "case ", "default", "#if", "defer"]
        if control.contains(where: { text.hasPrefix($0) }) || text.hasSuffix("else") || text.isEmpty { return false }
        // Closures Swift and Foundation run before returning.
        let immediate = ["forEach", "map", "compactMap", "flatMap", "filter", "reduce", "contains", "first", "sorted", "sync",
                         "performAndWait", "autoreleasepool", "withLock"]
        let callee = text.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == ".") }).last.map { $0.split(separator: ".").last ?? "" } ?? ""
        return !immediate.contains(String(callee))
    }
}
