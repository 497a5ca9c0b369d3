// libFuzzer target: an app delegate's source (Swift or Objective-C) as `hooklab scan` reads it for its framework. The reader is InputReaders' "app-delegate-source".
import Foundation
import HookLabCLI

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    _ = InputReaders.read("app-delegate-source", Data(bytes: bytes, count: count))
    return 0
}
