/// The program's tables, in the order the image holds them. Each `write`
/// has a `read` below it that reads the same fields in the same order.
extension ProgramImage {
    static func writeTables(of program: Program, filePaths: [String]?, to w: inout ImageWriter) {
        for name in program.symbols.names { w.string(name) }
        for (i, file) in program.files.enumerated() { w.string(filePaths.map { i < $0.count ? $0[i] : file.path } ?? file.path) }
        for flow in program.flows { writeFlow(flow, &w) }
        for route in program.routes { writeRoute(route, &w) }
        for handler in program.handlers { writeHandler(handler, &w) }
        for action in program.actions { writeAction(action, &w) }
        for target in program.targets {
            w.int32(target.route)
            w.range(target.arguments)
            w.span(target.span)
        }
        for argument in program.arguments { writeArgument(argument, &w) }
        for parameter in program.parameters {
            w.symbol(parameter.name)
            w.byte(valueTypeTag(parameter.type))
            w.span(parameter.span)
            w.bool(parameter.defaultValue != nil)
            if let value = parameter.defaultValue { writeValue(value, &w) }
        }
        for item in program.startItems {
            writeStart(item.target, &w)
            w.optionalGuard(item.guardCondition)
            w.range(item.arguments)
            w.span(item.span)
        }
        for flow in program.tabFlows { w.int32(flow) }
        for link in program.links { writeLink(link, &w) }
        for title in program.titles { w.optionalString(title) }
        w.int32(program.entry)
        for check in program.checks { writeCheck(check, &w) }
        for former in program.formerNames {
            w.int32(former.flow)
            w.int32(former.route)
            w.string(former.name)
            w.span(former.span)
        }
    }

    static func readTables(_ r: inout ImageReader) throws(ProgramImageError) -> Program {
        let sizes = r.sizes
        var program = Program()
        for _ in 0..<sizes.symbols { _ = program.symbols.intern(try r.string()) }
        guard program.symbols.count == sizes.symbols else { throw r.damaged("a name is listed twice") }
        for _ in 0..<sizes.files { program.files.append(SourceFile(path: try r.string(), bytes: [])) }
        program.flows = try (0..<sizes.flows).map { _ throws(ProgramImageError) in try readFlow(&r) }
        program.routes = try (0..<sizes.routes).map { _ throws(ProgramImageError) in try readRoute(&r) }
        program.handlers = try (0..<sizes.handlers).map { _ throws(ProgramImageError) in try readHandler(&r) }
        program.actions = try (0..<sizes.actions).map { _ throws(ProgramImageError) in try readAction(&r) }
        program.targets = try (0..<sizes.targets).map { _ throws(ProgramImageError) in
            Target(route: try r.index(below: sizes.routes, "route"), arguments: try r.range(within: sizes.arguments, "arguments"),
                   span: try r.span())
        }
        program.arguments = try (0..<sizes.arguments).map { _ throws(ProgramImageError) in try readArgument(&r) }
        program.parameters = try (0..<sizes.parameters).map { _ throws(ProgramImageError) in
            var parameter = Parameter(name: try r.symbol(), type: try readValueType(&r), span: try r.span())
            if try r.bool() { parameter.defaultValue = try readValue(&r) }
            return parameter
        }
        program.startItems = try (0..<sizes.startItems).map { _ throws(ProgramImageError) in
            StartItem(target: try readStart(&r), guardCondition: try r.optionalGuard(),
                      arguments: try r.range(within: sizes.arguments, "arguments"), span: try r.span())
        }
        program.tabFlows = try (0..<sizes.tabFlows).map { _ throws(ProgramImageError) in try r.index(below: sizes.flows, "flow") }
        program.links = try (0..<sizes.links).map { _ throws(ProgramImageError) in try readLink(&r) }
        program.titles = try (0..<sizes.routes).map { _ throws(ProgramImageError) in try r.optionalString() }
        program.entry = try r.index(below: sizes.flows, "entry flow", allowingNone: true)
        program.checks = try (0..<sizes.checks).map { _ throws(ProgramImageError) in try readCheck(&r) }
        program.formerNames = try (0..<sizes.formerNames).map { _ throws(ProgramImageError) in
            FormerName(flow: try r.index(below: sizes.flows, "flow"), route: try r.index(below: sizes.routes, "route", allowingNone: true),
                       name: try r.string(), span: try r.span())
        }
        return program
    }

    // MARK: Flows and routes

    private static func writeFlow(_ flow: Flow, _ w: inout ImageWriter) {
        w.symbol(flow.name)
        w.span(flow.span)
        w.bool(flow.isMarkedEntry)
        writeStart(flow.start, &w)
        w.span(flow.startSpan)
        for range in [flow.starts, flow.parameters, flow.tabs, flow.routes, flow.handlers] { w.range(range) }
    }

    private static func readFlow(_ r: inout ImageReader) throws(ProgramImageError) -> Flow {
        let s = r.sizes
        var flow = Flow(name: try r.symbol(), span: try r.span(), isMarkedEntry: try r.bool(), start: try readStart(&r),
                        startSpan: try r.span(), tabs: .empty, routes: .empty, handlers: .empty)
        flow.starts = try r.range(within: s.startItems, "start items")
        flow.parameters = try r.range(within: s.parameters, "parameters")
        flow.tabs = try r.range(within: s.tabFlows, "tabs")
        flow.routes = try r.range(within: s.routes, "routes")
        flow.handlers = try r.range(within: s.handlers, "handlers")
        return flow
    }

