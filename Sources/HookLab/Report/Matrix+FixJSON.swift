// The fixes of a verdict as JSON (`hooklab explain --json`'s "fixes"): the values the note's "What you can do" renders,
// so a tool reads the change, its owner and the set-ups it passed under without parsing a sentence.

extension Matrix {
    /// Each fix of the order's verdict, ranked: its changes, who makes them, the order the lab ran, the failing set-ups
    /// (in the note's words) under which it passed, whether it passed under every set-up, and the configurations in
    /// which it passed outright; then the failing set-ups under which no change of the app's passes.
    public func fixesJSON(_ key: NoteKey) -> JSONValue {
        let verdict = self.verdict(key)
        let host = hosts.first { $0.name == key.host }
        func text(_ setup: AppSetup) -> JSONValue { .string(host.map { setup.text(on: $0) } ?? "") }
        return .object([
            ("fixes", .array(verdict.fixes.map { fix in
                .object([
                    ("changes", .array(fix.changes.map { Self.json($0, host: host) })),
                    ("owner", .string(fix.owner.rawValue)),
                    ("order", .array(fix.order.map(JSONValue.string))),
                    ("passingSetups", .array(fix.passingSetups.map(text))),
                    ("everySetup", .bool(fix.everySetup)),
                    ("passesIn", .array(fix.passesIn.map { .string($0.rawValue) })),
                ])
            })),
            ("noChangeHelpsWhen", .array(verdict.unfixedSetups.map(text))),
        ])
    }

    /// One change: its kind and what it names.
    public static func json(_ change: Fix.Change, host: HostInfo?) -> JSONValue {
        func replacing(_ kind: String, _ from: String, _ to: String, _ extra: [(String, JSONValue)] = []) -> JSONValue {
            .object([("kind", .string(kind)), ("replacing", .string(from)), ("with", .string(to))] + extra)
        }
        switch change {
        case .upgrade(let from, let to, let target): return replacing("upgrade", from, to, [("range", .string(target))])
        case .downgrade(let from, let to, let target): return replacing("downgrade", from, to, [("range", .string(target))])
        case .setting(let from, let to, let text): return replacing("setting", from, to, [("text", .string(text))])
        case .choice(let from, let to): return replacing("choice", from, to)
        case .libraryChange(let from, let to): return replacing("libraryChange", from, to)
        case .order(let ids, let viaLoad):
            return .object([("kind", .string("order")), ("order", .array(ids.map(JSONValue.string))), ("viaLoad", .bool(viaLoad))])
        case .installVariants(let variants):
            return .object([("kind", .string("installVariants")), ("variants", .array(variants.map(JSONValue.string)))])
        case .setup(let setup):
            return .object([("kind", .string("setup")), ("setup", .string(host.map { setup.text(on: $0) } ?? ""))])
        case .implement(let methods):
            return .object([("kind", .string("implement")), ("methods", .array(methods.map(JSONValue.string)))])
        case .setDelegateAfterInstalls: return .object([("kind", .string("setDelegateAfterInstalls"))])
        case .clearBeforeFreeing: return .object([("kind", .string("clearBeforeFreeing"))])
        case .installBefore(let first, let then):
            return .object([("kind", .string("installBefore")), ("first", .string(first)), ("then", .string(then))])
        case .drop(let id): return .object([("kind", .string("drop")), ("participant", .string(id))])
        }
    }
}
