// libFuzzer target `generate`: see FuzzHarness.GenerateTarget. Built only by scripts/fuzz.sh.
import FuzzHarness

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    GenerateTarget.run(UnsafeBufferPointer(start: data, count: size))
    return 0
}
