// The build tool behind Plugins/EmbedLabFilesPlugin: writes a Swift file holding the text of each given file.
// Usage: EmbedLabFiles OUTPUT.swift (--group NAME FILE...)...
import Foundation

/// A Swift string literal of `text`: every character that is not plain printable text is escaped, so any file
/// (quotes, backslashes, carriage returns, control characters) round-trips exactly.
func literal(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\\": out += "\\\\"
        case "\"": out += "\\\""
        case "\n": out += "\\n"
        case _ where scalar.value < 0x20 || scalar.value == 0x7F: out += "\\u{\(String(scalar.value, radix: 16))}"
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("EmbedLabFiles: \(message)\n".utf8))
    exit(1)
}

var arguments = Array(CommandLine.arguments.dropFirst())
guard !arguments.isEmpty else { fail("usage: EmbedLabFiles OUTPUT.swift (--group NAME FILE...)...") }
let output = arguments.removeFirst()
var groups: [(name: String, files: [String])] = []
while !arguments.isEmpty {
    let word = arguments.removeFirst()
    if word == "--group" {
        guard !arguments.isEmpty else { fail("--group needs a name") }
        groups.append((arguments.removeFirst(), []))
    } else {
        guard !groups.isEmpty else { fail("'\(word)' comes before any --group") }
        groups[groups.count - 1].files.append(word)
    }
}

var source = """
    // Generated at build time by Plugins/EmbedLabFilesPlugin from HookLab's own Matrix/ files. Do not edit; not checked in.

    /// HookLab's own data files, built into the module: (file name, text), each group sorted by file name.
    enum EmbeddedLabFiles {

    """
for group in groups {
    source += "    static let \(group.name): [(name: String, text: String)] = [\n"
    for path in group.files {
        guard let data = FileManager.default.contents(atPath: path) else { fail("cannot read \(path)") }
        guard let text = String(data: data, encoding: .utf8) else { fail("\(path) is not UTF-8 text") }
        source += "        (\(literal(URL(fileURLWithPath: path).lastPathComponent)), \(literal(text))),\n"
    }
    source += "    ]\n"
}
source += "}\n"
// Written only when it changes, so an unchanged set of files does not recompile the module.
if FileManager.default.contents(atPath: output) != Data(source.utf8) {
    do { try Data(source.utf8).write(to: URL(fileURLWithPath: output), options: .atomic) } catch { fail("cannot write \(output): \(error)") }
}
