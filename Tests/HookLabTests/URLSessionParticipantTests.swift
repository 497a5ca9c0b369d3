// The URL-session participants (field guide a.3, c.5, c.16-c.20) and the file lines they added: `isa-object`.

import Testing
@testable import HookLab

@Suite("URL-session participant files")
struct URLSessionParticipantTests {
    func file(_ text: String) throws(InputFileError) -> ParticipantFile { try ParticipantFile.parse(text: text, file: "p.hooklab") }

    func run(_ text: String, with files: [ParticipantFile] = []) throws -> [Finding] {
        let catalog = ModelCatalog(participants: files.map(\.kind))
        let scenario = try Scenario.parse(text: text, file: "s", participants: catalog.participants, hosts: catalog.hosts.map(\.name))
        return catalog.makeRunner().run(scenario).findings
    }

    static let head = "participant a\nstart runtime\nobserve NSURLSession URLSession:task:didCompleteWithError:\nsetter factory\n"

    @Test("Mistakes in isa-object lines name their line", arguments: [
        (head + "setimp keyed class\nisa-object prefix fir_ proxies sometimes\n", 6, "unknown proxies treatment"),
        (head + "setimp keyed class\nisa-object prefx fir_\n", 6, "unknown isa-object option"),
        (head + "setimp keyed class\nisa-object copy\n", 6, "'copy' needs the selectors"),
        (head + "setimp keyed class\nisa-object prefix 9x\n", 6, "must be an Objective-C identifier"),
        (head + "setimp keyed class\nisa-object copy URLSession:task:didCompleteWithEror:\n", 6, "is not an event of NSURLSession"),
        (head + "isa-object copy URLSession:task:didCompleteWithError:\nwrap nsobject\n", 5, "not with wrap"),
    ])
    func errors(_ text: String, _ line: Int, _ message: String) {
        expectParticipantFileError(text, line: line, message)
    }

    @Test("fpr, fpr:12.13 and fpr:11 parse with their object ISA; the writer gives the same mechanism back; their package ranges are disjoint")
    func firebasePerformanceFiles() throws {
        let byId = Dictionary(uniqueKeysWithValues: Lab.catalog.participants.map { ($0.id, $0) })
        for (id, proxies) in [("fpr", "ivars"), ("fpr:12.13", "stated-ivars"), ("fpr:11", "isa")] {
            let info = try #require(byId[id])
            #expect(info.hosts == ["NSURLSession"])
            #expect(info.actions?.isEmpty == false && info.packages.count == 4, "\(id)")
            let text = try #require(try Lab.packageParticipantFiles.get().first { $0.info.id == id }).sdk
            #expect(text.objectIsa?.proxies.rawValue == proxies && text.objectIsa?.marker == "gul_class")
            let written = ParticipantFile.text(for: text)
            #expect(written.contains("isa-object prefix fir_ marker gul_class proxies \(proxies) copy "), "\(written)")
            // The writer names no trigger (`setter factory` is the file's); the object ISA comes back unchanged.
            #expect(try file(written).sdk.objectIsa == text.objectIsa)
        }
        // Each release line holds its own versions only: 12.12.1 → fpr:11, 12.13.0 and 12.15.0 → fpr:12.13, 12.16.0 → fpr.
        for (version, owner) in [("12.12.1", "fpr:11"), ("12.13.0", "fpr:12.13"), ("12.15.0", "fpr:12.13"), ("12.16.0", "fpr")] {
            let v = try #require(PackageVersion(version))
            for id in ["fpr", "fpr:12.13", "fpr:11"] {
                let ranges = byId[id]!.packages.filter { $0.name == "FirebasePerformance" }
                #expect(!ranges.isEmpty && ranges.allSatisfy { $0.versions.contains(v) == (id == owner) }, "\(version) \(id)")
            }
        }
    }

    /// An NSProxy that holds the delegate weakly, forwards `-class` and forwards what it does not implement (firebase
    /// #16254's Pangle PAGWeakProxy, as the guide's c.21 describes it), made at the session factory.
    static let weakProxy = """
        participant pxy
        start runtime
        observe NSURLSession URLSession:dataTask:didReceiveResponse:completionHandler:
        setter factory
        wrap nsproxy class PAGWeakProxy target weak forward invocation responds target class-of target
        """

    static let session = """
        host NSURLSession
        config release
        attach FPR
        attach pxy
        set-delegate app
        fire URLSession:dataTask:didReceiveResponse:completionHandler:
        fire URLSession:dataTask:didReceiveData:
        fire URLSession:task:didCompleteWithError:
        teardown
        """

