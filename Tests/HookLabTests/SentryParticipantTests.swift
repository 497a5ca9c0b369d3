// `sentry` on the NSURLSession host: its task hooks see the resume of the task the app starts before the first
// task callback, and leave the delegate's events alone.
import Testing
import ObjCModel
@testable import HookLab

@Suite("Sentry participant")
struct SentryParticipantTests {
    func result(_ text: String) throws -> RunResult {
        let catalog = Lab.catalog
        let scenario = try Scenario.parse(text: text, file: "s", participants: catalog.participants, hosts: catalog.hosts.map(\.name))
        return catalog.makeRunner().run(scenario)
    }

    static let scenario = """
        host NSURLSession
        config release
        attach sentry
        set-delegate app
        fire URLSession:dataTask:didReceiveResponse:completionHandler:
        fire URLSession:dataTask:didReceiveData:
        fire URLSession:task:didCompleteWithError:
        invalidate-session
        teardown
        """

    @Test("Alone it is clean: its resume hook runs once (first task event), the app's delegate gets every event")
    func alone() throws {
        let r = try result(Self.scenario)
        #expect(r.findings.isEmpty, "\(r.findings)")
    }

    @Test("Started after a session's task was resumed, it expects nothing of that session; a new session's task resumes through its hook")
    func expectsResume() throws {
        // Started after the first task event: the generator never places it there; a scenario can.
        let late = Self.scenario.replacingOccurrences(of: "attach sentry\n", with: "")
            .replacingOccurrences(of: "fire URLSession:dataTask:didReceiveData:", with: "attach sentry\nset-delegate app2\nfire URLSession:dataTask:didReceiveData:")
        let r = try result(late)
        #expect(r.findings.isEmpty, "a new session's task is resumed through the hook: \(r.findings)")
    }

    static let head = "participant a\nstart runtime\n"

    @Test("Mistakes in task-classes files name their line", arguments: [
        (head + "task-classes resume\n", 3, "expected 'task-classes setimp SEL"),
        (head + "task-classes setimp resme\n", 3, "unknown task method 'resme'"),
        (head + "task-classes setimp resume resume\n", 3, "listed twice"),
        (head + "task-classes setimp setState:\n", 3, "needs 'resume'"),
        ("participant a\ntask-classes setimp resume\n", 2, "add 'start runtime'"),
        (head + "observe NSURLSession URLSession:task:didCompleteWithError:\ntask-classes setimp resume\n", 4, "takes no observe"),
        (head + "task-classes setimp resume\ncite kvo-slot P.m:1\n", 4, "a 'task-classes' participant's facts are task-classes-search"),
        // A switch of a task-class hook was accepted and silently made no variant.
        (head + "task-classes setimp resume\nsetting off off \"X = NO\" S.m:1\n", 4, "a 'task-classes' participant cannot declare one yet"),
        ("participant a\nstart runtime\nobserve UNUserNotificationCenter userNotificationCenter:willPresentNotification:withCompletionHandler:\nsetter none\nsetimp keyed class\ncite task-classes-once P.m:1\n", 6, "only 'task-classes setimp SEL…' notes"),
    ])
    func errors(_ text: String, _ line: Int, _ message: String) {
        expectParticipantFileError(text, line: line, message)
    }

    @Test("A task-classes file parses to an NSURLSession participant that starts at runtime")
    func parses() throws {
        let f = try ParticipantFile.parse(text: Self.head + "task-classes setimp resume setState:\n", file: "p.hooklab")
        #expect(f.taskClassHook?.selectors == ["resume", "setState:"])
        #expect(f.info.hosts == ["NSURLSession"] && f.info.hasAttach && !f.info.hasLoad)
        // Its facts cite its own lines: a cite, else its based-on lines.
        let cited = try ParticipantFile.parse(text: Self.head + "based-on T.m\ncite task-classes-once T.m:9\ntask-classes setimp resume\n", file: "p.hooklab")
        #expect(cited.taskClassHook?.source(of: .taskClassesOnce) == "T.m:9" && cited.taskClassHook?.source(of: .taskClassesSearch) == "T.m")
    }

    @Test("Catalogue: id, host, packages and the enableSwizzling action; the scan maps Sentry to it")
    func catalogue() throws {
        let info = try #require(Lab.catalog.participant("sentry"))
        #expect(info.hosts == ["NSURLSession"] && info.hasAttach && !info.hasLoad)
        #expect(info.actions?.contains { $0.contains("enableSwizzling = false") } == true)
        #expect(info.packages.contains { $0.name == "Sentry" } && info.packages.contains { $0.component == "Sentry-Dynamic" })
    }

    @Test("Its observer expects the resume: a resume on the concrete class that never reaches NSURLSessionTask's is a lostEvent for sentry")
    func lostResume() throws {
        let catalog = ModelCatalog(participants: [ParticipantKind(info: NoSuperResume.info) { NoSuperResume() }])
        let text = Self.scenario.replacingOccurrences(of: "attach sentry\n", with: "attach sentry\nattach nosuper\n")
        let scenario = try Scenario.parse(text: text, file: "s", participants: catalog.participants, hosts: catalog.hosts.map(\.name))
        let result = catalog.makeRunner().run(scenario)
        let findings = result.findings
        #expect(findings.contains { $0.kind == .lostEvent && $0.message.contains("sentry") && $0.message.contains("resume") }, "\(findings)")
        // The facts name the participant and cite sentry.hooklab's lines.
        let replace = try #require(Lab.packageParticipantFiles.get().first { $0.info.id == "sentry" }?.taskClassHook?.source(of: .taskClassesReplace))
        #expect(result.basedOn.contains { $0.claim.hasPrefix("sentry replaces -[NSURLSessionTask resume]") && $0.source == replace }, "\(result.basedOn)")
        // Only the first task event resumes a task; the app's delegate still gets every event.
        #expect(findings.count == 1, "\(findings)")
    }
}

/// Test-only: the concrete task class gets its own `resume` that never calls super (the shape Sentry's task search
/// comment describes for iOS 10-13's intermediate classes: "does not call [super resume]").
final class NoSuperResume: Participant {
    static let info = ParticipantInfo(id: "nosuper", family: "nosuper", models: "a resume that never calls super",
                                      hosts: ["NSURLSession"], hasLoad: false, hasAttach: true)
    var info: ParticipantInfo { Self.info }
    func attach(_ world: World) throws {
        let rt = world.rt
        guard let cls = rt.objc_getClass("__NSCFLocalDataTask") else { return }
        rt.addMethod(cls, "resume", types: "v@:") { rt, o, _, _ in
            try rt.object_setIvar(o, "_state", .int(0), .value)
            return .none
        }
    }
}
