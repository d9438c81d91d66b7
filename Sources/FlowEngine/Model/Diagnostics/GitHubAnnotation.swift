/// GitHub Actions workflow commands (`::error file=…::message`), shared by
/// `validate --format github` and `diff --format github`.
package enum GitHubAnnotation {
    /// GitHub's workflow-command escaping: `%`, CR and LF, and in a
    /// property also `:` and `,`.
    package static func escaped(_ text: String, property: Bool) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            case ":" where property: out += "%3A"
            case "," where property: out += "%2C"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