    @Test("An NSProxy delegate: fpr:11 isa-swizzles the proxy and its respondsToSelector: donor drops what the proxy forwards; fpr instruments the proxy's ivar instead")
    func proxyDelegate() throws {
        let proxy = try file(Self.weakProxy)
        let old = try run(Self.session.replacingOccurrences(of: "FPR", with: "fpr:11"), with: [proxy])
        // FPRSwizzledObject.m:28-41: the generated class answers; PAGWeakProxy only forwards didReceiveData and didComplete.
        for event in ["URLSession:dataTask:didReceiveData:", "URLSession:task:didCompleteWithError:"] {
            #expect(old.contains { $0.kind == .lostEvent && $0.message.contains("AppDelegate") && $0.message.contains(event) }, "\(old)")
        }
        let current = try run(Self.session.replacingOccurrences(of: "FPR", with: "fpr"), with: [proxy])
        #expect(current.isEmpty, "\(current)")
    }

    @Test("fpr:12.13 lists the ivars of [proxy class]: a proxy that forwards -class makes objc4 fault in _class_lookUpIvar; one that does not, and fpr, pass")
    func statedClassIvars() throws {
        let proxy = try file(Self.weakProxy)
        let crash = try run(Self.session.replacingOccurrences(of: "FPR", with: "fpr:12.13"), with: [proxy])
        #expect(crash.map(\.kind) == [.badAccess] && crash[0].step == 3, "\(crash)")
        #expect(crash[0].message.contains("_class_lookUpIvar") && crash[0].message.contains("PAGWeakProxy"), "\(crash)")
        // Without `class-of target`, [proxy class] is the proxy's own class: its target ivar is read and instrumented.
        let plain = try file(Self.weakProxy.replacingOccurrences(of: " class-of target", with: ""))
        let found = try run(Self.session.replacingOccurrences(of: "FPR", with: "fpr:12.13"), with: [plain])
        #expect(found.isEmpty, "\(found)")
        // The same proxy under the 12.16 reading (object_getClass): no fault.
        #expect(try run(Self.session.replacingOccurrences(of: "FPR", with: "fpr"), with: [proxy]).isEmpty)
    }

    @Test("setter own-session: pangle wraps the delegate before the session factory, so fpr:12.13 faults in either install order, and not when the session predates pangle's start")
    func ownSession() throws {
        let session = """
            host NSURLSession
            config release
            attach A
            attach B
            set-delegate app
            fire URLSession:task:didCompleteWithError:
            """
        for (a, b) in [("fpr:12.13", "pangle"), ("pangle", "fpr:12.13")] {
            let found = try run(session.replacingOccurrences(of: "A", with: a).replacingOccurrences(of: "B", with: b),
                                with: try Lab.packageParticipantFiles.get())
            #expect(found.map(\.kind) == [.badAccess], "\(a) \(b): \(found)")
        }
        // Pangle's session exists only once Pangle has started: a session made before its start is not wrapped.
        let before = try run("host NSURLSession\nconfig release\nattach fpr:12.13\nset-delegate app\nattach pangle\nfire URLSession:task:didCompleteWithError:\n",
                             with: try Lab.packageParticipantFiles.get())
        #expect(!before.contains { $0.kind == .badAccess }, "\(before)")
    }

    @Test("Mistakes in setter own-session name their line", arguments: [
        ("participant a\nstart runtime\nobserve NSURLSession\nsetter own-session\nsetimp keyed class\n", 4, "goes with 'wrap'"),
        ("participant a\nstart runtime\nobserve NSURLSession\nsetter own-session\nwrap nsproxy keep retain host k\n", 4, "no 'keep'"),
        ("participant a\nstart runtime\nobserve UIScrollView\nsetter own-session\nwrap nsproxy\n", 4, "'observe NSURLSession' alone"),
    ])
    func ownSessionErrors(_ text: String, _ line: Int, _ message: String) {
        expectParticipantFileError(text, line: line, message)
    }

