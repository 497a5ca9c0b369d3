// libFuzzer target: a Podfile.lock as `hooklab scan` reads it. The reader is InputReaders' "podfile-lock".
import Foundation
import HookLabCLI

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    _ = InputReaders.read("podfile-lock", Data(bytes: bytes, count: count))
    return 0
}
