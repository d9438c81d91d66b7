import FlowEngine

/// (v2) The old names a `[was(Old)]` rename keeps in the generated API
/// (docs/releases.md): each is a deprecated alias of the new declaration, so
/// that app code written against the old release still compiles, with a
/// warning that names the replacement. `flowctl diff` then counts the
/// rename as not breaking (`SwiftDeclaration.replaces`).
///
/// A renamed route keeps its case's name (`static var home: Self` or
/// `static func product(id:) -> Self`), its events type's name
/// (`typealias HomeEvent = CatalogEvent`) and the builders of the links
/// named after it (`homeURL(…)`); a renamed flow keeps its `Screen` case,
/// its routes' type (`typealias Explore = Search`) and, for a tab, its
/// `Tab` case. An old name that another declaration now has, or that Swift
/// reserves, gets no alias (and stays breaking).
extension SwiftGenerator {
    /// One deprecated alias.
    struct FormerNameAlias {
        /// Where it is written.
        enum Container: Equatable {
            /// Inside `Screen`.
            case screen
            /// Inside the routes enum of the flow at this index.
            case routes(Int)
            /// Inside `Tab`.
            case tab
            /// Inside the program type (a link builder).
            case program
        }

        var container: Container
        /// The declaration as `SwiftDeclaration` names it (`Screen.Shop.home`).
        var name: String
        /// The alias as written (`static var home: Self`, `typealias Explore = Search`).
        var signature: String
        /// What the old release declared under that name (`case home`).
        var replaces: String
        /// The new spelling, for `renamed:` (`catalog`, `product(id:)`).
        var renamed: String
        /// The alias's body, after the signature: `{ .catalog }` (empty for a typealias).
        var body: String
        var origin: SwiftDeclaration.Origin
        var span: SourceSpan
    }

    /// Every alias of the program's `was` renames, in declaration order
    /// (flows, then routes, then tabs, then link builders).
    func formerNameAliases() -> [FormerNameAlias] {
        let (routeFormer, flowFormer) = program.formerNameTable()
        var out: [FormerNameAlias] = []
        flowAliases(flowFormer, &out)
        routeAliases(routeFormer, &out)
        tabAliases(flowFormer, &out)
        linkBuilderAliases(routeFormer, &out)
        return out
    }

    /// `Screen`: a renamed flow's case and type.
    private func flowAliases(_ flowFormer: [String?], _ out: inout [FormerNameAlias]) {
        var screenTaken = Set(names.flowCase.compactMap { $0 } + names.flowType.compactMap { $0 })
        for (f, flow) in program.flows.enumerated() {
            guard let old = flowFormer[f], let caseName = names.flowCase[f], let typeName = names.flowType[f] else { continue }
            let oldCase = SwiftNames.lowerCamel(old), oldType = SwiftNames.upperCamel(old)
            let origin = SwiftDeclaration.Origin.flow(program.name(flow.name))
            if !SwiftNames.reservedTypes.contains(oldType), screenTaken.insert(oldType).inserted {
                out.append(FormerNameAlias(container: .screen, name: "Screen.\(oldType)", signature: "typealias \(oldType) = \(typeName)",
                                           replaces: "enum \(oldType)", renamed: typeName, body: "", origin: origin, span: flow.span))
            }
            if !SwiftNames.reservedCases.contains(oldCase), oldCase != oldType, screenTaken.insert(oldCase).inserted {
                out.append(FormerNameAlias(container: .screen, name: "Screen.\(oldCase)",
                                           signature: "static func \(SwiftNames.escaped(oldCase))(_ routes: \(typeName)) -> Screen",
                                           replaces: "case \(SwiftNames.escaped(oldCase))(\(oldType))", renamed: "\(caseName)(_:)",
                                           body: "{ .\(SwiftNames.escaped(caseName))(routes) }", origin: origin, span: flow.span))
            }
        }
    }

