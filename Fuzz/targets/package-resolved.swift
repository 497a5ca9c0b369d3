// libFuzzer target: a Package.resolved as `hooklab scan` reads it. The reader is InputReaders' "package-resolved".
import Foundation
import HookLabCLI

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    _ = InputReaders.read("package-resolved", Data(bytes: bytes, count: count))
    return 0
}
