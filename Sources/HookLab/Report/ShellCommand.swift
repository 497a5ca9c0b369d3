// Command lines a report prints for the reader to paste into a POSIX shell.

/// Command lines quoted for a POSIX shell: `hooklab explain` commands in notes, diffs, gate output and CLI messages.
public enum ShellCommand {
    /// An argument as a POSIX shell reads it back: unchanged when it is plain, else in single quotes.
    /// A method target (`SubViewController -viewWillAppear:`) holds a space, so it is quoted.
    public static func quoted(_ word: String) -> String {
        let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-+=:,./@%")
        if !word.isEmpty, word.allSatisfy({ plain.contains($0) }) { return word }
        return "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    /// A command line that can be pasted into a shell.
    public static func line(_ words: [String]) -> String { words.map(quoted).joined(separator: " ") }

    /// The `hooklab explain HOST A B --config C` command of a cell, pasteable.
    public static func explain(_ cell: Matrix.Cell) -> String {
        line(["hooklab", "explain", cell.host] + cell.order + ["--config", cell.config.rawValue])
    }
}
