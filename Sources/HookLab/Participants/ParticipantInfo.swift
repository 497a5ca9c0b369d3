// What the lab needs to know about a participant, without knowing the library itself.

/// The public description of one participant: a modeled library (or library variant) the lab can install.
///
/// The generator, the parser and the report only see this; the runner owns the behaviour.
public struct ParticipantInfo: Codable, Hashable, Sendable {
    /// The public id used in reports, scenario files and the CLI, e.g. `tracker:proxy`.
    public var id: String
    /// The family, e.g. `tracker`; two participants of one family are never paired, and verbs are
    /// spelled `family.verb`.
    public var family: String
    /// What it models, for the report, e.g. "RxCocoa 6.10 DelegateProxy".
    public var models: String
    /// The host kinds it supports.
    public var hosts: [String]
    /// Whether it has load-time hooks (`load P`).
    public var hasLoad: Bool
    /// Whether it has a runtime attach (`attach P`).
    public var hasAttach: Bool
    /// Whether it may be started late: its install may come after the app's delegate and an event.
    public var canStartLate: Bool
    /// Whether its only hooks are load-time ones (an ObjC `+load`): the app's code has no start of it to place.
    public var hooksOnlyAtLoad: Bool { hasLoad && !hasAttach }
    /// Every verb it accepts, each as a step line with example arguments (`rx.subscribe scrollViewDidScroll:`).
    ///
    /// The generator exercises each line as written; the parser accepts a `family.verb` only if one
    /// participant of the family lists that verb.
    public var verbs: [String]
    /// Verbs scenario files may use that the generator does not exercise (`rx.dispose`), as step lines.
    public var otherVerbs: [String]
    /// Every fact the model rests on, each with its public source (library file and line, issue or PR, article);
    /// one marked "(inference)" is not decided by any code or report. A cell's note lists only the facts noted on
    /// its failing path (`RunResult.basedOn`), not these.
    public var basedOn: [String]
    /// For a method-hooking participant: the step lines that install its hook, one per variant, with the
    /// placeholders `CLASS`, `OBJECT` and `SEL` a method target fills in (`aspects.hook CLASS SEL before`).
    public var hookInstalls: [String]
    /// Steps a method-hook scenario runs after the first calls, before calling again (`kvo.remove OBJECT title`).
    public var hookFollowUps: [String]
    /// The name of each of ``hookInstalls`` in words (`before`, `instead`, `ORIG`), when there are several; the
    /// matrix reports each as `family:name` (`aspects:instead`).
    public var hookVariantNames: [String] = []
    /// The pods, Swift packages and Carthage dependencies it models, at the versions whose mechanism it models
    /// (`package cocoapods RxCocoa >= 6.5.0`); `hooklab scan` maps an app's lockfiles with them (a participant file's
    /// `package` lines); the package catalogue (``KnownSDK``) holds what no participant models.
    public var packages: [PackageDeclaration] = []
    /// The design in a few words, for column legends and "Which column is my SDK?" (a participant file's `design`
    /// line); nil when ``models`` says it.
    public var design: String? = nil
    /// Whether choosing it over another participant of its family means changing the library's code (a proposed
    /// patch, modeled), rather than a choice the app makes.
    public var changesLibrary: Bool = false
    /// The host classes on which the app calls this SDK from its own delegate methods (a `passive` section, or a
    /// setting that turns the hooks off and has the app forward by hand): there the app has a delegate of its own, so
    /// the generator gives no set-up that leaves the slot empty.
    public var calledByApp: [String] = []
    /// What picks this mode when the app does not (a participant file's `chosen-by` line): the lab never offers it as a fix.
    public var chosenBy: ChosenBy? = nil
    /// Where its code is closed (a participant file's `closed-source` line: the binary-only release, and what the model
    /// rests on instead): a failing cell whose reproducer needs it is predicted, whatever its noted facts say.
    public var closedSource: String? = nil

    /// Who picks a participant's mode instead of the app, and how, in an integrator's words.
    public struct ChosenBy: Codable, Hashable, Sendable {
        public enum Who: String, Codable, Hashable, Sendable {
            /// The vendor's server (a remote gatekeeper or flag).
            case server
            /// A `+load` hook, before the app's code runs.
            case load
        }
        public var who: Who
        /// What picks it: "Facebook's server gatekeeper AppAemAutoSetUpProxy".
        public var text: String
        public init(who: Who, text: String) {
            self.who = who
            self.text = text
        }
    }
    /// What the app loses when this participant's observer misses an event, as a sentence with `SEL` for the event
    /// and `ID` for the participant ("Analytics lose `SEL`: `ID` never records it."; a participant file's
    /// `missed-event` line); nil: "`ID` never sees `SEL`."
    public var missedEvent: String? = nil
    /// The id of the participant modeling this library's current version, when this one models an older version of it
    /// (a participant file's `version-of` line): it runs alone and in every pair like any other participant, and
    /// stays out of triples, where its family is represented by the current version (ScenarioGenerator, "Orders").
    public var versionOf: String? = nil
    /// What an app can do about this SDK, in an integrator's words, first in reports: a setting that turns its hook
    /// off (`Info.plist FirebaseAppDelegateProxyEnabled = NO`), an init order, a version, implementing a method itself.
    /// Nil when the model declares none.
    public var actions: [String]?
    /// The app framework it belongs to (a participant file's `framework` line): `flutter` (a Flutter plugin, checked on
    /// the `@flutter` hosts only) or `react-native` (the UIKit hosts only); nil: any app.
    public var framework: String? = nil
    /// What the app has this SDK for, completing "you lose …" (a participant file's `provides` line: "push
    /// notifications through Firebase Messaging"); nil: "what NAME does for your app".
    public var provides: String? = nil
    /// For a variant made by a participant file's `setting` line: which switch, of which participant.
    public var setting: Setting? = nil
    /// The names of its own `setting` lines: a setting of one name is one switch for the whole app (one Info.plist key
    /// read by every SDK that declares it), so an order cannot have it both on and off.
    public var declaredSettings: [String] = []

