// libFuzzer target: an Xcode project (`project.pbxproj`) as `hooklab scan` reads it. The reader is InputReaders' "xcode-project".
import Foundation
import HookLabCLI

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    _ = InputReaders.read("xcode-project", Data(bytes: bytes, count: count))
    return 0
}
