// The `.hooklab` format: parsing, printing, round trips and error lines.

import Foundation
import Testing
@testable import HookLab

@Suite("Scenario files")
struct ScenarioFileTests {
    let hosts = FakeCatalog.allHosts.map(\.name)

    func parse(_ text: String) throws(ScenarioFileError) -> Scenario {
        try Scenario.parse(text: text, file: "Matrix/scenarios/x.hooklab", participants: FakeCatalog.all, hosts: hosts)
    }

    @Test("Every verb, comment and blank line parses to the expected value")
    func parsesEveryLineKind() throws {
        let text = """
        # incident 1, in words
        host WebView
        config release   # as shipped

        load bridge:buggy
        attach bridge:buggy
        set-delegate app
        fire shouldStart:
        release app
        drain
        call app shouldStart:
        teardown
        expect danglingReference
        expect danglingMessage leak
        expect-ran first second
        """
        let scenario = try parse(text)
        #expect(scenario == Scenario(host: "WebView", config: .release, steps: [
            .load("bridge:buggy"), .attach("bridge:buggy"), .setDelegate("app"), .fire("shouldStart:"),
            .release("app"), .drain, .raw(keyword: "call", args: ["app", "shouldStart:"]), .teardown,
        ], expect: [.danglingReference, .danglingMessage, .leak], expectRan: ["first", "second"]))
    }

    @Test("Participant verbs split into family, verb and arguments")
    func parsesVerbs() throws {
        let scenario = try parse("host ListView\nconfig debug\nattach rx\nrx.subscribe didScroll: extra\nrx.delegate\n")
        #expect(scenario.steps == [.attach("rx"), .verb(family: "rx", verb: "subscribe", args: ["didScroll:", "extra"]),
                                   .verb(family: "rx", verb: "delegate", args: [])])
        #expect(scenario.expect.isEmpty)
        #expect(scenario.expectRan == nil)
    }

    @Test("fileText parses back to the same scenario, for every generated scenario")
    func roundTripsGeneratedScenarios() throws {
        var count = 0
        for cell in fakeGenerator.cells() {
            for var scenario in fakeGenerator.scenarios(for: cell) {
                scenario.expect = [.lostEvent, .leak]
                scenario.expectRan = count % 2 == 0 ? ["a", "b"] : nil
                let text = scenario.fileText
                #expect(try parse(text) == scenario, "\(text)")
                count += 1
            }
        }
        #expect(count > 100)
    }

    @Test("Extension and hand-written steps round-trip, including an empty expect-ran")
    func roundTripsExtensions() throws {
        let scenario = Scenario(host: "ListView", config: .debug, steps: [
            .raw(keyword: "class", args: ["VC", ":", "UIViewController"]), .raw(keyword: "object", args: ["vc", "VC"]),
            .verb(family: "rx", verb: "subscribe", args: ["didScroll:"]), .drain, .release("vc"), .teardown,
        ], expect: [.refused], expectRan: [])
        #expect(try parse(scenario.fileText) == scenario)
        #expect(scenario.fileText.hasSuffix("expect refused\nexpect-ran\n"))
    }

    @Test("Steps encode to JSON as their file lines and decode back")
    func stepsEncodeAsLines() throws {
        let scenario = Scenario(host: "WebView", config: .debug, steps: [.load("bridge:buggy"), .verb(family: "rx", verb: "subscribe", args: ["a:"]), .teardown])
        let data = try JSONEncoder().encode(scenario)
        #expect(String(decoding: data, as: UTF8.self).contains("\"rx.subscribe a:\""))
        #expect(try JSONDecoder().decode(Scenario.self, from: data) == scenario)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([Scenario.Step].self, from: Data("[\"fier x\"]".utf8)) }
    }

    struct BadFile: Sendable, CustomTestStringConvertible {
        var text: String
        var line: Int
        var fragments: [String]
        var testDescription: String { fragments[0] }
    }

    static let badFiles: [BadFile] = [
        BadFile(text: "host WebView\nconfig debug\nload bridge:buggy\n\n# comment\nattach bridge:buggy\nfier shouldStart:\n", line: 7,
                fragments: ["unknown verb 'fier'", "did you mean 'fire'?", "expected one of host, config, load, attach, set-delegate, assign-delegate, fire"]),
        BadFile(text: "host WebView\nconfig debug\nload tracker:proxi\n", line: 3,
                fragments: ["unknown participant 'tracker:proxi'", "did you mean 'tracker:proxy'?"]),
        BadFile(text: "# x\nhost WebVeiw\n", line: 2, fragments: ["unknown host 'WebVeiw'", "expected one of WebView, ListView"]),
        BadFile(text: "host ListView\nconfig debug\nload rx\n", line: 3, fragments: ["rx has no load-time hooks"]),
        BadFile(text: "host ListView\nconfig debug\nattach tracker:proxy\n", line: 3, fragments: ["tracker:proxy has no runtime attach"]),
        BadFile(text: "host WebView\nconfig debug\nfire a:\nexpect crash\n", line: 4, fragments: ["unknown finding kind 'crash'", "danglingMessage"]),
        BadFile(text: "config debug\nfire a:\n", line: 1, fragments: ["missing 'host' line"]),
        BadFile(text: "host WebView\nfire a:\n", line: 1, fragments: ["missing 'config' line"]),
        BadFile(text: "host WebView\nhost ListView\n", line: 2, fragments: ["'host' given twice; first at line 1"]),
        BadFile(text: "host WebView\nconfig debug\n\n\nattach rx\n", line: 5, fragments: ["rx does not support host WebView", "it supports ListView"]),
        BadFile(text: "host ListView\nconfig debug\nrx.subscrib a:\n", line: 3, fragments: ["unknown verb 'rx.subscrib'", "did you mean 'rx.subscribe'?"]),
        BadFile(text: "host ListView\nconfig debug\nfoo.bar\n", line: 3, fragments: ["unknown participant family 'foo'"]),
        BadFile(text: "host ListView\nconfig fast\n", line: 2, fragments: ["'config' takes debug or release"]),
        BadFile(text: "host ListView\nconfig debug\ndrain now\n", line: 3, fragments: ["'drain' takes no arguments"]),
        BadFile(text: "host ListView\nconfig debug\nfire\n", line: 3, fragments: ["'fire' takes one selector"]),
    ]

    @Test("Errors name the file, the line and what was expected", arguments: badFiles)
    func errorsNameTheLine(_ bad: BadFile) {
        do {
            _ = try parse(bad.text)
            Issue.record("parsed without error")
        } catch {
            #expect(error.file == "Matrix/scenarios/x.hooklab")
            #expect(error.line == bad.line)
            #expect(error.description.hasPrefix("Matrix/scenarios/x.hooklab:\(bad.line): "))
            for fragment in bad.fragments { #expect(error.message.contains(fragment), "\(error.message)") }
        }
    }

    @Test("Without a registry, any participant and host are accepted")
    func parsesWithoutRegistry() throws {
        let scenario = try Scenario.parse(text: "host Anything\nconfig debug\nload x:y\nz.w 1\n", file: "f")
        #expect(scenario.steps == [.load("x:y"), .verb(family: "z", verb: "w", args: ["1"])])
    }

    @Test("Expectations: kinds as a set, and the ran labels in order")
    func expectations() {
        let scenario = Scenario(host: "h", config: .debug, steps: [], expect: [.leak, .lostEvent])
        #expect(scenario.isMet(by: RunResult(findings: [Finding(kind: .lostEvent, message: "", step: 1), Finding(kind: .leak, message: "", step: 0)])))
        #expect(!scenario.isMet(by: RunResult(findings: [Finding(kind: .leak, message: "", step: 0)])))
        #expect(Scenario(host: "h", config: .debug, steps: []).isMet(by: RunResult()))
        #expect(!Scenario(host: "h", config: .debug, steps: []).isMet(by: RunResult(findings: [Finding(kind: .refused, message: "", step: 1)])))
        let ran = Scenario(host: "h", config: .debug, steps: [], expectRan: ["a", "b"])
        #expect(ran.isMet(by: RunResult(ran: ["a", "b"])))
        #expect(!ran.isMet(by: RunResult(ran: ["b", "a"])))
    }
}

@Suite("Suggestions")
struct SuggestionTests {
    @Test("Edit distance and the closest suggestion within two edits")
    func suggestions() {
        #expect(Scenario.editDistance("fier", "fire") == 2)
        #expect(Scenario.editDistance("", "abc") == 3)
        #expect(Scenario.editDistance("kitten", "sitting") == 3)
        #expect(Scenario.suggestion("laod", Scenario.fileVerbs) == "; did you mean 'load'?")
        #expect(Scenario.suggestion("zzzzzz", Scenario.fileVerbs) == "")
    }
}
