// libFuzzer target: a local Swift package's `Package.swift` as `hooklab scan` reads it for the products it links. The reader is InputReaders' "local-package-manifest".
import Foundation
import HookLabCLI

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    _ = InputReaders.read("local-package-manifest", Data(bytes: bytes, count: count))
    return 0
}
