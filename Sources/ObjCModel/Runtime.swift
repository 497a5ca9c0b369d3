// The runtime's state: one value per scenario, no globals (objc4 keeps these tables process-wide).

/// Debug builds keep library `assert`s; release builds compile them out.
public enum BuildConfiguration: String, Sendable, Codable, CaseIterable {
    case debug, release
}

/// The lifetime of an object: alive, deallocating (weak loads already nil), or freed (a zombie).
public enum Lifecycle: UInt8, Sendable {
    case alive, deallocating, freed
}

/// How a reference slot holds its object.
public enum Ownership: String, Sendable, Codable {
    /// Retains; released when overwritten or when the owner is disposed.
    case strong
    /// Zeroing weak: loads return nil once the target starts deallocating.
    case weak
    /// `assign` / `__unsafe_unretained`: never zeroed, may dangle.
    case assign
    /// A plain value (BOOL, int, flags); not a reference.
    case value
}

/// A named instance variable of one object.
public struct Slot {
    public let name: String
    public var ownership: Ownership
    public var value: Value
}

/// `objc_AssociationPolicy` (runtime.h L1609-1619).
public enum AssociationPolicy: Int, Sendable, CaseIterable {
    case assign = 0
    case retainNonatomic = 1
    case copyNonatomic = 3
    case retain = 0o1401
    case copy = 0o1403

    /// Whether the association owns its value. MODEL: copy retains, as immutable values return self from -copy.
    public var retains: Bool { self != .assign }
}

public struct Association {
    public let key: String
    public var policy: AssociationPolicy
    public var value: Value
}

struct ObjectRecord {
    var isa: Class
    /// Display number for instances (`Class#n`); 0 for class objects.
    let serial: Int32
    var retainCount: Int32
    var state: Lifecycle
    /// For class objects: the class they stand for.
    let classObjectOf: Class?
    /// For instances: the class they were created as, whatever isa-swizzling did since.
    var createdAs: Class? = nil
    /// Name of the class at free time, as a zombie remembers it.
    var zombieClassName: String?
    var slots: [Slot] = []
    var associations: [Association] = []
    /// (owner, slot name) pairs that hold this object weakly.
    var weakReferrers: [(ObjectID, String)] = []
    /// The objects that ever stored this one in an assign ivar or an ASSIGN association, in store order (an entry stays
    /// when the slot changes: a checker re-reads the slot), so a dangling check after a free reads only these.
    var assignReferrers: [ObjectID] = []
}

struct MethodEntry {
    var imp: IMP
    var types: String
}

struct ClassRecord {
    let name: String
    var superclass: Class?
    let isMeta: Bool
    /// The metaclass of a class; for a metaclass, the root metaclass.
    var metaclass: Class
    /// The class object that stands for this class as a receiver.
    var object: ObjectID
    var methods: [SEL: MethodEntry] = [:]
    /// Own selectors in insertion order (`class_copyMethodList` order), so listings are deterministic.
    var methodOrder: [SEL] = []
    var protocols: [ProtocolRef] = []
    var registered = false
    /// Ivars this class forwards messages to (a proxy's target), declared by the model for graph checks.
    var forwardingIvars: [String] = []
    /// The instance variables this class itself declares, in declaration order (`class_copyIvarList`): name and type.
    var ivars: [(name: String, types: String)] = []
    /// The library that created the class, for reports (`runtime`, `KVO`, `Aspects`).
    var owner: String
}

struct IMPRecord {
    /// A given label, or nil for a method's own `±[Class selector]`, built when asked (labels are off the hot path).
    let label: String?
    let definedIn: Class?
    let selector: SEL?
    let owner: String
}

/// A model of the Objective-C runtime: classes, method tables, messaging, forwarding, memory and KVO.
///
/// One `Runtime` per scenario. Every call mirrors the real runtime function it is named after.
public final class Runtime {
    /// The build configuration. Reading it marks the run as configuration-dependent (``configurationRead``).
    public var configuration: BuildConfiguration {
        get { configurationRead = true; return storedConfiguration }
        set { storedConfiguration = newValue }
    }
    private var storedConfiguration: BuildConfiguration
    /// Whether the run may have gone differently in the other build configuration: something read ``configuration``,
    /// a release run passed a ``libraryAssert(_:_:site:library:)`` that debug would have checked, or a debug assert
    /// failed or changed the program's state while checking (``stateChanges``). When false, the other configuration
    /// runs exactly the same, and the lab reuses the result. Models keep their state in the runtime (ivars,
    /// associations, the journal) for this to hold; a test compares reused results with fresh runs.
    public internal(set) var configurationRead = false
    /// Changes to the program's state so far: objects, classes, methods, selectors, the autorelease pool, KVO, the
    /// journal, facts and trace (not the method cache, which only makes lookups faster). A
    /// ``libraryAssert(_:_:site:library:)`` whose check changed none of it left the run as release has it.
    var stateChanges = 0
    /// Sends deeper than this are an infinite recursion (the model's stack bound).
    public var maxDepth: Int
    /// Whether the method cache is used (`bench` measures both).
    public var methodCacheEnabled = true

