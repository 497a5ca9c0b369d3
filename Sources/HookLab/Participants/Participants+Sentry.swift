// Sentry network tracking (field guide a.3 "Sentry", c.18): SETIMP of `resume` and `setState:` on the URL-session task
// classes, never the session delegate. The participant-file language targets delegates and host events (`observe
// HOSTCLASS SEL`, `setimp` on `[delegate class]`) or method targets of the method-hook hosts; a hook on the host's
// task classes observing `resume` is neither, so it is Swift (the model is LibraryModels/SentryNetworkTracking.swift).
import ObjCModel
import UIKitModel
import LibraryModels

/// `sentry`: `attach sentry` is `SentrySDK.start` with the default options (enableSwizzling = true).
final class SentryParticipant: Participant {
    static let info: ParticipantInfo = {
        var info = ParticipantInfo(
            id: "sentry", family: "sentry",
            models: "Sentry (sentry-cocoa) network tracking: SETIMP of resume and setState: on the URL-session task classes, once per class and superclasses",
            hosts: ["NSURLSession"], hasLoad: false, hasAttach: true,
            basedOn: ["getsentry/sentry-cocoa Sources/Swift/Integrations/Performance/Network/SentryNetworkTrackingIntegration.swift:93-115 @c34c99b (swizzleURLSessionTasks: resume and setState:, .oncePerClassAndSuperclasses; session delegates not touched)",
                      "getsentry/sentry-cocoa Sources/Sentry/SentryNSURLSessionTaskSearch.m urlSessionTaskClassesToTrack (the classes whose setState: differs from their superclass's, from a probe data task)",
                      "getsentry/sentry-cocoa Sources/Sentry/SentrySwizzle.m (class_replaceMethod; the superclass's IMP at call time when the class did not own the method; SentrySwizzleModeOncePerClassAndSuperclasses)",
                      "Apple, -[NSURLSession dataTaskWithRequest:]: \"After you create the task, you must start it by calling its resume method\""],
            design: "SETIMP of resume and setState: on the task classes; the session delegate untouched",
            missedEvent: "Sentry never records the request: `ID` never sees its task's `resume` (for `SEL`).")
        info.actions = ["Set options.enableSwizzling = false in SentrySDK.start to turn off Sentry's URL-session task swizzles (getsentry/sentry-cocoa #8917)"]
        // versions-and-manifests: pods `Sentry`, `SentrySwiftUI` (CocoaPods dropped, last 9.19.1); SPM sentry-cocoa
        // products `Sentry`, `Sentry-Dynamic`, `SentrySwiftUI` (Package.swift:41-54); Carthage getsentry/sentry-cocoa.
        info.packages = [PackageDeclaration(.cocoapods, "Sentry"), PackageDeclaration(.cocoapods, "SentrySwiftUI"),
                         PackageDeclaration(.spm, "sentry-cocoa", "Sentry"), PackageDeclaration(.spm, "sentry-cocoa", "Sentry-Dynamic"),
                         PackageDeclaration(.spm, "sentry-cocoa", "SentrySwiftUI"), PackageDeclaration(.carthage, "getsentry/sentry-cocoa")]
        return info
    }()

    var info: ParticipantInfo { Self.info }
    var observer: String? { SentryNetworkTracking.observer }
    private var started = false

    func attach(_ world: World) throws {
        guard !started else { return }
        started = true
        try SentryNetworkTracking.start(world.rt)
    }

    /// It sees the `resume` of each task the app starts (its hook is on the task's class); the delegate callbacks
    /// it never hooks.
    func expectsToObserve(_ event: String, _ world: World) -> Bool { started && world.taskResumedByLastFire != nil }
    func journalEvent(for event: String) -> String { "resume" }
}

extension ParticipantKind {
    /// The URL-session task hookers.
    static let urlSessionTaskHookers: [ParticipantKind] = [ParticipantKind(info: SentryParticipant.info) { SentryParticipant() }]
}