    @Test("Two libraries that each own the session never share a cell; a cell with pangle sets the delegate only after pangle starts")
    func ownSessionCells() {
        let generator = ScenarioGenerator(hosts: Lab.catalog.hosts, participants: Lab.catalog.participants)
        let cells = generator.cells().filter { $0.host == "NSURLSession" }
        #expect(cells.contains { $0.order.contains("pangle") } && cells.contains { $0.order.contains("gtm") })
        #expect(!cells.contains { $0.order.contains("pangle") && $0.order.contains("gtm") })
        for cell in cells where cell.order.contains("pangle") {
            for scenario in generator.scenarios(for: cell) {
                let attach = scenario.steps.firstIndex(of: .attach("pangle"))
                let set = scenario.steps.firstIndex(of: .setDelegate("app"))
                #expect(attach != nil && set != nil && attach! < set!, "\(cell.order)")
            }
        }
    }

    @Test("fpr copies its trace-only donor into a delegate that lacks the method, so it still sees the event")
    func donorWhereTheDelegateLacks() throws {
        let found = try run("""
            host NSURLSession
            config release
            delegate-lacks URLSession:dataTask:didReceiveData:
            attach fpr
            set-delegate app
            fire URLSession:dataTask:didReceiveData:
            fire URLSession:task:didCompleteWithError:
            """)
        // hooksWhenLacking is YES for a copied selector: without the donor, fpr's observer would miss the event.
        #expect(found.isEmpty, "\(found)")
    }

    // MARK: Datadog's scroll-view proxy: getter unwrap, wrap pass-own/reuse/responds-guard, setter reentrancy-guard

    static let scrollHead = "participant d\nstart runtime\nobserve UIScrollView scrollViewWillBeginDragging:\n"

    @Test("Mistakes in the scroll-proxy lines name their line", arguments: [
        (scrollHead + "setter replace\nswizzle-class\ngetter unwrap\n", 6, "goes with 'wrap'"),
        (scrollHead + "setter replace\nwrap nsobject\ngetter unwrap please\n", 6, "expected 'getter unwrap'"),
        (scrollHead + "setter replace reentrancy-gard\nwrap nsobject\n", 4, "reentrancy-guard"),
        (scrollHead + "setter replace\nwrap nsobject reuse keep retain host k\n", 5, "keep retain delegate KEY"),
        (scrollHead + "setter replace\nwrap nsobject pass-owned\n", 5, "pass-own, reuse, responds-guard"),
        (scrollHead + "era ios10\nsetter replace\nwrap nsobject\n", 4, "unknown era 'ios10'"),
    ])
    func scrollErrors(_ text: String, _ line: Int, _ message: String) {
        expectParticipantFileError(text, line: line, message)
    }

    @Test("datadog's lines parse into its guards and getter, and the writer gives them back")
    func datadogFiles() throws {
        let files = try Lab.packageParticipantFiles.get()
        let current = try #require(files.first { $0.info.id == "datadog" }).sdk
        let old = try #require(files.first { $0.info.id == "datadog:3.8.0" }).sdk
        guard case .wrap(let p) = current.handling, case .wrap(let q) = old.handling else { Issue.record("not wraps"); return }
        #expect(current.getterUnwraps && current.setterReentrancyGuard && p.passOwn && p.reuse && p.respondsGuard)
        #expect(!old.getterUnwraps && !old.setterReentrancyGuard && q.passOwn && !q.reuse && !q.respondsGuard)
        // `era ios9`: Datadog needs iOS 12, so neither runs on the iOS 8 era's scroll view.
        for id in ["datadog", "datadog:3.8.0"] {
            let hosts = Lab.catalog.participant(id)?.hosts ?? []
            #expect(hosts.contains("UIScrollView") && !hosts.contains("UIScrollView@ios8") && hosts.contains("NSURLSession"), "\(hosts)")
        }
        let bothEras = try file(Self.scrollHead + "setter replace\nwrap nsobject\n")
        #expect(bothEras.info.hosts == ["UIScrollView@ios8", "UIScrollView"] || bothEras.info.hosts == ["UIScrollView", "UIScrollView@ios8"])
        let written = try file(ParticipantFile.text(for: current)).sdk
        #expect(written.getterUnwraps && written.setterReentrancyGuard && written.handling == current.handling)
    }

    /// A 3.8.0-shaped proxy with one extra line; `rx` meets it on UIScrollView.
    func scrollProxy(_ extra: String, wrapOptions: String = "") throws -> ParticipantFile {
        try file(Self.scrollHead + "setter replace prefix dd_\nwrap nsobject class UIScrollViewDelegateProxy target weak forward target responds own-or-target pass-own \(wrapOptions) keep retain host k\n" + extra)
    }

