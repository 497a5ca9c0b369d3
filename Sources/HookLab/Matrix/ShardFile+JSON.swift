// The shard file's JSON, written and read by hand: the same document `JSONEncoder` with sorted keys wrote (format 1),
// so files written before stay readable. The generic `Codable` path cost ~5 s of CPU per `swift test` for the real
// matrix's three shards (Sources/README.md, "What the tests cost"); this one walks the values directly.

import ObjCModel

/// A member missing or of the wrong kind, with the path to it inside the document.
struct ShardJSONError: Error {
    var message: String
}

/// One object of a shard file being read: its members by key, with the path that errors name.
struct ShardJSONObject {
    let members: [(String, JSONValue)]
    let path: String

    init(_ value: JSONValue, at path: String) throws(ShardJSONError) {
        guard case .object(let members) = value else { throw ShardJSONError(message: "\(path) is not an object") }
        self.members = members
        self.path = path
    }

    /// The member `key`, or nil when the object has none (or it is null).
    func optional(_ key: String) -> JSONValue? {
        for (name, value) in members where name == key { return value == .null ? nil : value }
        return nil
    }

    func required(_ key: String) throws(ShardJSONError) -> JSONValue {
        guard let value = optional(key) else { throw ShardJSONError(message: "\(path) has no \"\(key)\"") }
        return value
    }

    func string(_ key: String) throws(ShardJSONError) -> String {
        guard case .string(let text) = try required(key) else { throw ShardJSONError(message: "\(path).\(key) is not a string") }
        return text
    }

    func optionalString(_ key: String) throws(ShardJSONError) -> String? {
        guard optional(key) != nil else { return nil }
        return try string(key)
    }

    func int(_ key: String) throws(ShardJSONError) -> Int {
        guard case .number(let number) = try required(key) else { throw ShardJSONError(message: "\(path).\(key) is not an integer") }
        return number
    }

    func bool(_ key: String) throws(ShardJSONError) -> Bool {
        guard case .bool(let flag) = try required(key) else { throw ShardJSONError(message: "\(path).\(key) is not true or false") }
        return flag
    }

    func optionalBool(_ key: String) throws(ShardJSONError) -> Bool? {
        guard optional(key) != nil else { return nil }
        return try bool(key)
    }

    /// A raw-value enum's case.
    func value<T: RawRepresentable>(_ key: String, as type: T.Type) throws(ShardJSONError) -> T where T.RawValue == String {
        let text = try string(key)
        guard let value = T(rawValue: text) else { throw ShardJSONError(message: "\(path).\(key): unknown value \"\(text)\"") }
        return value
    }

    func optionalValue<T: RawRepresentable>(_ key: String, as type: T.Type) throws(ShardJSONError) -> T? where T.RawValue == String {
        guard optional(key) != nil else { return nil }
        return try value(key, as: type)
    }

    /// An array member, each item read by `read` with its own path.
    func array<T>(_ key: String, _ read: (JSONValue, String) throws(ShardJSONError) -> T) throws(ShardJSONError) -> [T] {
        guard case .array(let items) = try required(key) else { throw ShardJSONError(message: "\(path).\(key) is not an array") }
        var result: [T] = []
        result.reserveCapacity(items.count)
        for (i, item) in items.enumerated() { result.append(try read(item, "\(path).\(key)[\(i)]")) }
        return result
    }

    func strings(_ key: String) throws(ShardJSONError) -> [String] {
        try array(key) { value, path throws(ShardJSONError) in
            guard case .string(let text) = value else { throw ShardJSONError(message: "\(path) is not a string") }
            return text
        }
    }

    func values<T: RawRepresentable>(_ key: String, as type: T.Type) throws(ShardJSONError) -> [T] where T.RawValue == String {
        try array(key) { value, path throws(ShardJSONError) in
            guard case .string(let text) = value, let item = T(rawValue: text) else { throw ShardJSONError(message: "\(path): not a known value") }
            return item
        }
    }
}

private func strings(_ list: [String]) -> JSONValue { .array(list.map(JSONValue.string)) }
private func raws<T: RawRepresentable>(_ list: [T]) -> JSONValue where T.RawValue == String { .array(list.map { .string($0.rawValue) }) }

// Each type's members are written in sorted key order, as `JSONEncoder`'s `.sortedKeys` wrote them; an optional that is
// nil is left out, as the synthesized `Codable` conformances leave it out.

