/// Writes a valid `.flow` program from fuzz input, with the names a Swift
/// generator finds hardest: Swift keywords, the generated code's own names,
/// names that differ only in case or by an underscore, titles full of quotes,
/// backslashes, comment markers and emoji.
public struct ProgramBuilder {
    static let flowNames = ["App", "Self", "Type", "Protocol", "Screen", "Event", "Guard", "Tab", "Any", "Never",
                            "Swift", "FlowKit", "String", "Optional", "URLPicker", "A_B", "_Flow", "X", "Codable", "Main"]
    static let routeNames = ["class", "self", "init", "default", "_", "_0", "func", "protocol", "case", "in", "is",
                             "where", "throws", "rawValue", "hash", "description", "screen", "code", "a", "aB",
                             "Ab", "uRL", "deinit", "subscript", "some", "any", "actor", "await", "inout", "repeat"]
    static let eventNames = ["go", "default", "for", "return", "self", "x_", "_", "open", "send", "back2",
                             "hashValue", "encode", "select", "tap"]
    static let parameterNames = ["id", "in", "self", "_", "_0", "default", "from", "to", "rawValue", "let"]
    static let guardNames = ["loggedIn", "class", "isOn", "default", "_"]
    static let titlePieces = ["\\\"", "\\\\", "*/", "/*", "\\\"\\\"\\\"#", "#", "\\u{1F600}", "é", "\\n", "\\t", "{", "}", "%", "$(", "\\u{0}"]
    static let types = ["String", "Int", "Bool", "Double"]
    static let literals = ["String": "\"v\"", "Int": "-3", "Bool": "true", "Double": "2.5"]

    private var input: FuzzInput
    private(set) var text = ""

    /// The program for `bytes`; the same bytes give the same text.
    public static func program(from bytes: [UInt8]) -> String {
        var builder = ProgramBuilder(input: FuzzInput(bytes))
        builder.build()
        return builder.text
    }

    private mutating func pick(_ names: [String]) -> String { names[input.choice(names.count) ?? 0] }

    private mutating func distinct(_ names: [String], count: Int) -> [String] {
        var chosen: [String] = []
        var offset = input.choice(names.count) ?? 0
        while chosen.count < min(count, names.count) {
            chosen.append(names[offset % names.count])
            offset += 1 + (input.choice(3) ?? 0)
            while chosen.contains(names[offset % names.count]) && chosen.count < names.count { offset += 1 }
        }
        return chosen
    }

    private mutating func parameters(max: Int) -> [(String, String)] {
        let count = input.choice(max + 1) ?? 0
        return distinct(Self.parameterNames, count: count).map { ($0, pick(Self.types)) }
    }

    private static func declaration(_ parameters: [(String, String)]) -> String {
        parameters.isEmpty ? "" : "(" + parameters.map { "\($0.0): \($0.1)" }.joined(separator: ", ") + ")"
    }

    private static func literalArguments(_ parameters: [(String, String)]) -> String {
        parameters.isEmpty ? "" : "(" + parameters.map { "\($0.0): \(literals[$0.1] ?? "0")" }.joined(separator: ", ") + ")"
    }

    private mutating func title() -> String {
        guard input.choice(2) == 1 else { return "" }
        var title = " \""
        for _ in 0..<(1 + (input.choice(4) ?? 0)) { title += pick(Self.titlePieces) }
        return title + "\""
    }

    private mutating func build() {
        let flows = distinct(Self.flowNames, count: 1 + (input.choice(4) ?? 0))
        var routesOf: [[(name: String, parameters: [(String, String)])]] = []
        var flowParameters: [[(String, String)]] = []
        for index in flows.indices {
            let names = distinct(Self.routeNames, count: 1 + (input.choice(4) ?? 0))
            // A flow's start route takes no parameters, so that `start r` needs no arguments.
            routesOf.append(names.enumerated().map { ($0.element, $0.offset == 0 ? [] : parameters(max: 2)) })
            flowParameters.append(index == 0 ? [] : parameters(max: 1))
        }
        var eventSignatures: [String: [(String, String)]] = [:]
        for (index, flow) in flows.enumerated() {
            text += "flow \(flow)\(Self.declaration(flowParameters[index]))\(index == 0 ? " [entry]" : "") {\n"
            text += "  start \(routesOf[index][0].name)\n"
            for route in routesOf[index] {
                text += "  route \(route.name)\(Self.declaration(route.parameters))\(title()) {\n"
                for _ in 0..<(input.choice(4) ?? 0) {
                    let event = pick(Self.eventNames)
                    if eventSignatures[event] == nil { eventSignatures[event] = parameters(max: 1) }
                    let guarded = input.choice(4) == 0 ? " when \(input.choice(2) == 0 ? "!" : "")\(pick(Self.guardNames))" : ""
                    text += "    on \(event)\(Self.declaration(eventSignatures[event] ?? []))\(guarded) -> \(action(in: index, flows, routesOf, flowParameters))\n"
                }
                text += "  }\n"
            }
            text += "}\n"
        }
        // A link to each of the entry's routes whose parameters are all captured.
        for (index, route) in routesOf[0].enumerated() where input.choice(2) == 0 {
            let captures = route.parameters.map { "/:\($0.0)" }.joined()
            let arguments = route.parameters.isEmpty ? "" : "(" + route.parameters.map { "\($0.0): \($0.0)" }.joined(separator: ", ") + ")"
            text += "link \"app://r\(index)\(captures)\" -> \(flows[0])/\(route.name)\(arguments)\n"
        }
    }

    private mutating func action(in flow: Int, _ flows: [String], _ routesOf: [[(name: String, parameters: [(String, String)])]],
                                 _ flowParameters: [[(String, String)]]) -> String {
        let routes = routesOf[flow]
        let target = routes[input.choice(routes.count) ?? 0]
        let routeTarget = target.name + Self.literalArguments(target.parameters)
        switch input.choice(8) ?? 0 {
        case 0: return "push \(routeTarget)"
        case 1: return "sheet \(routeTarget)"
        case 2: return "cover \(routeTarget) with fade"
        case 3: return ["alert", "dialog", "popover"][input.choice(3) ?? 0] + " \(routeTarget)"
        case 4 where flow + 1 < flows.count:
            // Only later flows: no flow starts itself.
            let child = flow + 1 + (input.choice(flows.count - flow - 1) ?? 0)
            let how = ["", " as sheet", " as cover"][input.choice(3) ?? 0]
            return "start \(flows[child])\(Self.literalArguments(flowParameters[child]))\(how)"
        case 5 where flow > 0: return "finish done"
        case 6: return "stay"
        default: return "replace \(routeTarget)"
        }
    }
}
