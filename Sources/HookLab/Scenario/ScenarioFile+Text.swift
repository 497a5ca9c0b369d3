// Scenario files as users write them: any line ending, a byte-order mark, tabs; unreadable files say why.
import Foundation

extension Scenario {
    /// The lines of a file's text: LF, CRLF and lone CR all end a line; a leading byte-order mark is dropped.
    ///
    /// Swift's `Character` treats "\r\n" as one grapheme, so lines are split on Unicode scalars.
    static func lines(of text: String) -> [Substring] {
        var scalars = Substring(text).unicodeScalars[...]
        if scalars.first == "\u{FEFF}" { scalars = scalars.dropFirst() }
        var lines: [Substring] = []
        var start = scalars.startIndex
        var i = start
        while i < scalars.endIndex {
            let c = scalars[i]
            if c == "\n" || c == "\r" {
                lines.append(Substring(scalars[start..<i]))
                var next = scalars.index(after: i)
                if c == "\r", next < scalars.endIndex, scalars[next] == "\n" { next = scalars.index(after: next) }
                start = next
                i = next
            } else {
                i = scalars.index(after: i)
            }
        }
        lines.append(Substring(scalars[start..<scalars.endIndex]))
        return lines
    }

    /// A line without its comment (from the first `#` on). An ASCII line (every generated one) is cut at the byte;
    /// another by Character, so a `#` carrying a combining mark is no comment sign, as before. Splitting every line by
    /// Character was most of reading a long file.
    static func content(of line: Substring) -> Substring {
        let bytes = line.utf8
        if let hash = bytes.firstIndex(of: UInt8(ascii: "#")), bytes.allSatisfy({ $0 < 0x80 }) { return line[..<hash] }
        if !bytes.contains(UInt8(ascii: "#")) { return line }
        return line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
    }

    /// The words of one line: separated by spaces, tabs and other horizontal white space.
    static func words<S: StringProtocol>(_ line: S) -> [String] {
        // ASCII lines (every generated one) split on bytes; others by Character, so a combining mark stays on its word.
        let bytes = Array(line.utf8)
        if bytes.allSatisfy({ $0 < 0x80 }) {
            return bytes.split(whereSeparator: { $0 == 0x20 || $0 == 0x09 || $0 == 0x0B || $0 == 0x0C || $0 == 0x0D })
                .map { String(decoding: $0, as: UTF8.self) }
        }
        let separators: Set<Character> = [" ", "\t", "\u{0B}", "\u{0C}", "\r", "\u{A0}"]
        return line.split(whereSeparator: { (c: Character) -> Bool in separators.contains(c) }).map { String($0) }
    }

    /// Longest token an error message echoes whole; the rest is cut with "…".
    static let echoLimit = 64

    /// A token as an error message shows it: at most ``echoLimit`` characters.
    static func clip(_ token: String) -> String {
        token.count <= echoLimit ? token : String(token.prefix(echoLimit)) + "… (\(token.utf8.count) bytes)"
    }

    /// Reads a scenario file's text, or says why it cannot: missing, a directory, no permission, not UTF-8 at byte N.
    /// - Parameters:
    ///   - url: Where the file is.
    ///   - file: The name as the user wrote it; the error starts with it.
    public static func readText(at url: URL, file: String) throws(ScenarioFileError) -> String {
        func fail(_ message: String) -> ScenarioFileError { ScenarioFileError(file: file, line: 1, message: message) }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw fail("cannot read: no such file")
        }
        if isDirectory.boolValue { throw fail("cannot read: it is a directory, not a scenario file") }
        guard FileManager.default.isReadableFile(atPath: url.path), let data = FileManager.default.contents(atPath: url.path) else {
            throw fail("cannot read: permission denied")
        }
        return try decodeUTF8(data, file: file)
    }

    /// The text of UTF-8 bytes, or an error naming the line and byte offset of the first invalid sequence.
    package static func decodeUTF8(_ data: Data, file: String) throws(ScenarioFileError) -> String {
        let bytes = [UInt8](data)
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = 0, line = 1
        var lastWasCR = false
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if scalar == "\n" { if !lastWasCR { line += 1 } } else if scalar == "\r" { line += 1 }
                lastWasCR = scalar == "\r"
                offset += UTF8.width(scalar)
            case .emptyInput:
                return String(decoding: bytes, as: UTF8.self)
            case .error:
                throw ScenarioFileError(file: file, line: line,
                    message: "cannot read: not UTF-8 at byte \(offset) (0x\(String(bytes[min(offset, bytes.count - 1)], radix: 16, uppercase: true))); save the file as UTF-8")
            }
        }
    }
}
