// Substring search for the readers of an app's files and of HookLab's own pages, line by line. Neither library search
// suits a search per line: with Foundation imported, `contains(_:)` and `range(of:)` with a string argument resolve to
// Foundation's, which bridges the text to search it, and the standard library's `firstRange(of:)` compares Characters
// and builds a table for every call (`perf` over `swift test`: most of reading the app corpus's sources). The needles
// are code and Markdown, so their UTF-8 bytes are compared. Not generic: the debug build `swift test` runs would call a
// generic helper unspecialized from the other files.

enum TextSearch {
    /// The byte offset of the first occurrence of `needle` (not empty) in `haystack`.
    static func offset(of needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let first = needle.first, needle.count <= haystack.count else { return nil }
        var i = 0
        let last = haystack.count - needle.count
        while i <= last {
            if haystack[i] == first {
                var j = 1
                while j < needle.count, haystack[i + j] == needle[j] { j += 1 }
                if j == needle.count { return i }
            }
            i += 1
        }
        return nil
    }

    static func offset(of needle: String, inBytes haystack: UnsafeBufferPointer<UInt8>) -> Int? {
        var needle = needle
        return needle.withUTF8 { offset(of: $0, in: haystack) }
    }
}

extension String {
    /// Whether `other` (not empty) occurs in this text, by its UTF-8 bytes.
    func holds(_ other: String) -> Bool { self[...].holds(other) }

    /// The first range where `other` (not empty) occurs, by its UTF-8 bytes.
    func firstOccurrence(of other: String) -> Range<Index>? { self[...].firstOccurrence(of: other) }

    /// This text with every occurrence of `needle` (not empty), left to right and not overlapping, replaced by
    /// `replacement`: what Foundation's `replacingOccurrences(of:with:)` gives for the pages' ASCII placeholders, without
    /// bridging the whole text for each.
    func replacingEvery(_ needle: String, with replacement: String) -> String {
        var rest = self[...]
        guard var found = rest.firstOccurrence(of: needle) else { return self }
        var out = ""
        out.reserveCapacity(utf8.count)
        while true {
            out += rest[..<found.lowerBound]
            out += replacement
            rest = rest[found.upperBound...]
            guard let next = rest.firstOccurrence(of: needle) else { break }
            found = next
        }
        out += rest
        return out
    }
}

extension Substring {
    /// Whether `other` (not empty) occurs in this text, by its UTF-8 bytes.
    func holds(_ other: String) -> Bool { firstOccurrence(of: other) != nil }

    /// The first range where `other` (not empty) occurs, by its UTF-8 bytes.
    func firstOccurrence(of other: String) -> Range<Index>? {
        var text = self
        guard let offset = text.withUTF8({ TextSearch.offset(of: other, inBytes: $0) }) else { return nil }
        let start = utf8.index(utf8.startIndex, offsetBy: offset)
        return start..<utf8.index(start, offsetBy: other.utf8.count)
    }
}
