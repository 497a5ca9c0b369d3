// The strict JSON reader against classic conformance cases (written here, in the spirit of the JSON test suite's
// y_/n_ files): everything RFC 8259 rejects is an error with a line, never a trap; duplicate keys are rejected too.

import Testing
@testable import HookLab

@Suite("Strict JSON")
struct JSONStrictTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var text: String
        var line: Int
        var fragment: String
        var testDescription: String { text.replacingOccurrences(of: "\n", with: "⏎") }
    }

    static let rejected: [Case] = [
        Case(text: #"{"a": 1, "a": 2}"#, line: 1, fragment: #"duplicate key "a" (first at line 1)"#),
        Case(text: "{\n\"cells\": [],\n\"x\": 1,\n\"cells\": []}", line: 4, fragment: #"duplicate key "cells" (first at line 2)"#),
        Case(text: "[01]", line: 1, fragment: "leading zero"),
        Case(text: "[-012]", line: 1, fragment: "leading zero"),
        Case(text: "[-]", line: 1, fragment: "expected a digit after '-'"),
        Case(text: "[+1]", line: 1, fragment: "expected a JSON value"),
        Case(text: "[.5]", line: 1, fragment: "expected a JSON value"),
        Case(text: "[0x10]", line: 1, fragment: "expected ',' or ']'"),
        Case(text: "[1.5]", line: 1, fragment: "expected an integer"),
        Case(text: "[1e3]", line: 1, fragment: "expected an integer"),
        Case(text: "[99999999999999999999]", line: 1, fragment: "out of range"),
        Case(text: #"["\u+123"]"#, line: 1, fragment: "four hex digits"),
        Case(text: #"["\u12"]"#, line: 1, fragment: "four hex digits"),
        Case(text: #"["\x41"]"#, line: 1, fragment: "invalid escape"),
        Case(text: #"["\'"]"#, line: 1, fragment: "invalid escape"),
        Case(text: #"["\ud800\u0041"]"#, line: 1, fragment: "followed by \\u41, not by a low surrogate"),
        Case(text: #"["\ud800"]"#, line: 1, fragment: "unpaired high surrogate"),
        Case(text: #"["\ud800x"]"#, line: 1, fragment: "unpaired high surrogate"),
        Case(text: #"["\ud800\n"]"#, line: 1, fragment: "unpaired high surrogate"),
        Case(text: #"["\udc00"]"#, line: 1, fragment: "unpaired low surrogate"),
        Case(text: #"["\ud800\ud800"]"#, line: 1, fragment: "not by a low surrogate"),
        Case(text: "[\"a\tb\"]", line: 1, fragment: "control character"),
        Case(text: "\n\n[\"a\nb\"]", line: 3, fragment: "unterminated string"),
        Case(text: "[1,]", line: 1, fragment: "expected a JSON value, found ']'"),
        Case(text: #"{"a": 1,}"#, line: 1, fragment: "expected a quoted key"),
        Case(text: "{'a': 1}", line: 1, fragment: "expected a quoted key"),
        Case(text: "{a: 1}", line: 1, fragment: "expected a quoted key"),
        Case(text: #"{"a" 1}"#, line: 1, fragment: "expected ':'"),
        Case(text: "[1 2]", line: 1, fragment: "expected ',' or ']'"),
        Case(text: "[tru]", line: 1, fragment: "expected a JSON value"),
        Case(text: "[True]", line: 1, fragment: "expected a JSON value"),
        Case(text: "[nul]", line: 1, fragment: "expected a JSON value"),
        Case(text: "[1] [2]", line: 1, fragment: "unexpected text after the end"),
        Case(text: "[", line: 1, fragment: "found the end of the file"),
        Case(text: #"["abc"#, line: 1, fragment: "unterminated string"),
        Case(text: "\u{0C}[]", line: 1, fragment: "expected a JSON value"),
        Case(text: "\u{FEFF}[]", line: 1, fragment: "expected a JSON value"),
        Case(text: String(repeating: "[", count: 500), line: 1, fragment: "nesting too deep"),
    ]

    @Test("Invalid JSON is an error with its line", arguments: rejected)
    func rejects(_ example: Case) {
        #expect {
            _ = try JSONValue.parse(example.text)
        } throws: { error in
            guard let error = error as? JSONValue.ParseError else { return false }
            return error.line == example.line && error.message.contains(example.fragment)
        }
    }

    @Test("A top-level member read for its syntax only is as strict as one built: the same error at the same line", arguments: rejected.filter { !$0.fragment.contains("unexpected text after the end") })
    func skippedMemberIsChecked(_ example: Case) {
        let text = "{\"kept\": 1, \"skipped\": " + example.text + "}"
        func error(_ keeping: Set<String>?) -> JSONValue.ParseError? {
            do { _ = try JSONValue.parse(text, keeping: keeping); return nil } catch { return error }
        }
        let built = error(nil), skipped = error(["kept"])
        #expect(built != nil && skipped == built, "built: \(String(describing: built)); skipped: \(String(describing: skipped))")
        #expect(skipped?.line == example.line)
    }

    @Test("Keeping some top-level members builds those and leaves the others out")
    func keepingBuildsOnlyThose() throws {
        let text = "{\"schema\": 3,\n\"reproducers\": [{\"steps\": [\"a\", \"b\\n\"]}, 2],\n\"cells\": [{\"host\": \"UITableView\"}]}"
        let root = try JSONValue.parse(text, keeping: ["schema", "cells"])
        #expect(root.value == .object([("schema", .number(3)), ("cells", .array([.object([("host", .string("UITableView"))])]))]))
        #expect(root["cells"]?.line == 3 && root["reproducers"] == nil)
        // A duplicate of a member left out is still a duplicate.
        #expect(throws: JSONValue.ParseError.self) { try JSONValue.parse("{\"x\": [1],\n\"x\": 2}", keeping: []) }
        // A top level that is no object is built whole.
        #expect(try JSONValue.parse("[1, \"a\"]", keeping: []).value == .array([.number(1), .string("a")]))
    }

    static let accepted: [(String, JSONValue)] = [
        ("[]", .array([])),
        ("{}", .object([])),
        (" [ 0 , -0 , -12 , 120 ] ", .array([.number(0), .number(0), .number(-12), .number(120)])),
        (#"["\ud834\udd1e", "\u00e9", "\/\b\f\n\r\t\"\\"]"#, .array([.string("𝄞"), .string("é"), .string("/\u{08}\u{0C}\n\r\t\"\\")])),
        (#"{"a": {"a": 1}}"#, .object([("a", .object([("a", .number(1))]))])),
        (#"{"": null, "b": [true, false]}"#, .object([("", .null), ("b", .array([.bool(true), .bool(false)]))])),
        (#""\u0000""#, .string("\u{0}")),
        ("\t\r\n 7 \n", .number(7)),
    ]

    @Test("Valid JSON within HookLab's value model parses", arguments: accepted.indices)
    func accepts(_ index: Int) throws {
        #expect(try JSONValue.parse(Self.accepted[index].0).value == Self.accepted[index].1)
    }

    @Test("A baseline with a duplicate key names the file and line")
    func baselineDuplicateKey() {
        let text = "{\n  \"schema\": 1,\n  \"cells\": [\n    {\"host\": \"A\", \"host\": \"B\", \"order\": [\"x\"], \"config\": \"debug\", \"outcome\": \"ok\"}\n  ]\n}\n"
        #expect(throws: BaselineError.self) { try Baseline.parse(text, file: "Matrix/baseline.json") }
        do { _ = try Baseline.parse(text, file: "Matrix/baseline.json") } catch {
            #expect(error.description.hasPrefix("Matrix/baseline.json:4: duplicate key \"host\""))
        }
    }

    @Test("A document written with its large arrays on several threads is the same text as written on one", arguments: [1, 2, 3])
    func concurrentWriting(workers: Int) {
        // Arrays of objects (multi-line) and of strings (one line), each above and below the size written in chunks, an
        // empty one, nesting, and strings that need escapes.
        let objects = JSONValue.array((0..<700).map { i in
            .object([("n", .number(i)), ("s", .string("line \(i)\n\"quoted\"")), ("inner", .array([.number(i), .object([("deep", .array((0..<(i % 3)).map { .number($0) }))])]))])
        })
        let strings = JSONValue.array((0..<300).map { .string("r\($0)") })
        let document = JSONValue.object([("schema", .number(3)), ("small", .array([.string("a"), .null])), ("empty", .array([])),
                                         ("strings", strings), ("cells", objects)])
        #expect(document.text(indent: 2, workers: workers) == document.text())
        let flat = JSONValue.object([("a", .number(1)), ("b", .string("x"))])
        #expect(flat.text(indent: 2, workers: workers) == flat.text())
    }
}
