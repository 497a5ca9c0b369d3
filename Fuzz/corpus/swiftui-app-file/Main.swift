import SwiftUI

@main
struct Main: App {
    @UIApplicationDelegateAdaptor(Delegate.self) var delegate
    init() { FirebaseApp.configure() }
    var body: some Scene { WindowGroup { Text("x") } }
}

final class Delegate: NSObject, UIApplicationDelegate,
    UNUserNotificationCenterDelegate {
    func application(_ a: UIApplication, didFinishLaunchingWithOptions o: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        UNUserNotificationCenter.current().delegate = self
        return true
    }
}
