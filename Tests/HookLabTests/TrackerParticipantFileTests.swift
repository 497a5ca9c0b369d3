// The tracker designs are participant files (Matrix/participants/tracker-*.hooklab), not Swift models. When they
// replaced the Swift models, a full `hooklab matrix` reproduced all 2280 cells involving them; the baseline gate
// keeps those cells since. LibraryModelsTests drive the same files' primitives by hand.
import Testing
@testable import HookLab
import UIKitModel

@Suite("Tracker participant files")
struct TrackerParticipantFileTests {
    @Test func theFilesDeclareTheTrackers() throws {
        let files = try Lab.packageParticipantFiles.get()
        // Besides the trackers, one method-hooking SDK (ParticipantFileTests runs it).
        #expect(files.filter { $0.methodHook != nil }.map(\.info.id) == ["hooker:exchange"])
        // The others are the app-level SDKs (gul, fcm, onesignal, rnfb…), none on the trackers' hosts, except Sensors
        // Data's older release lines (exchange, NSProxy, per-instance subclass: VersionParticipantTests) and Datadog's scroll-view proxy, on UIScrollView of the
        // iOS 9+ era only (`era ios9`).
        let ids = files.filter { $0.methodHook == nil && $0.info.id.hasPrefix("tracker") }.map(\.info.id)
        #expect(ids == ["tracker:forwarding", "tracker:isa", "tracker:proxy", "tracker:swizzle"])
        let appLevel = Set(HostKind.appLevel.map(\.name))
        // The mechanisms written in Swift (`model swift`: RxCocoa, IGListKit, the method hookers…) come first.
        let swift = files.prefix { $0.swiftModel != nil }
        #expect(swift.map(\.swiftModel) == SwiftModel.all.indices.map { $0 } && !files.dropFirst(swift.count).contains { $0.swiftModel != nil })
        let others = files.filter { $0.methodHook == nil && $0.swiftModel == nil && !$0.info.id.hasPrefix("tracker") && !$0.info.id.hasPrefix("sensors:") }
        // Each line with its scroll proxy, and that line's switch for it off (`no-uikit-actions`, the default).
        let scrollProxies = ["datadog", "datadog:3.8.0", "datadog:3.8.2", "datadog:3.8.3"].flatMap { [$0, "\($0):no-uikit-actions"] }
        #expect(others.filter { !scrollProxies.contains($0.info.id) }.allSatisfy { $0.info.hosts.allSatisfy(appLevel.contains) })
        // Datadog hooks UIScrollView's setter, which table and collection views reach through super (iOS 9 and later).
        #expect(others.filter { scrollProxies.contains($0.info.id) }.allSatisfy { $0.info.hosts.filter { !appLevel.contains($0) } == ["UIScrollView", "UITableView", "UICollectionView"] })
        // The trackers hook UIScrollView's setter alone among the scroll views, and the web views' own.
        for file in files where file.info.id.hasPrefix("tracker") { #expect(file.sdk.setterOn == ["UIScrollView", "UIWebView", "WKWebView"], "\(file.info.id)") }
        for id in ids { #expect(Lab.catalog.participant(id)?.family == "tracker") }
    }
}
