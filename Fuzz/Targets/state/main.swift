// libFuzzer target `state`: see FuzzHarness.StateTarget. Built only by scripts/fuzz.sh.
import FuzzHarness

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    StateTarget.run(UnsafeBufferPointer(start: data, count: size))
    return 0
}

/// Compiles the bundled apps and explores their reachable shapes before the
/// first input, so that neither counts against that input's time limit.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(_ argc: UnsafeMutablePointer<CInt>?, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?) -> CInt {
    _ = BundledApps.shapes.count
    return 0
}
