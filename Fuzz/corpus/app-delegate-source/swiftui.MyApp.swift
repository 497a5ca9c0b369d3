import SwiftUI

@main
struct MyApp: App {
    @UIApplicationDelegateAdaptor(AppDelegate.self) var appDelegate
    var body: some Scene { WindowGroup { Text("hi") } }
}

final class AppDelegate: NSObject, UIApplicationDelegate {}
