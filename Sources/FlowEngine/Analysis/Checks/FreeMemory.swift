#if canImport(Glibc)
import Glibc
#endif

/// Memory the C allocator holds although the program freed it.
///
/// glibc keeps freed memory for later allocations and returns to the system
/// only what lies at the top of its heap; a large allocation made later
/// (above its threshold, by a fresh mapping) comes on top of all it kept.
/// Two places of `validate` ask it to give the free pages back, each about
/// 10 ms (a few hundred `madvise` calls) at a million routes: between the graph
/// checks' two rounds (55 MiB), and before a large program's text is read
/// again for its findings (`SetAsideSources`, 10 MiB). It lives with the
/// checks, not in FlowModel: an app links FlowModel, and the allocator's
/// state is no library's business there (see flowctl's `MallocArenas`).
package enum FreeMemory {
    /// Asks the allocator to give its free pages back (`malloc_trim(0)`).
    /// The Swift module of glibc does not export `malloc_trim`, so it is
    /// looked up by name; if it is not found, and on other platforms,
    /// nothing happens.
    package static func returnToSystem() {
        #if canImport(Glibc)
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
        let trim = unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
        _ = trim(0)
        #endif
    }
}
