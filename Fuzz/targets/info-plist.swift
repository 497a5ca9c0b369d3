// libFuzzer target: an app's Info.plist as `hooklab scan` reads it for the switches participants declare. The reader is InputReaders' "info-plist".
import Foundation
import HookLabCLI

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    _ = InputReaders.read("info-plist", Data(bytes: bytes, count: count))
    return 0
}