    let rxCell = """
        host UIScrollView
        config release
        set-delegate app
        attach d
        attach rx
        rx.subscribe
        fire scrollViewDidScroll:
        fire scrollViewWillBeginDragging:
        """

    @Test("getter unwrap: RxCocoa reads the original delegate, not the proxy, so the two proxies no longer point at each other")
    func getterUnwrap() throws {
        let plain = try run(rxCell, with: [try scrollProxy("")])
        #expect(plain.contains { $0.kind == .infiniteRecursion }, "\(plain)")
        let unwrapped = try run(rxCell, with: [try scrollProxy("getter unwrap\n")])
        #expect(!unwrapped.contains { $0.kind == .infiniteRecursion || $0.kind == .forwardingCycle }, "\(unwrapped)")
    }

    @Test("wrap responds-guard: a nested respondsToSelector: answers NO, so the mutual question ends instead of recursing")
    func respondsGuard() throws {
        let guarded = try run(rxCell, with: [try scrollProxy("", wrapOptions: "responds-guard")])
        #expect(!guarded.contains { $0.kind == .infiniteRecursion }, "\(guarded)")
    }

    @Test("datadog:3.8.0 and rx recurse in both orders when the view gets its delegate after both start; current datadog passes with rx")
    func datadogWithRx() throws {
        for id in ["datadog:3.8.0", "datadog"] {
            for order in [["d", "rx"], ["rx", "d"]] {
                // Datadog sees only the delegates set after it starts (`later-only`): the app's screen comes later.
                let text = """
                    host UIScrollView
                    config release
                    attach \(order[0])
                    attach \(order[1])
                    set-delegate app
                    rx.subscribe
                    fire scrollViewDidScroll:
                    fire scrollViewWillBeginDragging:
                    """.replacingOccurrences(of: "attach d", with: "attach \(id)")
                let found = try run(text)
                #expect(found.contains { $0.kind == .infiniteRecursion } == (id == "datadog:3.8.0"), "\(id) \(order): \(found)")
            }
        }
    }

    @Test("fire-while-deallocating: Datadog's proxy kept on the delegate gets the teardown scroll event with its weak target nil (#2867), from 3.8.3 on; a plain release, the app alone and the opt-out pass")
    func datadogDeallocatingWindow() throws {
        func scenario(_ id: String?, _ ending: String) -> String {
            "host UIScrollView\nconfig release\n" + (id.map { "attach \($0)\n" } ?? "") + "set-delegate app\n" + ending
        }
        let window = "fire-while-deallocating app scrollViewDidScroll:\nteardown\n"
        for id in ["datadog", "datadog:3.8.3"] {
            let found = try run(scenario(id, window))
            #expect(found.contains { $0.kind == .unrecognizedSelector && $0.message.contains("-[UIScrollViewDelegateProxy scrollViewDidScroll:]") }, "\(id): \(found)")
            // Released first and fired after: the proxy went with the delegate's associations, and the weak slot is nil.
            #expect(try run(scenario(id, "release app\nfire scrollViewDidScroll:\nteardown\n")).isEmpty)
        }
        #expect(try run(scenario(nil, window)).isEmpty)
        #expect(try run(scenario("datadog:no-uikit-actions", window)).isEmpty)
        // The step's own mistakes name their line.
        let catalog = Lab.catalog
        for (text, message) in [
            ("host UIScrollView\nconfig release\nfire-while-deallocating app\n", "takes the app object that deallocates and the event"),
            ("host UIScrollView\nconfig release\nfire-while-deallocating app scrollViewDidScroll:\n", "no app object called app"),
            ("host UIScrollView\nconfig release\nset-delegate app\nfire-while-deallocating app tableView:didSelectRowAtIndexPath:\n", "UIScrollView does not fire"),
        ] {
            do {
                let parsed = try Scenario.parse(text: text, file: "w.hooklab", participants: catalog.participants, hosts: catalog.hosts.map(\.name))
                try parsed.validate(file: "w.hooklab", lines: [], hosts: catalog.hosts, participants: catalog.participants)
                Issue.record("\(text) was accepted")
            } catch {
                #expect("\(error)".hasPrefix("w.hooklab:") && "\(error)".contains(message), "\(error)")
            }
        }
        // The generator fires the teardown event on the scroll views, list views included (#2867 is a collection view), and
        // not on the web views.
        let generator = ScenarioGenerator(hosts: catalog.hosts, participants: catalog.participants)
        for host in ["UIScrollView", "UIScrollView@ios8", "UITableView", "UICollectionView", "UIWebView"] {
            let order = host == "UIWebView" ? ["tracker:proxy"] : ["datadog"]
            let steps = generator.scenarios(for: Matrix.Cell(host: host, order: order, config: .release)).flatMap(\.steps)
            #expect(steps.contains(.fireWhileDeallocating(name: "app", selector: "scrollViewDidScroll:")) == (host != "UIWebView"), "\(host)")
        }
    }

