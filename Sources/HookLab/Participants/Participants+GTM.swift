// GTMSessionFetcher's mechanism: a URL-session *consumer* that hooks nothing (field guide a.3 "GTMSessionFetcher (victim)", c.20).
// When a fetcher begins, GTMSessionFetcherService asks `isKindOfClass:` of the session's delegate to decide whether it
// is a delegate dispatcher, and sends a dispatcher `setFetcher:forTask:`. No combination of participant-file lines
// expresses a consumer that questions the delegate, so it is Swift.
import ObjCModel
import UIKitModel

/// `gtm`: the app's session delegate stands for a GTMSessionFetcher that is its own session delegate (a fetcher
/// with a service whose session is not shared); `gtm.beginFetching` is the service's `fetcherDidBeginFetching:`.
final class GTMParticipant: Participant {
    let info: ParticipantInfo
    init(_ info: ParticipantInfo) { self.info = info }
    func snapshot() -> Participant? { GTMParticipant(info) }
    static let mechanism: ParticipantInfo = {
        var info = ParticipantInfo.mechanism(id: "gtm", family: "gtm", hosts: ["NSURLSession"], hasLoad: false, hasAttach: true,
                                             verbs: ["gtm.beginFetching"])
        info.ownSession = true
        return info
    }()

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
                        source: "google/gtm-session-fetcher Sources/Core/GTMSessionFetcherService.m:432-452 @v3.5.0 (delegateDispatcherForFetcher:)")
            return
        }
        rt.noteFact("GTMSessionFetcherService takes a session delegate that is not isKindOfClass: GTMSessionFetcher for its dispatcher and sends it setFetcher:forTask:",
                    source: "google/gtm-session-fetcher Sources/Core/GTMSessionFetcherService.m:432-452, :477 @v3.5.0 (delegateDispatcherForFetcher:, fetcherDidBeginFetching:)")
        let fetcher = world.expectedReceiver.map(Value.object) ?? delegate
        _ = try rt.objc_msgSend(d, rt.sel("setFetcher:forTask:"), [fetcher, .string("task")])
    }
}
