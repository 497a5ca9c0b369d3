// Scenario files as users write them, through `hooklab run` with the real lab: line endings, BOM, tabs, unreadable
// files, every input mistake as exit 2 with file:line, several files per run.

import Foundation
import Testing
@testable import HookLab
@testable import HookLabCLI

@Suite("Scenario input")
struct ScenarioInputTests {
    /// Removed with the suite instance, when the test is done.
    let temporary = TemporaryDirectory()
    var directory: URL { temporary.url }

    func write(_ bytes: [UInt8], _ name: String) -> String {
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: directory.appendingPathComponent(name).path, contents: Data(bytes))
        return name
    }

    func write(_ text: String, _ name: String) -> String { write(Array(text.utf8), name) }

    func run(_ arguments: String...) -> (code: Int32, out: String, err: String) {
        var out = "", err = ""
        let cli = CLI(root: directory, standardOutput: { out += $0 }, standardError: { err += $0 })
        return (cli.main(arguments: Array(arguments)), out, err)
    }

    static let lostEvent = "host UITableView\nconfig release\nattach rx\nrx.subscribe tableView:didSelectRowAtIndexPath:\nassign-delegate app\nfire tableView:didSelectRowAtIndexPath:\nexpect lostEvent\n"

    @Test("CRLF, CR, a byte-order mark and tabs parse like LF")
    func lineEndings() {
        let variants = [
            Self.lostEvent,
            Self.lostEvent.replacingOccurrences(of: "\n", with: "\r\n"),
            Self.lostEvent.replacingOccurrences(of: "\n", with: "\r"),
            "\u{FEFF}" + Self.lostEvent.replacingOccurrences(of: " ", with: "\t"),
        ]
        for (i, text) in variants.enumerated() {
            let r = run("run", write(text, "v\(i).hooklab"))
            #expect(r.code == 0, "\(i): \(r.err)\(r.out)")
            #expect(r.out.contains("as expected"))
        }
        let crlfError = run("run", write("host UITableView\r\nconfig release\r\nfier x\r\n", "e.hooklab"))
        #expect(crlfError.code == 2 && crlfError.err.contains("e.hooklab:3: unknown verb 'fier'") && !crlfError.err.contains("\r"))
    }

    @Test("Unreadable files say why: not UTF-8 at byte N, a directory, no such file")
    func unreadable() throws {
        let notUTF8 = run("run", write(Array("host UITableView\nconfig release\n".utf8) + [0xC3, 0x28], "bad.hooklab"))
        #expect(notUTF8.code == 2 && notUTF8.err.contains("bad.hooklab:3: cannot read: not UTF-8 at byte 32 (0xC3)"), "\(notUTF8.err)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("d.hooklab"), withIntermediateDirectories: true)
        #expect(run("run", "d.hooklab").err.contains("d.hooklab:1: cannot read: it is a directory"))
        #expect(run("run", "none.hooklab").err.contains("none.hooklab:1: cannot read: no such file"))
    }

    @Test("A multi-megabyte word is cut in the message and skipped by the suggestion search")
    func longWords() {
        let word = String(repeating: "fire", count: 500_000)
        let r = run("run", write("host UITableView\nconfig release\n\(word) x\n", "long.hooklab"))
        #expect(r.code == 2 && r.err.contains("long.hooklab:3: unknown verb 'firefire"))
        #expect(r.err.utf8.count < 1_000 && r.err.contains("… (2000000 bytes)"))
        #expect(Scenario.suggestion(word, Scenario.fileVerbs) == "")
    }

    struct Mistake: Sendable, CustomTestStringConvertible {
        var text: String
        var line: Int
        var fragment: String
        var testDescription: String { fragment }
    }

    static let vc = "host ViewController -viewWillAppear:\nconfig release\nclass ViewController : UIViewController viewWillAppear:\nobject vc ViewController\n"
    static let mistakes: [Mistake] = [
        Mistake(text: "host UITableView\nconfig release\nset-delegate app\nfire tableView:didSelectRow:\n", line: 4,
                fragment: "UITableView does not fire 'tableView:didSelectRow:'"),
        Mistake(text: "host UIWebView\nconfig release\nset-delegate app\nrelease bob\n", line: 4, fragment: "no app object called bob"),
        Mistake(text: "host UITableView\nconfig release\nrx.subscribe\n", line: 3, fragment: "rx.subscribe needs a rx participant"),
        Mistake(text: "host UITableView\nconfig release\nclass A : NSObject\n", line: 3, fragment: "'class' lines need a method-hook target"),
        Mistake(text: vc + "call vc2 viewWillAppear:\n", line: 5, fragment: "no object or class called vc2"),
        Mistake(text: vc + "aspects.hook Foo viewWillAppear: before\n", line: 5, fragment: "no object or class called Foo"),
        Mistake(text: vc + "class ViewController : UIViewController\n", line: 5, fragment: "class ViewController is declared twice"),
        Mistake(text: vc + "class NSObject : NSObject\n", line: 5, fragment: "class NSObject exists on every method target"),
        Mistake(text: vc + "class UIViewController : NSObject viewWillAppear:\n", line: 5, fragment: "class UIViewController exists on every method target"),
        Mistake(text: vc + "class A : Missing\n", line: 5, fragment: "no class called Missing"),
        Mistake(text: vc + "aspects.hook vc viewWillAppear: before\naspects.remove 0\n", line: 6, fragment: "aspects.remove 0: expected a number from 1 to 1"),
        Mistake(text: vc + "aspects.hook vc viewWillAppear: before\naspects.remove -3\n", line: 6, fragment: "aspects.remove -3"),
        Mistake(text: vc + "aspects.hook vc viewWillAppear: before\naspects.remove 2\n", line: 6, fragment: "aspects.remove 2"),
        Mistake(text: vc + "swizzle.exchange ViewController viewWillAppear: prefix\n", line: 5, fragment: "prefix takes a name"),
        Mistake(text: vc + "set-delegate app\n", line: 5, fragment: "is a delegate-host step"),
        Mistake(text: vc + "kvo.observe vc\n", line: 5, fragment: "'kvo.observe' takes OBJECT KEY"),
        // Named like the class KVO made a line earlier: found only at run time, still bad input at its line.
        Mistake(text: vc + "kvo.observe vc title\nclass NSKVONotifying_ViewController : ViewController\n", line: 6,
                fragment: "class NSKVONotifying_ViewController already exists"),
    ]

    @Test("Every input mistake exits 2 with file:line and one line, and runs nothing", arguments: mistakes)
    func mistakeExitsTwo(_ mistake: Mistake) {
        let r = run("run", write(mistake.text, "m.hooklab"))
        #expect(r.code == 2)
        #expect(r.out.isEmpty)
        #expect(r.err.hasPrefix("hooklab run: m.hooklab:\(mistake.line): "), "\(r.err)")
        #expect(r.err.contains(mistake.fragment), "\(r.err)")
        #expect(r.err.filter { $0 == "\n" }.count == 1, "\(r.err)")
    }

    @Test("A step the lab cannot run at run time is bad input too, at its line")
    func unrunnableAtRunTime() {
        // Valid to the checks, but jsbridge:plain has no such verb argument count at run time.
        let r = run("run", write("host UIWebView\nconfig release\nattach jsbridge:plain\n\njsbridge.setWebViewDelegate a b\n", "u.hooklab"))
        #expect(r.code == 2 && r.err.hasPrefix("hooklab run: u.hooklab:5: cannot run `jsbridge.setWebViewDelegate a b`"), "\(r.err)")
    }

    @Test("Every generated scenario passes the input checks: the generator never writes bad input")
    func generatedScenariosAreValid() throws {
        let catalog = Lab.catalog
        // Made once: the catalog makes each list anew when asked.
        let hosts = catalog.hosts, participants = catalog.participants
        let generator = ScenarioGenerator(hosts: hosts, participants: participants)
        var count = 0
        for cell in generator.cells(lengths: [2]) where cell.config == .release {
            for scenario in generator.scenarios(for: cell) {
                try scenario.validate(file: cell.host, lines: [], hosts: hosts, participants: participants)
                count += 1
            }
        }
        #expect(count > 2_000, "\(count)")
    }

    @Test("Several files: one line each, a summary, and the worst status")
    func severalFiles() {
        let ok = write(Self.lostEvent, "ok.hooklab")
        let unmet = write("host UITableView\nconfig release\nset-delegate app\nfire tableView:didSelectRowAtIndexPath:\nexpect leak\n", "unmet.hooklab")
        let bad = write("host UITableView\nconfig release\nlaod rx\n", "bad.hooklab")
        let two = run("run", ok, unmet)
        #expect(two.code == 1)
        #expect(two.out == "ok.hooklab: 🕳️ broken, lostEvent\nunmet.hooklab: ✅ ok, no finding; NOT as expected (expected leak)\n2 files: 1 as expected, 1 not as expected, 0 bad input\n")
        let three = run("run", ok, bad, unmet)
        #expect(three.code == 2)
        #expect(three.out.contains("bad.hooklab:3: unknown verb 'laod'") && three.out.hasSuffix("3 files: 1 as expected, 1 not as expected, 1 bad input\n"))
        #expect(run("run", ok, ok).code == 0)
    }
}
