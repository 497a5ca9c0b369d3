// GTMSessionFetcher: a URL-session *consumer* that hooks nothing (field guide a.3 "GTMSessionFetcher (victim)", c.20).
// When a fetcher begins, GTMSessionFetcherService asks `isKindOfClass:` of the session's delegate to decide whether it
// is a delegate dispatcher, and sends a dispatcher `setFetcher:forTask:`. No combination of participant-file lines
// expresses a consumer that questions the delegate, so it is Swift.
import ObjCModel
import UIKitModel

/// `gtm`: the app's session delegate stands for a GTMSessionFetcher that is its own session delegate (a fetcher
/// with a service whose session is not shared); `gtm.beginFetching` is the service's `fetcherDidBeginFetching:`.
final class GTMParticipant: Participant {
    static let info: ParticipantInfo = {
        var info = ParticipantInfo(
            id: "gtm", family: "gtm",
            models: "GTMSessionFetcher 3.x: GTMSessionFetcherService picks its delegate dispatcher with isKindOfClass: on session.delegate",
            hosts: ["NSURLSession"], hasLoad: false, hasAttach: true, verbs: ["gtm.beginFetching"],
            basedOn: ["google/gtm-session-fetcher Sources/Core/GTMSessionFetcherService.m:426-446 (delegateDispatcherForFetcher:), :471 (fetcherDidBeginFetching: sends setFetcher:forTask:)",
                      "newrelic/newrelic-ios-agent NRMAURLSessionTaskDelegateBase.m:17-86 (isKindOfClass: answers for realDelegate's class)",
                      "embrace-io/embrace-apple-sdk URLSessionCaptureService.swift:199-223 (GTMSessionFetcher delegates are not wrapped)"],
            design: "a session consumer that asks isKindOfClass: of session.delegate, then messages it")
        info.actions = ["Keep URL-session wrappers away from GTMSessionFetcher sessions (Embrace skips them), or use a wrapper whose isKindOfClass: answers for the wrapped delegate (New Relic)"]
        info.packages = [PackageDeclaration(.cocoapods, "GTMSessionFetcher"), PackageDeclaration(.cocoapods, "GTMSessionFetcher", "Core"),
                         PackageDeclaration(.spm, "gtm-session-fetcher")]
        return info
    }()

    var info: ParticipantInfo { Self.info }

    func attach(_ world: World) throws {}

    func perform(_ verb: String, _ args: [String], _ world: World) throws {
        guard verb == "beginFetching", args.isEmpty else { throw LabError("gtm has one verb: 'gtm.beginFetching'") }
        let rt = world.rt
        let session = try world.ensureHost()
        let delegate = try rt.send(session, world.delegateProperty)
        // MODEL: the app's delegate class stands for GTMSessionFetcher, the class the service compares with.
        guard let d = delegate.object, let fetcherClass = rt.objc_getClass(AppDelegateObject.className) else { return }
        if try rt.objc_msgSend(d, rt.s.isKindOfClass, [.object(rt.classObject(fetcherClass))]).boolValue {
            rt.noteFact("GTMSessionFetcherService finds no dispatcher when the session delegate is a GTMSessionFetcher (isKindOfClass:)",
                        source: "gtm-session-fetcher GTMSessionFetcherService.m:426-446")
            return
        }
        rt.noteFact("GTMSessionFetcherService takes a session delegate that is not isKindOfClass: GTMSessionFetcher for its dispatcher and sends it setFetcher:forTask:",
                    source: "gtm-session-fetcher GTMSessionFetcherService.m:426-446, :471")
        let fetcher = world.expectedReceiver.map(Value.object) ?? delegate
        _ = try rt.objc_msgSend(d, rt.sel("setFetcher:forTask:"), [fetcher, .string("task")])
    }
}

extension ParticipantKind {
    /// The URL-session consumers.
    static let urlSessionConsumers: [ParticipantKind] = [ParticipantKind(info: GTMParticipant.info) { GTMParticipant() }]
}