    // Selector table.
    var selectorNames = SharedNameList() { didSet { stateChanges &+= 1 } }
    var selectorIndex = SharedNameIndex()

    // Classes and objects.
    var classes: [ClassRecord] = [] { didSet { stateChanges &+= 1 } }
    var classIndex = SharedNameIndex()
    var objects: [ObjectRecord] = [] { didSet { stateChanges &+= 1 } }
    var nextSerial: Int32 = 1 { didSet { stateChanges &+= 1 } }
    /// The IMPs made since this runtime was last copied (or created); the older ones are in ``sharedIMPs``.
    var imps: [IMPRecord] = [] { didSet { stateChanges &+= 1 } }
    /// IMP bodies, apart from their names so a send touches only the closure.
    var impBodies: [IMPBody] = []
    /// The IMPs every copy of a base has: an IMP never changes once made, so copies share them instead of each
    /// copying (and at its end releasing) a base's hundreds of records and closures.
    var sharedIMPs = SharedIMPs(records: [], bodies: [])
    var protocols: [ProtocolRecord] = [] { didSet { stateChanges &+= 1 } }
    var protocolIndex: [String: ProtocolRef] = [:]

    // Method cache: a flat table [class × selector capacity] of IMP raw values, -1 when empty; no table until the first
    // fill.
    var cache: [Int32] = []
    var cacheStride = 256
    /// The slots filled since the last flush, so a flush touches only those.
    var cacheFilled: [Int32] = []

    // Messaging state.
    var depth = 0
    /// The sends in progress, outermost first (entries past `depth` are left over from returned sends): a fault takes
    /// its frames from here when the runtime makes it, as a crash report's backtrace is the stack at the crash. The
    /// frames are not collected by catching and rethrowing the fault at every level it unwinds through.
    var callStack: [CallStackEntry] = []
    var autoreleasePool: [ObjectID] = [] { didSet { stateChanges &+= 1 } }
    /// The objects freed so far, in the order they were: a checker that asks after every step reads only the new ones.
    public internal(set) var freedObjects: [ObjectID] = []
    /// The objects that stored an already freed object in an assign ivar or ASSIGN association, in order: with
    /// ``freedObjects`` and ``assignReferrers(of:)``, every way an assign reference comes to dangle.
    public internal(set) var assignStoresOfFreed: [ObjectID] = []

    // Tracing, off in bulk runs.
    public var tracing = false
    public internal(set) var trace: [TraceEvent] = [] { didSet { stateChanges &+= 1 } }

    /// What the modeled program observed (delegate calls received, observer callbacks); the lab's history.
    ///
    /// Appending from another module (`rt.journal.append(…)` in a library model) must not copy the history: a stored
    /// property with `didSet` is written from outside its module through its getter and setter, one copy of the whole
    /// journal per entry, which made a run cost the square of its length. `_modify` yields the storage in place.
    public var journal: [JournalEntry] {
        get { journalEntries }
        set { journalEntries = newValue; stateChanges &+= 1 }
        _modify {
            stateChanges &+= 1
            yield &journalEntries
        }
    }
    private var journalEntries: [JournalEntry] = []
    /// The facts whose code path ran (read in code, or inferred), in first-use order (Runtime+Facts.swift).
    public internal(set) var factsNoted: [ModelFact] = [] { didSet { stateChanges &+= 1 } }

    // KVO state (see Runtime+KVO.swift).
    var kvoOriginalForClass: [Class: Class] = [:] { didSet { stateChanges &+= 1 } }
    var kvoClassForOriginal: [Class: Class] = [:] { didSet { stateChanges &+= 1 } }
    var observances: [ObjectID: [Observance]] = [:] { didSet { stateChanges &+= 1 } }
    var kvoContext: Value? { didSet { stateChanges &+= 1 } }
    /// Whether deallocating an object with observers still registered raises (old iOS) or is tolerated.
    public var kvoDeallocWithObserversRaises = false

    /// Well-known classes and selectors, filled by the bootstrap.
    public internal(set) var NSObjectClass = Class(raw: 0)
    public internal(set) var NSProxyClass = Class(raw: 0)
    public let s: WellKnownSelectors

    /// `_objc_msgForward`: an IMP that starts the forwarding pipeline.
    public let _objc_msgForward = IMP(raw: 0)
    /// `_objc_msgForward_impcache`: what lookup caches for a selector with no method.
    let forwardImpcache = IMP(raw: 1)

    /// Creates a runtime with the root classes `NSObject` and `NSProxy` loaded.
    /// - Parameter maxDepth: sends nested deeper than this are an infinite recursion. 64 keeps a debug build's
    ///   real stack (about 3-6 KB per model send) well inside a 512 KB worker thread, and every modeled cycle has
    ///   repeated many times by then.
    public init(configuration: BuildConfiguration = .debug, maxDepth: Int = 64) {
        self.storedConfiguration = configuration
        self.maxDepth = maxDepth
        self.s = WellKnownSelectors()
        s.register(in: self)
        for label in ["_objc_msgForward", "_objc_msgForward_impcache"] {
            imps.append(IMPRecord(label: label, definedIn: nil, selector: nil, owner: "runtime"))
            impBodies.append { rt, o, cmd, args in try rt.forward(o, cmd, args) }
        }
        bootstrapRootClasses()
    }