    /// A documented switch that turns an SDK's hooks off (`setting proxy-off "FirebaseAppDelegateProxyEnabled = NO …"`).
    public struct Setting: Codable, Hashable, Sendable {
        /// The participant it is a setting of (`fcm`).
        public var of: String
        /// The line's NAME (`proxy-off`).
        public var name: String
        /// What the app sets, and then does by hand.
        public var text: String
        /// The Info.plist key and value that set it (`plist KEY VALUE`), for `hooklab scan`; nil when none is declared.
        public var plistKey: String? = nil
        public var plistValue: String? = nil
        /// The first version of the SDK that reads the key (`since VERSION`); nil: every version.
        public var plistSince: String? = nil
        /// Whether the SDK reads the key only as a number or Boolean (`plist KEY VALUE number`): a `<string>` is ignored.
        public var plistNumeric = false
        /// `default-unless NEEDLE…`: the variant is the SDK's default, and the app turns the hooks on by writing one of
        /// the NEEDLEs in its source (Braze's `push.automation`); empty: the hooks are the default.
        public var defaultUnless: [String] = []
        /// `off`: the variant turns the feature off; it hooks nothing and expects no event.
        public var off = false
    }
    /// How the app starts the SDK, as the app's own source shows it (`start-call swift FirebaseApp.configure()`,
    /// `start-call plugin`): `hooklab scan` finds these in the app delegate to tell where the app sets its notification
    /// delegate against each SDK's start.
    public var startCalls: [StartCall] = []

    /// One way the app's source starts the SDK.
    public struct StartCall: Codable, Hashable, Sendable {
        /// `swift` or `objc`: a call the app writes in that language; `dart`: a call a Flutter app's Dart code makes
        /// (`Firebase.initializeApp()`), which reaches the SDK over a platform channel after the app delegate's launch
        /// method returns; `plugin`: React Native or Flutter registers the SDK with the app's other native modules (a
        /// React Native factory or bridge, `GeneratedPluginRegistrant`).
        public var language: String
        /// The call as the app writes it; empty for `plugin`.
        public var text: String
        /// For a `dart` call (`… registered-if FILE`): a file whose presence in the app makes the SDK start when Flutter
        /// registers its plugins instead (firebase_core configures Firebase from `GoogleService-Info.plist` then).
        public var registeredIf: String? = nil

        public init(language: String, text: String, registeredIf: String? = nil) {
            self.language = language
            self.text = text
            self.registeredIf = registeredIf
        }
    }

    /// True when the scenario's URL session stands for the library's own session (GTMSessionFetcher's fetcher, Pangle's
    /// session under its proxy): one session cannot be two libraries' own, so two such libraries never share a cell.
    public var ownSession: Bool? = nil
    /// True when the library creates that session itself once it has started (`setter own-session`: Pangle's session
    /// for an ad): the scenario's session is made after its start, never before it.
    public var sessionAfterStart: Bool? = nil
    /// Where the SDK's object is shown to be the app's delegate class itself (`app-delegate-class SOURCE`): UIKit
    /// creates it at launch, so nothing the app starts at runtime comes before it; nil for every other SDK.
    public var appDelegateClass: String? = nil
    /// What it requires of another library the app links with it (a participant file's `requires` line): an order
    /// with a participant of that family outside the range cannot exist (FirebaseMessaging 12 and GoogleUtilities 7).
    public var requires: [Requirement] = []

    /// `requires FAMILY RANGE "REASON"`: every participant of FAMILY in an order with this one must model a version in
    /// RANGE (one of its package ranges overlaps it), or the order is "not possible: REASON".
    public struct Requirement: Codable, Hashable, Sendable {
        public var family: String
        public var versions: String
        public var reason: String
        public init(family: String, versions: String, reason: String) {
            self.family = family
            self.versions = versions
            self.reason = reason
        }
    }

    public init(id: String, family: String, models: String, hosts: [String], hasLoad: Bool, hasAttach: Bool,
                canStartLate: Bool = false, verbs: [String] = [], otherVerbs: [String] = [], basedOn: [String] = [],
                hookInstalls: [String] = [], hookFollowUps: [String] = [], design: String? = nil, changesLibrary: Bool = false,
                missedEvent: String? = nil) {
        self.id = id
        self.family = family
        self.models = models
        self.hosts = hosts
        self.hasLoad = hasLoad
        self.hasAttach = hasAttach
        self.canStartLate = canStartLate
        self.verbs = verbs
        self.otherVerbs = otherVerbs
        self.basedOn = basedOn
        self.hookInstalls = hookInstalls
        self.hookFollowUps = hookFollowUps
        self.design = design
        self.changesLibrary = changesLibrary
        self.missedEvent = missedEvent
    }

    /// The verb keywords (`rx.subscribe`) of ``verbs``.
    public var verbNames: [String] { (verbs + otherVerbs).compactMap { $0.split(separator: " ").first.map(String.init) } }

    /// The steps of ``verbs``, in order; lines that are not `family.verb` steps are skipped.
    public var verbSteps: [Scenario.Step] {
        verbs.compactMap { line in
            guard let step = try? Scenario.Step(line: line, file: id, lineNumber: 1), case .verb = step else { return nil }
            return step
        }
    }

    /// Whether a fact is an inference rather than read in code or reported.
    public static func isPrediction(_ fact: String) -> Bool {
        fact.contains("(inference)")
    }
}
