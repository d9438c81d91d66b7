// libFuzzer target `flow`: see FuzzHarness.FlowTarget. Built only by scripts/fuzz.sh.
import FuzzHarness

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FlowTarget.run(UnsafeBufferPointer(start: data, count: size))
    return 0
}
