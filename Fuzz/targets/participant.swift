// libFuzzer target: participant files (`Matrix/participants/*.hooklab`). The reader is InputReaders' "participant".
import Foundation
import HookLabCLI

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    _ = InputReaders.read("participant", Data(bytes: bytes, count: count))
    return 0
}
