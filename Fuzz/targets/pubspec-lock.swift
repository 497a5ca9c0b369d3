// libFuzzer target: a pubspec.lock (a Flutter app's Dart packages) as `hooklab scan` reads it. The reader is InputReaders' "pubspec-lock".
import Foundation
import HookLabCLI

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    _ = InputReaders.read("pubspec-lock", Data(bytes: bytes, count: count))
    return 0
}
