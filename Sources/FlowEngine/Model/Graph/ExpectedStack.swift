/// What `expect stack` says the screen is.
public struct ExpectedStack: Sendable, Equatable {
    /// An expected screen: a route name and, if given, its arguments.
    public struct Entry: Sendable, Equatable {
        public var name: String
        /// nil: any arguments.
        public var arguments: [(String, Value)]?
        public static func == (a: Entry, b: Entry) -> Bool {
            a.name == b.name && a.arguments?.map(\.0) == b.arguments?.map(\.0) && a.arguments?.map(\.1) == b.arguments?.map(\.1)
        }
    }
    /// An expected layer: its kind and its visible stack.
    public struct Layer: Sendable, Equatable {
        public var kind: LayerKind
        public var entries: [Entry]
    }
    public var layers: [Layer]

    /// Why a stack text was refused, in words for the line that holds it.
    public struct SyntaxError: Error, Sendable, Equatable {
        public var text: String
        init(_ text: String) { self.text = text }
    }

    public static func parse(_ text: Substring) -> Result<ExpectedStack, SyntaxError> {
        var scanner = StepScanner(text)
        var layers: [Layer] = []
        repeat {
            var kind = LayerKind.base
            let mark = scanner
            if let word = scanner.identifier(), let modal = LayerKind(rawValue: word), modal != .base, scanner.consume(":") {
                kind = modal
            } else {
                scanner = mark
            }
            var entries: [Entry] = []
            repeat {
                guard let name = scanner.qualifiedName() else {
                    return .failure(.init("expected a route name in 'expect stack', found '\(scanner.rest.prefix(20))'"))
                }
                var arguments: [(String, Value)]?
                if scanner.consume("(") {
                    var list: [(String, Value)] = []
                    repeat {
                        guard let key = scanner.identifier(), scanner.consume(":"), let value = scanner.value() else {
                            return .failure(.init("expected 'name: value' in the arguments of '\(name)'"))
                        }
                        list.append((key, value))
                    } while scanner.consume(",")
                    guard scanner.consume(")") else { return .failure(.init("expected ')' after the arguments of '\(name)'")) }
                    arguments = list
                }
                entries.append(Entry(name: name, arguments: arguments))
            } while scanner.consume(">")
            layers.append(Layer(kind: kind, entries: entries))
        } while scanner.consume("|")
        guard scanner.atEnd else { return .failure(.init("unexpected '\(scanner.rest.prefix(20))' in 'expect stack'")) }
        if layers.first?.kind != .base { return .failure(.init("the first layer is the app's base: it has no 'sheet:', 'cover:', 'alert:', 'dialog:' or 'popover:'")) }
        return .success(ExpectedStack(layers: layers))
    }
}

extension Program {
    /// Whether `name` names `route` as scripts and stack texts write it:
    /// `route` or `Flow.route`.
    package func route(_ route: RouteID, isNamed name: String) -> Bool {
        name == self.name(routes[Int(route)].name) || name == qualifiedName(route)
    }
}