    /// A copy with the same classes, objects and state, for running many scenarios from one loaded base. The base's
    /// own IMPs and names move to the parts its copies share first, so each copy starts with none of its own; and a
    /// copy starts as a fresh run: nothing read the configuration or changed the state, the call stack is empty.
    public func copy() -> Runtime {
        shareIMPs()
        shareTables()
        let r = Runtime(snapshotOf: self)
        r.configurationRead = false
        r.stateChanges = 0
        r.depth = 0
        r.callStack = []
        return r
    }

    /// A copy of this runtime's whole state between two steps of a run, for the scenarios that share those steps:
    /// each goes on from its own snapshot, as if it had run them itself. Unlike ``copy()`` it keeps the run's own
    /// IMPs and name-table entries where they are (sharing them is a copy of the base's hundreds), and what the run
    /// has done: whether it read the configuration, its state changes, its call stack.
    public func snapshot() -> Runtime { Runtime(snapshotOf: self) }

    private init(snapshotOf o: Runtime) {
        storedConfiguration = o.storedConfiguration; configurationRead = o.configurationRead; stateChanges = o.stateChanges
        maxDepth = o.maxDepth; methodCacheEnabled = o.methodCacheEnabled
        selectorNames = o.selectorNames; selectorIndex = o.selectorIndex
        classes = o.classes; classIndex = o.classIndex; objects = o.objects; nextSerial = o.nextSerial
        imps = o.imps; impBodies = o.impBodies; sharedIMPs = o.sharedIMPs
        protocols = o.protocols; protocolIndex = o.protocolIndex
        // The method cache only makes lookups faster: a copy makes its own table when it first fills one, instead of
        // copying (and growing) the original's tens of kilobytes (3% of the matrix's instructions).
        cacheStride = o.cacheStride
        depth = o.depth; callStack = o.callStack
        autoreleasePool = o.autoreleasePool; freedObjects = o.freedObjects; assignStoresOfFreed = o.assignStoresOfFreed
        tracing = o.tracing; trace = o.trace; journalEntries = o.journalEntries; factsNoted = o.factsNoted
        kvoOriginalForClass = o.kvoOriginalForClass; kvoClassForOriginal = o.kvoClassForOriginal
        observances = o.observances; kvoContext = o.kvoContext
        kvoDeallocWithObserversRaises = o.kvoDeallocWithObserversRaises
        NSObjectClass = o.NSObjectClass; NSProxyClass = o.NSProxyClass; s = o.s
    }
}

/// IMPs made before a runtime was copied, shared by the copies (``Runtime/sharedIMPs``); never changed.
final class SharedIMPs {
    let records: [IMPRecord]
    let bodies: [IMPBody]
    init(records: [IMPRecord], bodies: [IMPBody]) {
        self.records = records
        self.bodies = bodies
    }
}

extension Runtime {
    /// Moves the IMPs made since the last copy into ``sharedIMPs``, so that a copy starts with none of its own. The
    /// program's state is the same (``stateChanges`` stays); a runtime is copied on the thread that uses it.
    func shareIMPs() {
        guard !imps.isEmpty else { return }
        let changes = stateChanges
        sharedIMPs = SharedIMPs(records: sharedIMPs.records + imps, bodies: sharedIMPs.bodies + impBodies)
        imps = []
        impBodies = []
        stateChanges = changes
    }

    /// Moves the name tables' entries made since the last copy into their shared parts (``SharedNameIndex``), so that
    /// copies start with none of their own. The program's state is the same.
    func shareTables() {
        let changes = stateChanges
        selectorNames.share()
        stateChanges = changes
        selectorIndex.share()
        classIndex.share()
    }

    /// The next IMP's number.
    var nextIMP: IMP { IMP(raw: Int32(sharedIMPs.records.count + imps.count)) }

    func impRecord(_ imp: IMP) -> IMPRecord {
        let i = Int(imp.raw), shared = sharedIMPs.records.count
        return i < shared ? sharedIMPs.records[i] : imps[i - shared]
    }

    /// Calls an IMP's body in place (a send's hot path: no copy of the closure out of its table).
    @inline(__always)
    func callBody(_ imp: IMP, _ receiver: ObjectID, _ sel: SEL, _ args: [Value]) throws -> Value {
        let i = Int(imp.raw), shared = sharedIMPs.bodies.count
        if i < shared { return try sharedIMPs.bodies[i](self, receiver, sel, args) }
        return try impBodies[i - shared](self, receiver, sel, args)
    }
}

/// One thing the modeled program observed: a delegate call, an observer callback, a hook body.
public struct JournalEntry: Equatable, Sendable {
    /// Who observed it: an object label (`AppDelegate#4`) or a library observer (`tracker`).
    public let observer: String
    /// What was observed: usually a selector name.
    public let event: String
    public let detail: String
    public init(observer: String, event: String, detail: String = "") {
        self.observer = observer
        self.event = event
        self.detail = detail
    }
}
