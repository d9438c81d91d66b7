// libFuzzer target `script`: see FuzzHarness.ScriptTarget. Built only by scripts/fuzz.sh.
import FuzzHarness

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    ScriptTarget.run(UnsafeBufferPointer(start: data, count: size))
    return 0
}
