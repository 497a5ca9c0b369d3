// The byte search the readers of an app's files use line by line (Sources/HookLab/Scanner/TextSearch.swift).

import Testing
@testable import HookLab

@Suite("Text search by UTF-8 bytes")
struct TextSearchTests {
    @Test("A needle is found at the start, in the middle and at the end, and not when it is absent, longer or cut off")
    func positions() {
        let line = "UNUserNotificationCenter.current().delegate = self"
        #expect(line.holds("UNUser"))
        #expect(line.holds(".delegate ="))
        #expect(line.holds("= self"))
        #expect(!line.holds("= selfish"))
        #expect(!line.holds("setDelegate:"))
        #expect(!"abc".holds("abcd"))
        // A first byte that matches where the rest does not, then the whole needle later.
        #expect("aab".holds("ab"))
        #expect("a.b a.delegate".firstOccurrence(of: "a.delegate").map { "a.b a.delegate"[$0] } == "a.delegate")
    }

    @Test("A substring's range is in its own base string's indices, and text past a multi-byte character is found")
    func substringsAndUnicode() throws {
        let text = "// café\n[center setDelegate:self];"
        let line = try #require(text.split(separator: "\n").last)
        let range = try #require(line.firstOccurrence(of: "setDelegate:"))
        #expect(text[range] == "setDelegate:")
        #expect(text[range.upperBound...] == "self];")
        let first = try #require(text.split(separator: "\n").first)
        #expect(first.holds("café") && !first.holds("cafe"))
        #expect("naïve → ok".firstOccurrence(of: "ok").map { "naïve → ok"[$0.lowerBound...] } == "ok")
    }
}
