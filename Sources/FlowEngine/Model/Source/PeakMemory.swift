#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's peak resident memory so far, for `--timings` and benchmarks.
package enum PeakMemory {
    /// Peak resident set size in mebibytes (0 where the platform does not say).
    package static func mebibytes() -> Int {
        var usage = rusage()
        #if canImport(Glibc)
        guard getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage) == 0 else { return 0 }
        #else
        guard getrusage(RUSAGE_SELF, &usage) == 0 else { return 0 }
        #endif
        #if canImport(Darwin)
        return Int(usage.ru_maxrss) / (1024 * 1024)
        #else
        return Int(usage.ru_maxrss) / 1024
        #endif
    }
}
