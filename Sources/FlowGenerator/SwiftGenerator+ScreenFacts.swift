import FlowEngine

/// What a host reads of a screen before the user acts (docs/generated-api.md
/// "Screen facts"): its title, whether it hides the back button
/// (`[noBack]`), and whether its sheet cannot be swiped away (`[locked]`).
extension SwiftGenerator {
    /// The facts of flow `f`'s routes, as members of its nested route enum.
    func routeFacts(_ f: Int) -> String {
        let routes = Array(program.flows[f].routes.range)
        let indent = "            "
        var out = "\n\(indent)/// The route's title in the flow file, or nil when it has none.\n"
        out += "\(indent)\(access)var title: Swift.String? {\n\(indent)    switch self {\n"
        for r in routes {
            let title = program.title(RouteID(r)).map(SwiftLiteral.quoted) ?? "nil"
            out += "\(indent)    case .\(SwiftNames.escaped(names.routeCase[r])): \(title)\n"
        }
        out += "\(indent)    }\n\(indent)}\n"
        out += flag("hidesBackButton", doc: "Whether the route is `[noBack]`: no back button, no pop gesture.",
                    routes.filter { program.routes[$0].attributes.contains(.noBack) }, of: routes.count, indent: indent)
        out += flag("isLocked", doc: "Whether the route is `[locked]`: the root of a sheet the user cannot swipe away.",
                    routes.filter { program.routes[$0].attributes.contains(.locked) }, of: routes.count, indent: indent)
        return out
    }

    /// A `Bool` property true for `routes` (of `count` in all).
    private func flag(_ property: String, doc: String, _ routes: [Int], of count: Int, indent: String) -> String {
        var out = "\n\(indent)/// \(doc)\n\(indent)\(access)var \(property): Swift.Bool {"
        guard !routes.isEmpty, routes.count < count else { return out + " \(!routes.isEmpty) }\n" }
        out += "\n\(indent)    switch self {\n"
        out += "\(indent)    case " + routes.map { "." + SwiftNames.escaped(names.routeCase[$0]) }.joined(separator: ", ") + ": true\n"
        out += "\(indent)    default: false\n\(indent)    }\n\(indent)}\n"
        return out
    }

    /// The same facts on `Screen`, read from the route enum of its flow.
    func screenFacts() -> String {
        let flows = program.flows.indices.compactMap { f in names.flowCase[f].map { (f, $0) } }
        let indent = "        "
        var out = ""
        for (property, type, doc) in [("title", "Swift.String?", "The screen's title in the flow file, or nil when it has none."),
                                      ("hidesBackButton", "Swift.Bool", "Whether the screen is `[noBack]`: no back button, no pop gesture."),
                                      ("isLocked", "Swift.Bool", "Whether the screen is `[locked]`: the root of a sheet the user cannot swipe away.")] {
            out += "\n\(indent)/// \(doc)\n\(indent)\(access)var \(property): \(type) {\n\(indent)    switch self {\n"
            for (_, caseName) in flows {
                out += "\(indent)    case .\(SwiftNames.escaped(caseName))(let route): route.\(property)\n"
            }
            out += "\(indent)    }\n\(indent)}\n"
        }
        return out
    }
}
