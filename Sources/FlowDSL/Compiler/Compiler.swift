import FlowModel

/// The outcome of compiling a program: the graph, and every finding of the
/// syntax and name-resolution stages (F0xx, F1xx, F301–F303).
package struct CompileResult: Sendable {
    public var program: Program
    public var diagnostics: [Diagnostic]
    /// Every file's `// flowctl:allow` comments (v1), file by file in source order.
    package var allows: [AllowComment] = []

    /// Whether any file had a syntax error (F0xx): then no analysis may run.
    package var hasSyntaxErrors: Bool {
        diagnostics.contains { $0.code.rawValue < "F100" }
    }
}

/// Resolves the parsed files of a program into a `Program`.
///
/// Passes, each linear in the size of the input:
/// 1. declarations: flows (F103 across files) and their routes, parameters
///    and attributes (F103, F108, F113);
/// 2. bodies, one flow at a time: `start`, `tabs`, handlers and actions,
///    with route names looked up in a table indexed by symbol id that holds
///    the current flow's routes (F101–F104, F107–F109, F112);
/// 3. the entry (F106), then the flow tree: F110–F112;
/// 4. links (F301–F303);
/// 5. `check` properties (v2): their names (F101, F102).
/// A construct that does not resolve is reported once and left out, so no
/// later stage sees it and nothing cascades from it.
package struct Compiler {
    var program = Program()
    var diagnostics: [Diagnostic] = []
    var trees: [SyntaxTree]
    /// Symbol id → flow id, or -1.
    var flowBySymbol: [FlowID]
    /// Symbol id → route id of the flow being compiled, or -1.
    var routeBySymbol: [RouteID]
    /// For each flow id, its declaration: (tree index, flow index in the tree).
    var flowDecls: [(tree: Int, index: Int)] = []
    /// For each route id, its declaration index in its tree.
    var routeDecls: [Int] = []
    /// The handler signatures of the owner being compiled (F109); reused.
    var seenHandlers = HandlerSignatures()
    /// Each scoped handler (`on E from F`) and where F is written, checked
    /// against the flow tree once it is known (F110).
    var scopeSpans: [(handler: HandlerID, span: SourceSpan)] = []
    /// Parameters (indexes into `program.parameters`) whose default is of
    /// another type (F108): argument lists may leave them out all the same.
    var badDefaults = Set<Int32>()
    /// For each entry of `program.tabFlows`, the span of its name in `tabs`.
    var tabSpans: [SourceSpan] = []
    let keywords: KnownSymbols

    /// Compiles what `loader` loaded.
    public static func compile(_ loader: consuming SourceLoader) -> CompileResult {
        let (symbols, files, diagnostics) = (loader.symbols, loader.files, loader.diagnostics)
        return compile(trees: loader.takeTrees(), symbols: symbols, files: files, diagnostics: diagnostics)
    }

    /// Compiles the trees of `files`, in order (a file's one tree, or
    /// the trees of its pieces: `Parser.parseTrees`), with the loader's findings.
    /// The trees are the compiler's: the bodies of one are let go once its
    /// flows are compiled (`releaseBodies(after:)`).
    static func compile(trees: consuming [SyntaxTree], symbols: SymbolTable, files: [SourceFile],
                        diagnostics: [Diagnostic]) -> CompileResult {
        var compiler = Compiler(trees: trees, symbols: symbols)
        compiler.program.files = files
        compiler.diagnostics = diagnostics
        for tree in compiler.trees { compiler.diagnostics.append(contentsOf: tree.diagnostics) }
        compiler.reserveCapacity()
        compiler.declareFlows()
        compiler.checkFormerNames()
        for flow in compiler.program.flows.indices {
            compiler.compileBody(of: FlowID(flow))
            compiler.releaseBodies(after: FlowID(flow))
        }
        compiler.checkPayloads()
        compiler.checkSystemEvents()
        // The flow tree does not depend on which flow is the entry: built once.
        var topology = FlowTopology(compiler.program)
        compiler.chooseEntry(topology)
        let handlerCount = compiler.program.handlers.count
        compiler.compileLinks(topology)
        // A gated link's actions (v1) may start flows: the tree includes them.
        if compiler.program.handlers.count != handlerCount { topology = FlowTopology(compiler.program) }
        compiler.checkFlowTree(topology)
        compiler.compileChecks()
        compiler.checkGeneratedInterface()
        compiler.diagnostics.sort(by: Diagnostic.sourceOrder)
        compiler.program.runBlockers = compiler.diagnostics.filter(\.code.stopsRunning)
        return CompileResult(program: compiler.program, diagnostics: compiler.diagnostics,
                             allows: compiler.trees.flatMap(\.allows))
    }

    init(trees: consuming [SyntaxTree], symbols: SymbolTable) {
        self.trees = trees
        var symbols = symbols
        keywords = KnownSymbols(&symbols)
        program.symbols = symbols
        flowBySymbol = [FlowID](repeating: -1, count: symbols.count)
        routeBySymbol = [RouteID](repeating: -1, count: symbols.count)
    }

    /// Sizes the program's arrays from the trees, so that compiling never
    /// reallocates them (each is at most the sum of what the files declare).
    mutating func reserveCapacity() {
        func total(_ count: (SyntaxTree) -> Int) -> Int { trees.reduce(0) { $0 + count($1) } }
        program.flows.reserveCapacity(total { $0.flows.count })
        program.routes.reserveCapacity(total { $0.routes.count })
        program.titles.reserveCapacity(total { $0.routes.count })
        program.handlers.reserveCapacity(total { $0.handlers.count })
        program.actions.reserveCapacity(total { $0.actions.count })
        program.targets.reserveCapacity(total { $0.targets.count })
        program.arguments.reserveCapacity(total { $0.arguments.count })
        program.parameters.reserveCapacity(total { $0.parameters.count })
        program.links.reserveCapacity(total { $0.links.count })
        routeDecls.reserveCapacity(total { $0.routes.count })
    }

    mutating func report(_ code: DiagnosticCode, _ span: SourceSpan, _ message: String, notes: [DiagnosticNote] = []) {
        diagnostics.append(Diagnostic(code, at: span, message, notes: notes))
    }

    /// A name for a message (shortened when very long).
    func text(_ symbol: Symbol) -> String { Diagnostic.quoted(program.symbols[symbol]) }

    /// " (did you mean 'x'?)" when a candidate is close to `word`, else "".
    func didYouMean<S: Sequence>(_ word: Symbol, _ candidates: S) -> String where S.Element == Symbol {
        guard let match = Suggestion.closest(to: text(word), among: candidates.lazy.map { self.text($0) }) else { return "" }
        return "; did you mean '\(match)'?"
    }
}

/// The symbols of the language's fixed words that the compiler compares
/// against: type names and attributes.
struct KnownSymbols {
    let string, int, bool, double: Symbol
    let entry, final, noBack, locked: Symbol
    /// The route attribute `busy` (v2).
    let busy: Symbol
    /// The handler attribute `system` (v2), and the implicit event `back`.
    let system, back: Symbol

    init(_ symbols: inout SymbolTable) {
        string = symbols.intern("String")
        int = symbols.intern("Int")
        bool = symbols.intern("Bool")
        double = symbols.intern("Double")
        entry = symbols.intern("entry")
        final = symbols.intern("final")
        noBack = symbols.intern("noBack")
        locked = symbols.intern("locked")
        busy = symbols.intern("busy")
        system = symbols.intern("system")
        // The runtime names these in every program, written there or not:
        // the implicit `back` event and the implicit `cancel` result.
        back = symbols.intern("back")
        _ = symbols.intern("cancel")
    }

    func type(_ symbol: Symbol) -> ValueType? {
        switch symbol {
        case string: .string
        case int: .int
        case bool: .bool
        case double: .double
        default: nil
        }
    }
}