extension ShardFile {
    var shardJSON: JSONValue {
        var members: [(String, JSONValue)] = [("allCells", .number(allCells))]
        if let appAlone {
            members.append(("appAlone", .array(appAlone.map {
                .object([("config", .string($0.config.rawValue)), ("host", .string($0.host)), ("signatures", strings($0.signatures))])
            })))
        }
        members += [
            ("format", .number(format)), ("generator", .string(generator)),
            ("results", .array(results.map(\.shardJSON))), ("shard", .number(shard)), ("shards", .number(shards)),
        ]
        return .object(members)
    }

    init(shardJSON value: JSONValue) throws(ShardJSONError) {
        let object = try ShardJSONObject(value, at: "the document")
        format = try object.int("format")
        generator = try object.string("generator")
        shard = try object.int("shard")
        shards = try object.int("shards")
        allCells = try object.int("allCells")
        results = try object.array("results") { value, path throws(ShardJSONError) in try Matrix.CellResult(shardJSON: value, at: path) }
        appAlone = object.optional("appAlone") == nil ? nil : try object.array("appAlone") { value, path throws(ShardJSONError) in
            let entry = try ShardJSONObject(value, at: path)
            return AppAlone(host: try entry.string("host"), config: try entry.value("config", as: Configuration.self),
                            signatures: try entry.strings("signatures"))
        }
    }
}

extension Matrix.CellResult {
    var shardJSON: JSONValue {
        var members: [(String, JSONValue)] = [("cell", cell.shardJSON)]
        if let conflict { members.append(("conflict", .bool(conflict))) }
        if let evidence { members.append(("evidence", .string(evidence.rawValue))) }
        if let impossibility { members.append(("impossibility", .string(impossibility))) }
        members += [("outcome", .string(outcome.rawValue)), ("possible", .bool(possible)), ("ran", strings(ran)), ("reports", strings(reports))]
        if let reproducer { members.append(("reproducer", reproducer.shardJSON)) }
        members += [
            ("scenarioCount", .number(scenarioCount)),
            ("setups", .array(setups.map(\.shardJSON))),
            ("signatures", strings(signatures)),
            ("sources", strings(sources)),
            ("variants", .array(variants.map(\.shardJSON))),
        ]
        if let worst { members.append(("worst", worst.shardJSON)) }
        return .object(members)
    }

    init(shardJSON value: JSONValue, at path: String) throws(ShardJSONError) {
        let object = try ShardJSONObject(value, at: path)
        let cell = try Matrix.Cell(shardJSON: try object.required("cell"), at: path + ".cell")
        self.init(cell: cell, outcome: try object.value("outcome", as: Outcome.self), scenarioCount: try object.int("scenarioCount"),
                  worst: try object.optional("worst").map { value throws(ShardJSONError) in try Scenario(shardJSON: value, at: path + ".worst") },
                  reproducer: try object.optional("reproducer").map { value throws(ShardJSONError) in
                      try Shrinker.Reproducer(shardJSON: value, at: path + ".reproducer")
                  })
        ran = try object.strings("ran")
        variants = try object.array("variants") { value, path throws(ShardJSONError) in
            let entry = try ShardJSONObject(value, at: path)
            return Matrix.VariantResult(variant: try entry.string("variant"), outcome: try entry.value("outcome", as: Outcome.self),
                                        findings: try entry.array("findings", Finding.init(shardJSON:at:)))
        }
        signatures = try object.strings("signatures")
        possible = try object.bool("possible")
        impossibility = try object.optionalString("impossibility")
        conflict = try object.optionalBool("conflict")
        evidence = try object.optionalValue("evidence", as: Matrix.Evidence.self)
        sources = try object.strings("sources")
        reports = try object.strings("reports")
        setups = try object.array("setups") { value, path throws(ShardJSONError) in
            let entry = try ShardJSONObject(value, at: path)
            return Matrix.SetupResult(setup: try AppSetup(shardJSON: try entry.required("setup"), at: path + ".setup"),
                                      outcome: try entry.value("outcome", as: Outcome.self),
                                      findings: try entry.array("findings", Finding.init(shardJSON:at:)))
        }
    }
}

extension Matrix.Cell {
    var shardJSON: JSONValue {
        .object([("config", .string(config.rawValue)), ("host", .string(host)), ("order", strings(order))])
    }

