// libFuzzer target `url`: see FuzzHarness.URLTarget. Built only by scripts/fuzz.sh.
import FuzzHarness

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    URLTarget.run(UnsafeBufferPointer(start: data, count: size))
    return 0
}
