// The `task-classes` line: SETIMP on the URL-session *task* classes instead of the session delegate (Sentry's
// `swizzleURLSessionTasks`, SentryNetworkTrackingIntegration.swift:93-115 @c34c99b; the class search AFNetworking's,
// shared by New Relic's NRMAURLSessionTaskSearch). Its hooks see the `resume` of each task the app starts.
import ObjCModel
import UIKitModel
import LibraryModels

/// A declared task-class hook: which task methods it replaces.
public struct DeclaredTaskClassHook: Hashable, Sendable {
    /// The task methods replaced on each class found (`resume`, `setState:`).
    public var selectors: [String]
    /// Where its SDK's code does what each task-class fact says (`cite task-classes-… SOURCE`).
    public var citations: [DeclaredSDK.Citation] = []
    /// Its `based-on` sources: what a fact with no citation cites.
    public var basedOn: [String] = []

    /// The source of one of its facts: its citation, else its `based-on` lines.
    public func source(of fact: DeclaredSDK.MechanismFact) -> String {
        DeclaredSDK.source(of: fact, citations: citations, basedOn: basedOn)
    }
}

extension ParticipantFile {
    static let taskClassesForm = "'task-classes setimp SEL…' with SEL among resume, setState:"
    /// The task methods the NSURLSession host's task classes have that an SDK may replace.
    static let taskSelectors = ["resume", "setState:"]

    /// `task-classes setimp resume setState:`.
    static func taskClasses(_ args: [String]) throws(VersionRangeError) -> DeclaredTaskClassHook {
        guard args.first == "setimp", args.count >= 2 else { throw VersionRangeError("expected \(taskClassesForm)") }
        var selectors: [String] = []
        for sel in args.dropFirst() {
            guard taskSelectors.contains(sel) else {
                throw VersionRangeError("unknown task method '\(sel)'\(Scenario.suggestion(sel, taskSelectors)); expected \(taskClassesForm)")
            }
            guard !selectors.contains(sel) else { throw VersionRangeError("'\(sel)' is listed twice") }
            selectors.append(sel)
        }
        return DeclaredTaskClassHook(selectors: selectors)
    }

    /// The file of a task-class hooker: it runs on `NSURLSession` from a start call, with none of the delegate lines.
    static func taskClassFile(_ hook: DeclaredTaskClassHook, line: Int, name: String, family: String, start: DeclaredSDK.Start?,
                              delegateLines: Bool, info: ParticipantInfo, file: String) throws(InputFileError) -> ParticipantFile {
        guard !delegateLines else {
            throw InputFileError(file: file, line: line, message: "a 'task-classes' participant hooks the session's task classes, not its delegate; it takes no observe, setter, hook or delegate handling line")
        }
        guard start == .runtime else {
            throw InputFileError(file: file, line: line, message: "'task-classes' installs at the SDK's start call: add 'start runtime'")
        }
        guard hook.selectors.contains("resume") else {
            throw InputFileError(file: file, line: line, message: "'task-classes' needs 'resume': the task message the app sends, which its observer expects")
        }
        var info = info
        info.hosts = [HostKind.urlSession.name]
        info.hasLoad = false
        info.hasAttach = true
        info.canStartLate = false
        let placeholder = DeclaredSDK(id: name, observer: family, start: .runtime, observes: [], setterHook: .replace,
                                      callsOriginal: true, resetsDelegate: false, prefix: "sdk_", category: "SDK",
                                      handling: .swizzleClass(addMissing: false))
        var parsed = ParticipantFile(sdk: placeholder, info: info, file: file)
        parsed.taskClassHook = hook
        return parsed
    }
}

/// A participant declared with `task-classes`: at its start call it SETIMPs the task methods on the classes the search
/// finds (URLSessionTaskSwizzle), and its observer expects the `resume` of each task the app starts after that.
final class TaskClassParticipant: Participant {
    let info: ParticipantInfo
    let hook: DeclaredTaskClassHook
    private var started = false

    init(_ info: ParticipantInfo, _ hook: DeclaredTaskClassHook) {
        self.info = info
        self.hook = hook
    }

    var observer: String? { info.family }

    /// Its hooks keep their original IMPs in objects filled in the step that made them, never changed after.
    func snapshot() -> Participant? {
        let copy = TaskClassParticipant(info, hook)
        copy.started = started
        return copy
    }

    func attach(_ world: World) throws {
        guard !started else { return }
        started = true
        try URLSessionTaskSwizzle.start(world.rt, selectors: hook.selectors, owner: info.family, source: hook.source(of:))
    }

    /// The app resumed a task in this step (before the session's first task callback): its `resume` hook sees it.
    func expectsToObserve(_ event: String, _ world: World) -> Bool { started && world.taskResumedByLastFire != nil }
    func journalEvent(for event: String) -> String { "resume" }
}
