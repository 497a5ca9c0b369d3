// The `hooklab` executable: forwards its arguments to `CLI` (see `hooklab --help`).
import Foundation
import HookLabCLI
#if canImport(Glibc)
import Glibc

// Every matrix run makes and frees a runtime copy, its objects and its findings: glibc's defaults hand freed memory at
// the top of the heap back to the kernel and take it again at the next run, and every page it takes again is zeroed
// on its first touch (a twentieth of judging the matrix under `perf`). Keeping 256 MB and growing by 64 MB keeps those
// pages; allocations under 32 MB come from the heap. The process's memory stays bounded by its largest matrix.
// `mallopt` is in <malloc.h>, which the Glibc module does not import: it is looked up by name in the process (the nil
// handle is RTLD_DEFAULT on glibc), with its options' values from that header (M_TRIM_THRESHOLD -1, M_TOP_PAD -2,
// M_MMAP_THRESHOLD -3).
if let symbol = dlsym(nil, "mallopt") {
    let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
    _ = mallopt(-1, 256 << 20)
    _ = mallopt(-2, 64 << 20)
    _ = mallopt(-3, 32 << 20)
}
#endif

exit(CLI().main(arguments: Array(CommandLine.arguments.dropFirst())))