    /// Each flow's routes enum: a renamed route's case and events type.
    private func routeAliases(_ routeFormer: [String?], _ out: inout [FormerNameAlias]) {
        let eventTypeNames = screenEventTypeNames()
        for (f, flow) in program.flows.enumerated() {
            guard let typeName = names.flowType[f] else { continue }
            var taken = Set(flow.routes.range.map { names.routeCase[$0] } + flow.routes.range.map { eventTypeNames[$0] })
            for r in flow.routes.range {
                guard let old = routeFormer[r], !SwiftNames.reservedCases.contains(old), old != "CodingKeys" else { continue }
                let route = program.routes[r]
                let origin = SwiftDeclaration.Origin.route(program.qualifiedName(RouteID(r)))
                let labels = route.parameters.range.map { names.label[$0] }
                let parameters = routeParameters(r, defaults: false)
                let newCase = names.routeCase[r]
                if taken.insert(old).inserted {
                    if parameters.isEmpty {
                        out.append(FormerNameAlias(container: .routes(f), name: "Screen.\(typeName).\(old)",
                                                   signature: "static var \(SwiftNames.escaped(old)): Self", replaces: "case \(SwiftNames.escaped(old))",
                                                   renamed: newCase, body: "{ .\(SwiftNames.escaped(newCase)) }", origin: origin, span: route.span))
                    } else {
                        let declared = routeParameters(r, defaults: true).joined(separator: ", ")
                        let forwarded = labels.map { "\(SwiftNames.escaped($0)): \(SwiftNames.escaped($0))" }.joined(separator: ", ")
                        let spelled = labels.map { $0 + ":" }.joined()
                        out.append(FormerNameAlias(container: .routes(f), name: "Screen.\(typeName).\(old)",
                                                   signature: "static func \(SwiftNames.escaped(old))(\(declared)) -> Self",
                                                   replaces: "case \(SwiftNames.escaped(old))(\(parameters.joined(separator: ", ")))",
                                                   renamed: "\(newCase)(\(spelled))", body: "{ .\(SwiftNames.escaped(newCase))(\(forwarded)) }",
                                                   origin: origin, span: route.span))
                    }
                }
                let oldEvents = SwiftNames.upperCamel(old) + "Event"
                if taken.insert(oldEvents).inserted {
                    out.append(FormerNameAlias(container: .routes(f), name: "Screen.\(typeName).\(oldEvents)", signature: "typealias \(oldEvents) = \(eventTypeNames[r])",
                                               replaces: "enum \(oldEvents)", renamed: eventTypeNames[r], body: "",
                                               origin: origin, span: route.span))
                }
            }
        }
    }

    /// `Tab`: a renamed tab's case.
    private func tabAliases(_ flowFormer: [String?], _ out: inout [FormerNameAlias]) {
        var tabTaken = Set(names.tabCase)
        for (tab, caseName) in zip(interface.tabs, names.tabCase) {
            guard let old = flowFormer[Int(tab)] else { continue }
            let oldCase = SwiftNames.lowerCamel(old)
            guard !SwiftNames.reservedCases.contains(oldCase), tabTaken.insert(oldCase).inserted else { continue }
            out.append(FormerNameAlias(container: .tab, name: "Tab.\(oldCase)", signature: "static var \(SwiftNames.escaped(oldCase)): Tab",
                                       replaces: "case \(SwiftNames.escaped(oldCase)) = \(SwiftLiteral.quoted(old))", renamed: caseName,
                                       body: "{ .\(SwiftNames.escaped(caseName)) }", origin: .tab(program.name(program.flows[Int(tab)].name)),
                                       span: program.flows[Int(tab)].span))
        }
    }

    /// Link builders named after a renamed route.
    private func linkBuilderAliases(_ routeFormer: [String?], _ out: inout [FormerNameAlias]) {
        let builders = linkBuilderNames()
        var builderTaken = Set(builders.compactMap { $0.map { $0.function + "(" + $0.labels.map { $0 + ":" }.joined() + ")" } })
        for (link, builder) in zip(program.links, builders) {
            guard let builder, link.name == nil, link.route >= 0, let old = routeFormer[Int(link.route)],
                  builder.function == program.name(program.routes[Int(link.route)].name) + "URL" else { continue }
            let spelled = builder.labels.map { $0 + ":" }.joined()
            let function = old + "URL"
            guard !SwiftNames.keywords.contains(function), builderTaken.insert(function + "(" + spelled + ")").inserted else { continue }
            let parameters = builder.parameters(self, variables: false).joined(separator: ", ")
            let forwarded = builder.labels.map { "\(SwiftNames.escaped($0)): \(SwiftNames.escaped($0))" }.joined(separator: ", ")
            let signature = "static func \(function)(\(parameters)) -> Swift.String"
            out.append(FormerNameAlias(container: .program, name: "\(function)(\(spelled))", signature: signature, replaces: signature,
                                       renamed: "\(builder.function)(\(spelled))", body: "{ \(builder.function)(\(forwarded)) }",
                                       origin: .link(link.patternText), span: link.span))
        }
    }

    /// The aliases of `container`, written at `indent`: each with its doc
    /// comment and `@available(*, deprecated, renamed:)`.
    mutating func formerNameAliasText(_ aliases: [FormerNameAlias], in container: FormerNameAlias.Container, indent: String) -> String {
        var out = ""
        for alias in aliases where alias.container == container {
            out += "\n\(indent)/// The name before a `was` rename (\(location(alias.span))): use `\(alias.renamed)`.\n"
            out += "\(indent)@available(*, deprecated, renamed: \(SwiftLiteral.quoted(alias.renamed)))\n"
            out += "\(indent)\(access)\(alias.signature)" + (alias.body.isEmpty ? "" : " " + alias.body) + "\n"
        }
        return out
    }
}
