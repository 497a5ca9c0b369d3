// The words of a fix, from its value alone (issue "Advice an integrator can follow" §1): notes, `explain`, `advise` and
// `scan` phrase a change the same way. Nothing here decides what a fix is; ``Matrix/Fix`` and ``Advisor/Fix`` hold that.

extension Matrix {
    /// Phrases ``Fix/Change`` values for the readers of one host.
    public struct FixWording: Sendable {
        public var participants: [ParticipantInfo]
        /// The host the changes were run on; nil for a host only the runner knows.
        public var host: HostInfo?
        /// The host's name as the verdict gives it.
        public var hostName: String

        public init(participants: [ParticipantInfo], host: HostInfo?, hostName: String) {
            self.participants = participants
            self.host = host
            self.hostName = hostName
        }

        /// The host's class, as a sentence names the slot (`UNUserNotificationCenter` for `UNUserNotificationCenter@flutter`).
        var owner: String { hostName.split(separator: "@").first.map(String.init) ?? hostName }

        func info(_ id: String) -> ParticipantInfo? { participants.first { $0.id == id } }

        /// The design of a participant in a few words, as it declares it; else its `models` text.
        public func design(of id: String) -> String {
            guard let p = info(id) else { return id }
            return p.design ?? p.models
        }

        /// What a participant does on the slot, as the design sentence says it after its name: "hooks with D"; for a
        /// setting variant, that its hooks are off ("`datadog:no-uikit-actions` hooks nothing, its feature switched
        /// off (…)"), since its design is no hook to hook with.
        public func hooking(_ id: String) -> String {
            guard let setting = info(id)?.setting else {
                // A design that says it hooks nothing (a passive integration) is the whole clause.
                let design = design(of: id)
                return design.hasPrefix("hooks nothing") ? design : "hooks with \(design)"
            }
            return setting.off ? "hooks nothing, its feature switched off (\(setting.text))"
                : "has its hooks off (\(setting.text)), the app forwarding the calls by hand"
        }

        /// The library a participant models, for "report it to": its `models` text up to the first parenthesis or colon.
        public func libraryName(of id: String) -> String {
            let models = info(id)?.models ?? id
            let head = models.components(separatedBy: " + ")[0]
            let name = head.prefix { $0 != "(" && $0 != ":" && $0 != "," }.trimmingCharacters(in: .whitespaces)
            return name.isEmpty ? id : name
        }

        /// What the app loses by dropping a library: its participant's `provides` line, or what it is.
        public func provides(_ id: String) -> String {
            info(id)?.provides ?? "what \(libraryName(of: id)) does for your app"
        }

        /// What an upgrade brings with it: its `requires` lines that the line it replaces does not have.
        func brings(_ change: Fix.Change) -> String {
            guard case .upgrade(let from, let to, _) = change, let new = info(to)?.requires else { return "" }
            let old = info(from)?.requires ?? []
            // The reason's first clause ("React Native Firebase 26 pins Firebase iOS 12"); its citation is in the file.
            let added = new.filter { r in !old.contains { $0.family == r.family && $0.versions == r.versions } }
                .map { String($0.reason.prefix { $0 != "(" }).trimmingCharacters(in: .whitespaces) }
            return added.isEmpty ? "" : " (it brings what it requires: " + added.joined(separator: "; ") + ")"
        }

        /// One change in an integrator's words. `order` is the order it was judged against (a delegate set after the
        /// SDKs start names them); `failureLine` is the library line a finding names; with `wholeOrder`, a start order
        /// is named in full (a set's every position, for `advise`), else by the SDK it starts first (a note's other order).
        public func phrase(_ change: Fix.Change, order: [String], failureLine: String? = nil, wholeOrder: Bool = false) -> String {
            switch change {
            case .upgrade(let from, let to, let target): return "upgrade to \(target) (`\(to)` for `\(from)`)\(brings(change))"
            case .downgrade(let from, let to, let target):
                return "downgrade to \(target) (`\(to)` for `\(from)`), an older line, since no newer one passes under these set-ups"
            case .setting(let from, let to, let text): return "use `\(from)`'s documented setting: \(text) (`\(to)`)"
            case .choice(let from, let to): return "use `\(to)` (\(design(of: to))) instead of `\(from)`"
            case .libraryChange(let from, let to):
                let name = libraryName(of: from)
                let models = info(to)?.models ?? to
                let what = models.hasPrefix(name) ? String(models.dropFirst(name.count)).trimmingCharacters(in: .whitespaces) : models
                let line = failureLine.map { " (where it fails: `\($0)`)" } ?? ""
                return "change \(name)\(line): \(what) — modeled as `\(to)`"
            case .order(let ids, let viaLoad):
                if wholeOrder, ids.count > 1 { return "install in exactly this order: " + ids.joined(separator: " → ") }
                return viaLoad ? "make `\(ids[0])`'s +load hooks run first (link its library earlier)" : "initialize `\(ids[0])` first"
            case .installBefore(let first, let then): return "install `\(first)` before `\(then)`"
            case .installVariants(let variants): return "install with " + variants.map { "`\($0)`" }.joined(separator: " and ")
            case .setup(let setup): return "set up your app so that it " + (host.map { setup.text(on: $0) } ?? "")
            case .implement(let methods): return "implement " + methods.map { "`\($0)`" }.joined(separator: " and ") + " in your app delegate"
            case .setDelegateAfterInstalls:
                let what = host?.delegateAtCreation != nil ? "create the `\(owner)` with your delegate" : "set the `\(owner)`'s delegate"
                // An SDK that hooks only at `+load` (and is never started late) is in place before any of the app's code:
                // starting it is not the app's step (AppSetup.atLaunch).
                let started = order.filter { id in info(id).map { $0.hooksOnlyAtLoad && !$0.canStartLate } != true }
                return "\(what) after starting " + (started.isEmpty ? order : started).map { "`\($0)`" }.joined(separator: " and ")
            case .clearBeforeFreeing:
                return "set `\(owner).delegate` to nil before your delegate is freed (in the deinit of the screen that owns both)"
            case .drop(let id): return "drop `\(id)` (you lose \(provides(id)))"
            }
        }

        /// The changes made together, joined by "and"; the first capitalized when `capitalized`.
        public func phrase(_ changes: [Fix.Change], order: [String], failureLine: String? = nil, wholeOrder: Bool = false,
                           capitalized: Bool = false) -> String {
            changes.enumerated().map { item in
                let text = phrase(item.element, order: order, failureLine: failureLine, wholeOrder: wholeOrder)
                return capitalized && item.offset == 0 ? Matrix.capitalized(text) : text
            }.joined(separator: ", and ")
        }
    }

    /// The wording of fixes on a host of this matrix.
    func wording(_ hostName: String) -> FixWording {
        FixWording(participants: participants, host: hosts.first { $0.name == hostName }, hostName: hostName)
    }
}
