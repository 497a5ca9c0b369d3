// libFuzzer target: the baseline (`Matrix/baseline.json`). The reader is InputReaders' "baseline".
import Foundation
import HookLabCLI

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    _ = InputReaders.read("baseline", Data(bytes: bytes, count: count))
    return 0
}
