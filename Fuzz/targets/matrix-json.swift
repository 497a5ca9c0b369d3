// libFuzzer target: `matrix.json` as `hooklab diff` reads it. The reader is InputReaders' "matrix-json".
import Foundation
import HookLabCLI

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    _ = InputReaders.read("matrix-json", Data(bytes: bytes, count: count))
    return 0
}
