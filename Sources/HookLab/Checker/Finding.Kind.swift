// The public vocabulary of finding kinds (DESIGN.md, "Detectors").

extension Finding {
    /// The kind of a finding: what went wrong, independent of which libraries were involved.
    ///
    /// Raw values are the public spelling used in scenario files (`expect danglingMessage`),
    /// `Reports/matrix.json` and the baseline (`Matrix/baseline/`); never rename a case.
    public enum Kind: String, Codable, Sendable, CaseIterable {
        /// A message was sent to a freed object through an assign (unsafe_unretained) reference.
        ///
        /// Emitted at the send. The app crashes (EXC_BAD_ACCESS). Fix the party that left the
        /// stale pointer: it must re-set the host's delegate when it replaces or frees its wrapper.
        case danglingMessage
        /// An assign slot or an assign association holds a freed object, but nothing was sent yet.
        ///
        /// Emitted after the step that freed the object. A crash is waiting for the next event;
        /// treat it like ``danglingMessage``.
        case danglingReference
        /// A send never returned: the depth bound was hit, and the repeating cycle of frames is given.
        ///
        /// Emitted at the send. The app hangs, then crashes on stack overflow. Break the cycle:
        /// one library must recognise the other's proxy (a marker check) instead of wrapping it.
        case infiniteRecursion
        /// The delegate forwarding graph has a cycle, found statically, even before a message loops.
        ///
        /// Emitted after the step that closed the cycle. The next event or `respondsToSelector:`
        /// will loop; fix as ``infiniteRecursion``.
        case forwardingCycle
        /// A library assertion tripped (debug configuration only).
        ///
        /// The library detected that another one replaced its delegate. Release builds skip the
        /// assert; check the release cell to see what happens then.
        case assertionFailure
        /// The runtime raised "unrecognized selector sent to instance".
        ///
        /// A proxy claimed to respond or forwarded to a target that does not implement the method.
        /// The app crashes.
        case unrecognizedSelector
        /// A library or the runtime raised an Objective-C exception, named with its reason.
        ///
        /// The app crashes unless someone catches it; read the reason for which party raised it.
        case exception
        /// The runtime itself read memory that is not there (EXC_BAD_ACCESS outside a message send): an ivar that
        /// another class declares, looked up in an object (`object_getIvar` with `class_copyIvarList([proxy class])`).
        ///
        /// The app crashes. Fix the party that took an object's stated class (`-class`, which a proxy may forward)
        /// for its layout: `object_getClass` gives the class the object really has.
        case badAccess
        /// A Swift `fatalError` or precondition trapped.
        ///
        /// The app crashes, in every configuration.
        case fatalError
        /// An event that the app delegate or an observer (tracker, Rx subscription, hook) should have
        /// received did not arrive.
        ///
        /// Emitted after the `fire` step. No crash, but analytics or app behaviour silently stops;
        /// the message says who lost it.
        case lostEvent
        /// An event arrived at the app delegate or an observer more than once.
        ///
        /// Usually two wrappers in the chain each forward; double-counted analytics or double actions.
        case duplicateEvent
        /// The app delegate's answer (e.g. `shouldStartLoad` → NO) did not reach the host.
        ///
        /// A proxy answered on the app's behalf; the app loses control over navigation or layout.
        case lostReturnValue
        /// A WebKit decision handler was called zero times or more than once.
        ///
        /// WebKit raises on a double call and stalls navigation on none; the proxy that swallowed or
        /// duplicated the call must pass the handler through exactly once.
        case completionHandlerMisuse
        /// A before-hook ran after, or an after-hook before, the implementation in place when it was installed
        /// (the method's body, the hooks installed before it on the same chain; a JSPatch override counts).
        ///
        /// Emitted after the `call` step, from the order the hook bodies ran in. No crash, but the hook sees the
        /// object in the wrong state (an after-block before the JS body it should follow).
        case outOfOrder
        /// Objects were still alive after teardown; the strong cycle that holds them is given.
        ///
        /// Emitted at teardown (step 0). Break the cycle with a weak reference on one side.
        case leak
        /// A library refused to install, for example Aspects' class-hierarchy error.
        ///
        /// Nothing is broken, but the refusing library's feature is off in this combination.
        case refused

        /// The outcome a finding of this kind gives its cell.
        public var outcome: Outcome {
            switch self {
            case .danglingMessage, .unrecognizedSelector, .exception, .badAccess, .fatalError: .crash
            case .infiniteRecursion, .forwardingCycle: .loop
            case .assertionFailure: .assert
            case .lostEvent, .duplicateEvent, .lostReturnValue, .completionHandlerMisuse, .outOfOrder: .broken
            case .leak: .leak
            case .danglingReference: .latent
            case .refused: .refused
            }
        }
    }
}
