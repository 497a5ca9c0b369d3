// libFuzzer target: one baseline file (`Matrix/baseline.json`, or one file of `Matrix/baseline/`). The reader is InputReaders' "baseline".
import Foundation
import HookLabCLI

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    _ = InputReaders.read("baseline", Data(bytes: bytes, count: count))
    return 0
}
