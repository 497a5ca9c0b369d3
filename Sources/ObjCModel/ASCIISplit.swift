// Splitting names at an ASCII separator, byte by byte: the models split journal details, owner lists and
// `Class#n` names inside every run, where Character-level `split(separator:)` (grapheme breaking) cost a tenth of a
// run on UIApplication (callgrind).

extension StringProtocol {
    /// The pieces between occurrences of the ASCII byte `separator`, empty ones left out: `split(separator:)` for the
    /// names the models build (selectors, class and SDK names), which no combining mark follows.
    @inlinable
    public func splitASCII(_ separator: Unicode.Scalar) -> [SubSequence] {
        precondition(separator.isASCII, "splitASCII takes an ASCII separator")
        let byte = UInt8(separator.value)
        var pieces: [SubSequence] = []
        let bytes = utf8
        var start = bytes.startIndex
        var i = start
        while i != bytes.endIndex {
            if bytes[i] == byte {
                if start != i { pieces.append(self[start..<i]) }
                start = bytes.index(after: i)
            }
            i = bytes.index(after: i)
        }
        if start != bytes.endIndex { pieces.append(self[start..<bytes.endIndex]) }
        return pieces
    }
}
