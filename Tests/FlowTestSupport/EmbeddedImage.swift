/// The Base64 lines of the compiled program in a file `flowctl generate
/// swift` wrote: those between `image: """` and `""",`, each indented by
/// twelve spaces, or nil when the file has no such block.
public func embeddedImage(inGenerated source: String) -> [Substring]? {
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
    guard let first = lines.firstIndex(where: { $0.hasSuffix("image: \"\"\"") }),
          let last = lines[first...].firstIndex(of: "            \"\"\",") else { return nil }
    return Array(lines[(first + 1)..<last])
}
