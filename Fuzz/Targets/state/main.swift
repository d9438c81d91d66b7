// libFuzzer target `state`: see FuzzHarness.StateTarget. Built only by scripts/fuzz.sh.
import FuzzHarness

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    StateTarget.run(UnsafeBufferPointer(start: data, count: size))
    return 0
}
