// What runs when a method runs (issue 44 "What runs at launch, in order"): a start call or a delegate line inside a
// closure that is stored or handed on for later (`registry.setPluginRegistrantCallback { … }`, `DispatchQueue.main.async
// { … }`, an Objective-C block) does not run at launch, so it is no start and no set-up line. The reading is textual and
// never fails.
import Foundation

extension AppDelegateSource {
    /// Each line of `text` with comments blanked, and with the parts inside closures that may run later blanked too (a
    /// brace opens one as ``opensClosure(_:objc:)`` says, unless it opens a declaration's body: a `func`, an `init`, a
    /// type, an Objective-C method).
    package static func runningLines(_ text: String, objc: Bool) -> [String] {
        var code = SwiftCode(text).bytes
        var stack: [Bool] = []
        var lineStart = 0
        // A declaration whose body's brace is still to come (a signature over several lines).
        var declaring = false
        var i = 0
        func word(at index: Int, _ name: String) -> Bool {
            let bytes = Array(name.utf8)
            guard code[index...].starts(with: bytes) else { return false }
            let before = index == 0 ? UInt8(ascii: " ") : code[index - 1]
            let after = index + bytes.count < code.count ? code[index + bytes.count] : UInt8(ascii: " ")
            return !isIdentifierByte(before) && !isIdentifierByte(after)
        }
        let declarationWords = objc ? ["@implementation", "@interface"]
            : ["func", "init", "deinit", "class", "struct", "extension", "enum", "protocol", "actor", "get", "set", "willSet", "didSet", "subscript"]
        while i < code.count {
            let c = code[i]
            if c == UInt8(ascii: "\n") {
                lineStart = i + 1
                // An Objective-C method's signature starts its line with `-` or `+`.
                if objc, let first = code[(i + 1)...].first(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }),
                   first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
                    let lineEnd = code[(i + 1)...].firstIndex(of: UInt8(ascii: "\n")) ?? code.count
                    if code[(i + 1)..<lineEnd].contains(UInt8(ascii: "(")) { declaring = true }
                }
            } else if isIdentifierByte(c), i == 0 || !(isIdentifierByte(code[i - 1]) || code[i - 1] == UInt8(ascii: ".")) {
                // A declaration's keyword (`.init(`, `.set(` are calls).
                if declarationWords.contains(where: { word(at: i, $0) }) { declaring = true }
            } else if c == UInt8(ascii: "{") {
                let before = String(decoding: code[lineStart..<i], as: UTF8.self).trimmingCharacters(in: .whitespaces)
                let deferred = declaring ? false : opensClosure(before, objc: objc) && !isPropertyBody(before)
                declaring = false
                stack.append(deferred)
                if deferred { code[i] = UInt8(ascii: " ") }
            } else if c == UInt8(ascii: "}") {
                if stack.contains(true) { code[i] = UInt8(ascii: " ") }
                _ = stack.popLast()
            } else if c == UInt8(ascii: ";") {
                // A statement ends a signature that had no body (an Objective-C method declared in an `@interface`).
                declaring = false
            }
            if c != UInt8(ascii: "\n"), stack.contains(true) { code[i] = UInt8(ascii: " ") }
            i += 1
        }
        return String(decoding: code, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// A computed property's or observer's body (`var name: Type {`), which runs when read, not later.
    static func isPropertyBody(_ before: String) -> Bool {
        let words = before.split(separator: " ")
        guard let index = words.firstIndex(where: { $0 == "var" || $0 == "let" }) else { return false }
        return !words[index...].contains("=")
    }

    static func isIdentifierByte(_ c: UInt8) -> Bool {
        (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == UInt8(ascii: "_") || c >= 0x80
    }
}
