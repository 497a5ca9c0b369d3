// What the method-hooking models record: which hook bodies ran, and which installs a library refused.
import ObjCModel

/// The journal vocabulary shared by the method-hooking models (Aspects, JSPatch, swizzles, XAspect, RAC).
///
/// A hook body appends `ran <label>` when it runs; a library that refuses an install appends `refused` with
/// its error. The lab reads these entries; the models never read them back.
public enum HookJournal {
    /// The journal observer of hook bodies: `JournalEntry(observer: "ran", event: label)`.
    public static let ran = "ran"
    /// The journal event of a refused install: `JournalEntry(observer: library, event: "refused", detail: error)`.
    public static let refused = "refused"

    /// Records that the hook body `label` ran (`aspects:before`, `jspatch`, `xaspect:A`, `body:ViewController`).
    public static func record(_ rt: Runtime, _ label: String) {
        rt.journal.append(JournalEntry(observer: ran, event: label))
    }

    /// Records that `library` refused an install, with its error as the library words it.
    public static func refuse(_ rt: Runtime, _ library: String, _ error: String) {
        rt.journal.append(JournalEntry(observer: library, event: refused, detail: error))
    }
}