    // MARK: setter declared (Datadog's URL-session instrumentation)

    @Test("Mistakes in setter declared name their line", arguments: [
        (head + "wrap nsobject\n", 4, "hooks the class the app declares"),
        ("participant a\nobserve NSURLSession URLSession:task:didCompleteWithError:\nsetter declared\nsetimp keyed class\n", 3, "start runtime"),
    ])
    func declaredErrors(_ text: String, _ line: Int, _ message: String) {
        let text = text.replacingOccurrences(of: "setter factory", with: "setter declared")
        expectParticipantFileError(text, line: line, message)
    }

    @Test("setter declared hooks the app's delegate class at start, so a session made later is hooked; setter none sees no session then")
    func declaredClass() throws {
        let body = "start runtime\nobserve NSURLSession URLSession:task:didCompleteWithError:\n"
        let declared = try file("participant dd\n" + body + "setter declared\nsetimp keyed class add-missing\n")
        let atStart = try file("participant held\n" + body + "setter none\nsetimp keyed class add-missing\n")
        let later = "host NSURLSession\nconfig release\ndelegate-lacks URLSession:task:didCompleteWithError:\nattach P\nset-delegate app\nfire URLSession:task:didCompleteWithError:\n"
        // The method the class lacks is added (URLSessionTaskDelegateSwizzler.swift:59-91), so the session delivers it.
        #expect(try run(later.replacingOccurrences(of: "attach P", with: "attach dd"), with: [declared]).isEmpty)
        let missed = try run(later.replacingOccurrences(of: "attach P", with: "attach held"), with: [atStart])
        #expect(missed.contains { $0.kind == .lostEvent && $0.message.contains("held") }, "\(missed)")
        #expect(Lab.catalog.participant("datadog:3.7")?.family == "datadog" && Lab.catalog.participant("datadog:3.7")?.hosts == ["NSURLSession"])
        // datadog's NSURLSession section is this mechanism; its UIScrollView section the proxy.
        let sections = try #require(try Lab.packageParticipantFiles.get().first { $0.info.id == "datadog" }).sections
        #expect(sections.map(\.hostClasses) == [["UIScrollView", "UITableView", "UICollectionView"], ["NSURLSession"]] && sections[1].trigger == .declared)
        #expect(sections[0].setterOn == ["UIScrollView"])
    }

    // MARK: gtm, a consumer that asks isKindOfClass:

    @Test("gtm: a wrapper whose isKindOfClass: does not answer for the fetcher is taken for a dispatcher and sent setFetcher:forTask:; New Relic's kind-of and FPR's fir_ subclass keep the fetcher's class")
    func gtmIsKindOfClass() throws {
        func wrapper(_ kindOf: Bool) throws -> ParticipantFile {
            try file("participant w\nstart runtime\nobserve NSURLSession URLSession:dataTask:didReceiveResponse:completionHandler:\nsetter factory\nwrap nsobject class PlainWrapper target strong forward target responds own-or-target" + (kindOf ? " kind-of target" : "") + "\n")
        }
        let text = "host NSURLSession\nconfig release\nattach gtm\nattach W\nset-delegate app\ngtm.beginFetching\nfire URLSession:dataTask:didReceiveData:\n"
        let plain = try run(text.replacingOccurrences(of: "attach W", with: "attach w"), with: [try wrapper(false)])
        #expect(plain.contains { $0.kind == .unrecognizedSelector && $0.message.contains("setFetcher:forTask:") }, "\(plain)")
        #expect(try run(text.replacingOccurrences(of: "attach W", with: "attach w"), with: [try wrapper(true)]).isEmpty)
        for other in ["newrelic", "fpr", "fpr:11"] {
            #expect(try run(text.replacingOccurrences(of: "attach W", with: "attach \(other)")).isEmpty, "\(other)")
        }
        let info = try #require(Lab.catalog.participant("gtm"))
        #expect(info.hosts == ["NSURLSession"] && info.verbs == ["gtm.beginFetching"] && !info.packages.isEmpty && info.actions != nil)
    }
}
