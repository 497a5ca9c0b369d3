// libFuzzer target: an Objective-C header and its implementation, paired as `hooklab scan` pairs them. The reader is InputReaders' "app-delegate-header".
import Foundation
import HookLabCLI

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    _ = InputReaders.read("app-delegate-header", Data(bytes: bytes, count: count))
    return 0
}