    init(shardJSON value: JSONValue, at path: String) throws(ShardJSONError) {
        let object = try ShardJSONObject(value, at: path)
        self.init(host: try object.string("host"), order: try object.strings("order"), config: try object.value("config", as: Configuration.self))
    }
}

extension Matrix.VariantResult {
    var shardJSON: JSONValue {
        .object([("findings", .array(findings.map(\.shardJSON))), ("outcome", .string(outcome.rawValue)), ("variant", .string(variant))])
    }
}

extension Matrix.SetupResult {
    var shardJSON: JSONValue {
        .object([("findings", .array(findings.map(\.shardJSON))), ("outcome", .string(outcome.rawValue)), ("setup", setup.shardJSON)])
    }
}

extension AppSetup {
    var shardJSON: JSONValue {
        // Members in key order, as the synthesized form sorted; `atLaunch` only when some SDK hooks at launch.
        var members: [(String, JSONValue)] = atLaunch.isEmpty ? [] : [("atLaunch", strings(atLaunch))]
        members.append(("lacks", strings(lacks)))
        if let setAfter { members.append(("setAfter", strings(setAfter))) }
        members.append(("setBefore", strings(setBefore)))
        if let then {
            // The synthesized form of an enum with associated values: the case name, holding its labelled values.
            let later: (String, JSONValue) = switch then {
            case .replaces: ("replaces", .object([]))
            case .frees: ("frees", .object([]))
            case .freesDuringEvent: ("freesDuringEvent", .object([]))
            case .assignsDirectly(let after, let before): ("assignsDirectly", .object([("after", strings(after)), ("before", strings(before))]))
            case .eventBefore(let id): ("eventBefore", .object([("_0", .string(id))]))
            }
            members.append(("then", .object([later])))
        }
        return .object(members)
    }

    init(shardJSON value: JSONValue, at path: String) throws(ShardJSONError) {
        let object = try ShardJSONObject(value, at: path)
        var then: Later?
        if let later = object.optional("then") {
            let laterObject = try ShardJSONObject(later, at: path + ".then")
            guard laterObject.members.count == 1, let (name, body) = laterObject.members.first else {
                throw ShardJSONError(message: "\(path).then must hold one case")
            }
            let fields = try ShardJSONObject(body, at: "\(path).then.\(name)")
            switch name {
            case "replaces": then = .replaces
            case "frees": then = .frees
            case "freesDuringEvent": then = .freesDuringEvent
            case "assignsDirectly": then = .assignsDirectly(after: try fields.strings("after"), before: try fields.strings("before"))
            case "eventBefore": then = .eventBefore(try fields.string("_0"))
            default: throw ShardJSONError(message: "\(path).then: unknown case \"\(name)\"")
            }
        }
        let setAfter: [String]? = object.optional("setAfter") == nil ? nil : try object.strings("setAfter")
        let atLaunch = object.optional("atLaunch") == nil ? [] : try object.strings("atLaunch")
        self.init(setAfter: setAfter, setBefore: try object.strings("setBefore"), lacks: try object.strings("lacks"), then: then,
                  atLaunch: atLaunch)
    }
}

extension Scenario {
    var shardJSON: JSONValue {
        var members: [(String, JSONValue)] = [("config", .string(config.rawValue)), ("expect", raws(expect)), ("expectIncludes", raws(expectIncludes))]
        if let expectRan { members.append(("expectRan", strings(expectRan))) }
        members += [("host", .string(host)), ("steps", .array(steps.map { .string($0.line) }))]
        return .object(members)
    }

    init(shardJSON value: JSONValue, at path: String) throws(ShardJSONError) {
        let object = try ShardJSONObject(value, at: path)
        let steps = try object.array("steps") { value, path throws(ShardJSONError) -> Step in
            guard case .string(let line) = value else { throw ShardJSONError(message: "\(path) is not a string") }
            let step: Step?
            do { step = try Step(line: line, file: path, lineNumber: 1) } catch { throw ShardJSONError(message: "\(error)") }
            guard let step else { throw ShardJSONError(message: "\(path): not a step: '\(line)'") }
            return step
        }
        self.init(host: try object.string("host"), config: try object.value("config", as: Configuration.self), steps: steps,
                  expect: try object.values("expect", as: Finding.Kind.self))
        expectRan = object.optional("expectRan") == nil ? nil : try object.strings("expectRan")
        expectIncludes = try object.values("expectIncludes", as: Finding.Kind.self)
    }
}

