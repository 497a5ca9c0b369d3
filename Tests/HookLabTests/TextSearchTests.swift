// The byte search the readers of an app's files use line by line (Sources/HookLab/Scanner/TextSearch.swift).

import Foundation
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

    @Test("Every occurrence is replaced, left to right and not overlapping, as Foundation's replacement does; a text without one comes back as it was")
    func replacing() {
        #expect("see (LINK) and (LINK).".replacingEvery("(LINK)", with: "(a.md#x)") == "see (a.md#x) and (a.md#x).")
        #expect("(LINK)(LINK)".replacingEvery("(LINK)", with: "") == "")
        #expect("aaa".replacingEvery("aa", with: "X") == "Xa")
        #expect("café (SHOWN-1) → (SHOWN-10)".replacingEvery("(SHOWN-1)", with: "(p.md)") == "café (p.md) → (SHOWN-10)")
        #expect("no placeholder".replacingEvery("(LINK)", with: "x") == "no placeholder")
        for text in ["(LINK)", "x(LINK)", "(LINK)x", "a (LINK) b (LINK) c", "(LINK(LINK))"] {
            #expect(text.replacingEvery("(LINK)", with: "[L]") == text.replacingOccurrences(of: "(LINK)", with: "[L]"), "\(text)")
        }
    }

    @Test("A file-safe name writes each run of other characters as one dash, and trims dashes and leading dots")
    func fileSafeNames() {
        #expect(Matrix.fileSafeName("a+-b") == "a-plus-b")
        #expect(Matrix.fileSafeName("-+a") == "plus-a")
        #expect(Matrix.fileSafeName("a+") == "a-plus")
        #expect(Matrix.fileSafeName("UIApplication@swiftui") == "UIApplication-swiftui")
        #expect(Matrix.fileSafeName("SubViewController -viewWillAppear:,viewDidAppear:") == "SubViewController-viewWillAppear-viewDidAppear")
        #expect(Matrix.fileSafeName(".. --") == "page")
    }
}
