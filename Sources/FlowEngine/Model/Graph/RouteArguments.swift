/// Conversions of text (captured from a URL, typed in a script) to the
/// value of a typed parameter.
public enum RouteArguments {
    /// `text` as a value of `type`, or nil if it does not convert
    /// (numbers beyond `Int`, non-finite doubles and the like).
    public static func convert(_ text: String, to type: ValueType) -> Value? {
        switch type {
        case .string:
            return .string(text)
        case .int:
            return Int(text).map(Value.int)
        case .double:
            guard let d = Double(text), d.isFinite, text.utf8.allSatisfy({ $0 != UInt8(ascii: "e") && $0 != UInt8(ascii: "E") && $0 != UInt8(ascii: "x") }) else { return nil }
            return .double(d)
        case .bool:
            switch text {
            case "true": return .bool(true)
            case "false": return .bool(false)
            default: return nil
            }
        }
    }
}
