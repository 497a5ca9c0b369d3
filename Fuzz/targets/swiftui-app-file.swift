// libFuzzer target: a Swift file of any name that may hold a SwiftUI App or the app delegate. The reader is InputReaders' "swiftui-app-file".
import Foundation
import HookLabCLI

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    _ = InputReaders.read("swiftui-app-file", Data(bytes: bytes, count: count))
    return 0
}
