// A passive SDK (field guide c.15): it hooks nothing in the app delegate; the app's own methods call it by hand, as
// Branch's and Adjust's integration guides ask. It sees a callback exactly when the chain delivers it to the app.
import ObjCModel
import UIKitModel

extension DeclaredSDK {
    /// At its start the SDK becomes one the app's own delegate methods call (the app's code, compiled in; the model
    /// lists it on the app delegate's class object, read by every method of the app's class).
    func startPassive(_ rt: Runtime) throws {
        guard let cls = rt.objc_getClass(AppDelegateObject.className) else { return }
        let holder = rt.classObject(cls)
        var names = rt.object_getIvar(holder, AppDelegateObject.forwardsToIvar).stringValue.map { $0.splitASCII(",").map(String.init) } ?? []
        guard !names.contains(observer) else { return }
        names.append(observer)
        note(rt, .passive, "\(observer) hooks nothing: the app's own delegate methods call it by hand (\(observes.flatMap(\.events).joined(separator: ", "))), so it sees only what reaches them")
        try rt.object_setIvar(holder, AppDelegateObject.forwardsToIvar, .string(names.joined(separator: ",")), .value)
    }
}
