// Errors in the lab's input files (scenario files, the baseline), named by file and line.

/// A problem in an input file: the file, the 1-based line, and what was expected there.
///
/// Its description reads like a compiler diagnostic:
/// `Matrix/scenarios/x.hooklab:7: unknown verb 'fier'; did you mean 'fire'? expected one of host, config, …`.
public struct InputFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file as the user named it.
    public var file: String
    /// The 1-based line number.
    public var line: Int
    /// What is wrong and what was expected.
    public var message: String

    public init(file: String, line: Int, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String { "\(file):\(line): \(message)" }
}

/// A problem in a `.hooklab` scenario file.
public typealias ScenarioFileError = InputFileError
/// A problem in a baseline file (`Matrix/baseline.json`, or a file of `Matrix/baseline/`).
public typealias BaselineError = InputFileError
