import FlowEngine

/// One declaration of the generated Swift API (docs/generated-api.md) that app code
/// compiles against: a case of `Screen`, `Event`, `Guard` or `Tab`, a
/// flow's route enum, a deep-link builder, the program type itself.
///
/// `flowctl diff` compares two releases' declarations by `name` (what app
/// code spells) and `signature` (what it must agree with), never by the
/// whole generated text: comments, ids and the embedded program change
/// with every edit and break nobody.
package struct SwiftDeclaration: Hashable, Sendable {
    /// What the declaration is generated from, so that a change can be
    /// told together with the edit that caused it.
    package enum Origin: Hashable, Sendable {
        case program
        /// A flow, by name.
        case flow(String)
        /// A route, as `Flow.route`.
        case route(String)
        /// A user event, by name.
        case event(String)
        /// A guard, by name.
        case guardName(String)
        /// A flow used as a tab, by name.
        case tab(String)
        /// A link, by its pattern as written.
        case link(String)
        /// (v2) An event one route can send (its `<Route>Event` case): the
        /// route as `Flow.route`, the event by name.
        case screenEvent(route: String, event: String)
    }

    /// The name relative to the program type: `Screen.Shop.product`,
    /// `Event.select(id:)`, `Tab.home`, `productURL(id:)`; `Self` for the program type.
    public var name: String
    /// The declaration as written: `case product(id: Swift.String)`.
    package var signature: String
    package var origin: Origin
    /// Where in the program it comes from.
    package var span: SourceSpan
    /// (v2) For a deprecated alias a `was` rename keeps: the old release's
    /// declaration of that name it stands in for (`case home` for
    /// `static var home: Self`); app code that used one compiles with the other.
    package var replaces: String?

    package init(name: String, signature: String, origin: Origin, span: SourceSpan, replaces: String? = nil) {
        self.name = name
        self.signature = signature
        self.origin = origin
        self.span = span
        self.replaces = replaces
    }
}

extension SwiftGenerator {
    /// The declarations `generate(_:options:)` writes for `program`, in
    /// the order it writes them; throws what `generate` would.
    ///
    /// - Complexity: O(declarations of the program).
    package static func declarations(of program: Program, options: Options = Options()) throws(GenerateError) -> [SwiftDeclaration] {
        try prepared(program, options: options, withFiles: false).declarations()
    }

    func declarations() -> [SwiftDeclaration] {
        let names = self.names
        let sendable = screenEvents()
        let eventTypeNames = screenEventTypeNames()
        var out: [SwiftDeclaration] = []
        let entry = program.flows[Int(program.entry)]
        out.append(SwiftDeclaration(name: "Self", signature: "enum \(name): FlowProgram", origin: .program, span: entry.span))
        for (f, flow) in program.flows.enumerated() {
            guard let caseName = names.flowCase[f], let typeName = names.flowType[f] else { continue }
            let flowName = program.name(flow.name)
            out.append(SwiftDeclaration(name: "Screen.\(caseName)", signature: "case \(SwiftNames.escaped(caseName))(\(typeName))",
                                        origin: .flow(flowName), span: flow.span))
            for r in flow.routes.range {
                let route = program.routes[r]
                let parameters = routeParameters(r, defaults: false)
                let payload = parameters.isEmpty ? "" : "(" + parameters.joined(separator: ", ") + ")"
                out.append(SwiftDeclaration(name: "Screen.\(typeName).\(names.routeCase[r])",
                                            signature: "case \(SwiftNames.escaped(names.routeCase[r]))\(payload)",
                                            origin: .route(program.qualifiedName(RouteID(r))), span: route.span))
            }
            // What each screen can send (v2): a case gone breaks the code that sends it from there.
            for r in flow.routes.range {
                for i in sendable[r] {
                    let (signature, key) = eventCaseText(i)
                    out.append(SwiftDeclaration(name: "Screen.\(typeName).\(eventTypeNames[r]).\(key)", signature: signature,
                                                origin: .screenEvent(route: program.qualifiedName(RouteID(r)),
                                                                     event: program.name(interface.events[i].name)),
                                                span: program.routes[r].span))
                }
            }
        }
        for (i, event) in interface.events.enumerated() {
            // The case by its own name; an overloaded event also by its factory.
            out.append(SwiftDeclaration(name: "Event.\(eventKey(names.eventCase[i], i))", signature: eventCaseText(i).signature,
                                        origin: .event(program.name(event.name)), span: program.handlers[Int(interface.eventHandlers[i])].span))
            if let factory = names.eventFactory[i] {
                out.append(SwiftDeclaration(name: "Event.\(eventKey(factory, i))", signature: "static func \(SwiftNames.escaped(factory))\(eventPayload(i)) -> Event",
                                            origin: .event(program.name(event.name)), span: program.handlers[Int(interface.eventHandlers[i])].span))
            }
            if let alias = names.eventAlias[i] {
                out.append(SwiftDeclaration(name: "Event.\(alias)", signature: "static var \(SwiftNames.escaped(alias)): Event",
                                            origin: .event(program.name(event.name)), span: program.handlers[Int(interface.eventHandlers[i])].span))
            }
        }
        for i in systemEvents() {
            let (signature, key) = eventCaseText(i)
            out.append(SwiftDeclaration(name: "SystemEvent.\(key)", signature: signature,
                                        origin: .event(program.name(interface.events[i].name)), span: program.handlers[Int(interface.eventHandlers[i])].span))
        }
        var guardSpans: [Symbol: SourceSpan] = [:]
        for handler in program.handlers {
            if let condition = handler.guardCondition, guardSpans[condition.name] == nil { guardSpans[condition.name] = handler.span }
        }
        for (guardName, caseName) in zip(interface.guards, names.guardCase) {
            let raw = program.name(guardName)
            out.append(SwiftDeclaration(name: "Guard.\(caseName)", signature: "case \(SwiftNames.escaped(caseName)) = \(SwiftLiteral.quoted(raw))",
                                        origin: .guardName(raw), span: guardSpans[guardName] ?? .none))
        }
        for (tab, caseName) in zip(interface.tabs, names.tabCase) {
            let raw = program.name(program.flows[Int(tab)].name)
            out.append(SwiftDeclaration(name: "Tab.\(caseName)", signature: "case \(SwiftNames.escaped(caseName)) = \(SwiftLiteral.quoted(raw))",
                                        origin: .tab(raw), span: program.flows[Int(tab)].span))
        }
        for (link, builder) in zip(program.links, linkBuilderNames()) {
            guard let builder else { continue }
            let parameters = builder.parameters(self, variables: false)
            out.append(SwiftDeclaration(name: builder.function + "(" + builder.labels.map { $0 + ":" }.joined() + ")",
                                        signature: "static func \(builder.function)(\(parameters.joined(separator: ", "))) -> Swift.String",
                                        origin: .link(link.patternText), span: link.span))
        }
        for alias in formerNameAliases() {
            out.append(SwiftDeclaration(name: alias.name, signature: alias.signature, origin: alias.origin, span: alias.span, replaces: alias.replaces))
        }
        return out
    }
}
