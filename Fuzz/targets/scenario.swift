// libFuzzer target: scenario files, as `hooklab run` reads them (parse, validate, run). The reader is InputReaders' "scenario".
import Foundation
import HookLabCLI

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    _ = InputReaders.read("scenario", Data(bytes: bytes, count: count))
    return 0
}
