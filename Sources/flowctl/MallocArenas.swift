#if canImport(Glibc)
import Glibc
#endif

/// The process's C allocator, told to keep one arena for all its threads.
///
/// glibc gives every thread that allocates an arena of its own (up to
/// eight a core), and memory freed into one arena serves no other: after
/// the two-thread phases of `validate` (parsing in pieces, the checks in
/// two rounds, rendering in halves) each thread's arena held its own peak,
/// and a million-route program peaked at 687 MiB instead of 615, with no
/// gain in speed measured from the separate arenas. This is the process's
/// choice, so it is made here, in the command-line tool, and never in the
/// libraries an app links. Elsewhere (macOS, musl) it does nothing.
enum MallocArenas {
    /// Asks for a single arena (`mallopt(M_ARENA_MAX, 1)`). The Swift
    /// module of glibc does not export `mallopt`, so it is looked up by
    /// name; if it is not found, nothing changes.
    static func useOne() {
        #if canImport(Glibc)
        let arenaMax: Int32 = -8  // M_ARENA_MAX in <malloc.h>
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
        _ = mallopt(arenaMax, 1)
        #endif
    }
}