extension Shrinker.Reproducer {
    var shardJSON: JSONValue {
        .object([("result", result.shardJSON), ("scenario", scenario.shardJSON)])
    }

    init(shardJSON value: JSONValue, at path: String) throws(ShardJSONError) {
        let object = try ShardJSONObject(value, at: path)
        self.init(scenario: try Scenario(shardJSON: try object.required("scenario"), at: path + ".scenario"),
                  result: try RunResult(shardJSON: try object.required("result"), at: path + ".result"))
    }
}

extension RunResult {
    var shardJSON: JSONValue {
        var members: [(String, JSONValue)] = [
            ("basedOn", .array(basedOn.map { .object([("claim", .string($0.claim)), ("isInference", .bool($0.isInference)), ("source", .string($0.source))]) })),
            ("findings", .array(findings.map(\.shardJSON))),
        ]
        if let graph {
            members.append(("graph", .object([
                ("edges", .array(graph.edges.map {
                    .object([("from", .string($0.from)), ("kind", .string($0.kind.rawValue)), ("label", .string($0.label)), ("to", .string($0.to))])
                })),
                ("nodes", .array(graph.nodes.map { .object([("freed", .bool($0.freed)), ("id", .string($0.id)), ("label", .string($0.label))]) })),
            ])))
        }
        members += [("messagePath", strings(messagePath)), ("predictedBy", strings(predictedBy)), ("ran", strings(ran))]
        if let unrunnable { members.append(("unrunnable", .object([("message", .string(unrunnable.message)), ("step", .number(unrunnable.step))]))) }
        return .object(members)
    }

    init(shardJSON value: JSONValue, at path: String) throws(ShardJSONError) {
        let object = try ShardJSONObject(value, at: path)
        let graph: ReferenceGraph? = try object.optional("graph").map { value throws(ShardJSONError) in
            let graph = try ShardJSONObject(value, at: path + ".graph")
            return ReferenceGraph(
                nodes: try graph.array("nodes") { value, path throws(ShardJSONError) in
                    let node = try ShardJSONObject(value, at: path)
                    return ReferenceGraph.Node(id: try node.string("id"), label: try node.string("label"), freed: try node.bool("freed"))
                },
                edges: try graph.array("edges") { value, path throws(ShardJSONError) in
                    let edge = try ShardJSONObject(value, at: path)
                    return ReferenceGraph.Edge(from: try edge.string("from"), to: try edge.string("to"), label: try edge.string("label"),
                                               kind: try edge.value("kind", as: ReferenceGraph.Edge.Kind.self))
                })
        }
        let unrunnable: Unrunnable? = try object.optional("unrunnable").map { value throws(ShardJSONError) in
            let entry = try ShardJSONObject(value, at: path + ".unrunnable")
            return Unrunnable(step: try entry.int("step"), message: try entry.string("message"))
        }
        self.init(findings: try object.array("findings", Finding.init(shardJSON:at:)), messagePath: try object.strings("messagePath"),
                  graph: graph, ran: try object.strings("ran"), predictedBy: try object.strings("predictedBy"),
                  basedOn: try object.array("basedOn") { value, path throws(ShardJSONError) in
                      let fact = try ShardJSONObject(value, at: path)
                      return ModelFact(claim: try fact.string("claim"), source: try fact.string("source"), isInference: try fact.bool("isInference"))
                  },
                  unrunnable: unrunnable)
    }
}

extension Finding {
    var shardJSON: JSONValue {
        var members: [(String, JSONValue)] = []
        if let event { members.append(("event", .string(event))) }
        members += [("frames", strings(frames)), ("kind", .string(kind.rawValue)), ("message", .string(message)), ("objects", strings(objects))]
        if let site { members.append(("site", .string(site))) }
        members.append(("step", .number(step)))
        return .object(members)
    }

    init(shardJSON value: JSONValue, at path: String) throws(ShardJSONError) {
        let object = try ShardJSONObject(value, at: path)
        self.init(kind: try object.value("kind", as: Kind.self), message: try object.string("message"), step: try object.int("step"),
                  frames: try object.strings("frames"), objects: try object.strings("objects"), site: try object.optionalString("site"),
                  event: try object.optionalString("event"))
    }
}