    private static func writeStart(_ start: FlowStart, _ w: inout ImageWriter) {
        switch start {
        case .none: w.byte(0)
        case .route(let route): w.byte(1); w.int32(route)
        case .flow(let flow): w.byte(2); w.int32(flow)
        }
    }

    private static func readStart(_ r: inout ImageReader) throws(ProgramImageError) -> FlowStart {
        switch try r.byte() {
        case 0: return .none
        case 1: return .route(try r.index(below: r.sizes.routes, "route"))
        case 2: return .flow(try r.index(below: r.sizes.flows, "flow"))
        default: throw r.damaged("a start's tag is unknown")
        }
    }

    private static func writeRoute(_ route: Route, _ w: inout ImageWriter) {
        w.symbol(route.name)
        w.int32(route.flow)
        w.span(route.span)
        w.range(route.parameters)
        w.byte(route.attributes.rawValue)
        w.range(route.handlers)
    }

    private static func readRoute(_ r: inout ImageReader) throws(ProgramImageError) -> Route {
        let s = r.sizes
        return Route(name: try r.symbol(), flow: try r.index(below: s.flows, "flow"), span: try r.span(),
                     parameters: try r.range(within: s.parameters, "parameters"),
                     attributes: RouteAttributes(rawValue: try r.byte()), handlers: try r.range(within: s.handlers, "handlers"))
    }

    // MARK: Handlers and actions

    private static func writeHandler(_ handler: Handler, _ w: inout ImageWriter) {
        w.int32(handler.flow)
        w.int32(handler.route)
        w.int32(handler.event.flow)
        w.symbol(handler.event.name)
        w.range(handler.parameters)
        w.optionalGuard(handler.guardCondition)
        w.range(handler.actions)
        w.span(handler.span)
        w.bool(handler.isSystem)
        w.int32(handler.scope)
    }

    private static func readHandler(_ r: inout ImageReader) throws(ProgramImageError) -> Handler {
        let s = r.sizes
        var handler = Handler(flow: try r.index(below: s.flows, "flow"), route: try r.index(below: s.routes, "route", allowingNone: true),
                              event: EventKey(flow: try r.index(below: s.flows, "flow", allowingNone: true), name: try r.symbol()),
                              parameters: try r.range(within: s.parameters, "parameters"), guardCondition: try r.optionalGuard(),
                              actions: try r.range(within: s.actions, "actions"), span: try r.span())
        handler.isSystem = try r.bool()
        handler.scope = try r.index(below: s.flows, "flow", allowingNone: true)
        return handler
    }

    private static func writeAction(_ action: Action, _ w: inout ImageWriter) {
        w.byte(actionKindTag(action.kind))
        w.range(action.targets)
        w.int32(action.flow)
        w.byte(startModeTag(action.mode))
        w.optionalSymbol(action.result)
        w.range(action.arguments)
        w.optionalSymbol(action.transition)
        w.optionalGuard(action.assumedGuard)
        w.span(action.span)
    }

    private static func readAction(_ r: inout ImageReader) throws(ProgramImageError) -> Action {
        let s = r.sizes
        var action = Action(kind: try readActionKind(&r), targets: try r.range(within: s.targets, "targets"),
                            flow: try r.index(below: s.flows, "flow", allowingNone: true), mode: try readStartMode(&r),
                            result: try r.optionalSymbol(), transition: nil, span: .none)
        action.arguments = try r.range(within: s.arguments, "arguments")
        action.transition = try r.optionalSymbol()
        action.assumedGuard = try r.optionalGuard()
        action.span = try r.span()
        return action
    }

    // MARK: Arguments and values

    private static func writeArgument(_ argument: Argument, _ w: inout ImageWriter) {
        w.symbol(argument.name)
        w.int32(argument.parameter)
        switch argument.source {
        case .literal(let value): w.byte(0); writeValue(value, &w)
        case .eventParameter(let p): w.byte(1); w.int32(p)
        case .routeParameter(let p): w.byte(2); w.int32(p)
        case .flowParameter(let p): w.byte(3); w.int32(p)
        case .capture(let name): w.byte(4); w.symbol(name)
        }
        w.span(argument.span)
    }

    private static func readArgument(_ r: inout ImageReader) throws(ProgramImageError) -> Argument {
        let name = try r.symbol()
        let parameter = try r.position()
        let source: ArgumentSource
        switch try r.byte() {
        case 0: source = .literal(try readValue(&r))
        case 1: source = .eventParameter(try r.position())
        case 2: source = .routeParameter(try r.position())
        case 3: source = .flowParameter(try r.position())
        case 4: source = .capture(try r.symbol())
        default: throw r.damaged("an argument's tag is unknown")
        }
        return Argument(name: name, parameter: parameter, source: source, span: try r.span())
    }

    private static func writeValue(_ value: Value, _ w: inout ImageWriter) {
        switch value {
        case .string(let text): w.byte(0); w.string(text)
        case .int(let number): w.byte(1); w.signed(Int64(number))
        case .bool(let flag): w.byte(2); w.bool(flag)
        case .double(let number): w.byte(3); w.double(number)
        }
    }

    private static func readValue(_ r: inout ImageReader) throws(ProgramImageError) -> Value {
        switch try r.byte() {
        case 0: return .string(try r.string())
        case 1:
            let number = try r.signed()
            guard let value = Int(exactly: number) else { throw r.damaged("an Int (\(number)) is out of range") }
            return .int(value)
        case 2: return .bool(try r.bool())
        case 3: return .double(try r.double())
        default: throw r.damaged("a value's tag is unknown")
        }
    }
}
