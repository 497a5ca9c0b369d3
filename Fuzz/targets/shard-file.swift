// libFuzzer target: a shard file (`hooklab matrix --shard I/N --output F`) as `hooklab merge` reads it. The reader is
// InputReaders' "shard-file".
import Foundation
import HookLabCLI

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    _ = InputReaders.read("shard-file", Data(bytes: bytes, count: count))
    return 0
}
