import Foundation
import FlowDSL
import FlowEngine

/// The differential oracle (issue items 5 and 6): random walks that do
/// what users do (events with sample arguments, `back`, tab taps, deep
/// links, guard changes, from every launch valuation of up to 4 guards)
/// judge `validate`'s findings by the engine's own states.
///
/// At each state a walk visits, the user is *stuck* when the active route
/// is not `[final]` and no user step leads to a different state under any
/// values of the guards the step reads: each handler on the active route's
/// dispatch chain (with sample arguments), `back`, each tab tap (the "way out" of
/// docs/diagnostics.md#findings-on-the-engines-states; opening a URL is none).
/// A state inside a child that is expected to finish (every way its parent
/// starts it is pushed, `as sheet` or `as cover`) is *trapped* when a
/// bounded search over user steps and guard changes never ends the child.
/// A stuck or trapped state at a route where `validate` reported neither
/// F203 nor F204 is a miss; so is a broken engine invariant, and a finding
/// whose `path` does not replay or does not end at the finding's place.
public struct Differential {
    /// One disagreement between `validate` and the engine.
    public struct Miss: Sendable, CustomStringConvertible {
        public enum Kind: String, Sendable { case stuck, trapped, path, invariant }
        public var kind: Kind
        /// The code `validate` should have reported (F203, F204), or that of the bad path.
        public var code: String
        /// The route (`Flow.route`) where the walk got stuck, or the finding's message.
        public var place: String
        public var program: String
        public var seed: UInt64
        /// Script lines from the launch (leading `assume` lines are the launch valuation).
        public var steps: [String]
        public var detail: String

        public init(kind: Kind, code: String, place: String, program: String, seed: UInt64, steps: [String], detail: String) {
            self.kind = kind
            self.code = code
            self.place = place
            self.program = program
            self.seed = seed
            self.steps = steps
            self.detail = detail
        }

        /// What makes two misses the same kind of bug, for deduplication.
        public var shape: String { "\(kind.rawValue) \(code) " + Differential.shape(of: program) }

        public var description: String {
            "\(kind.rawValue) at \(place), expected \(code) (seed \(seed)): \(detail)\n  // steps: \(steps.joined(separator: ", "))\n"
                + program.split(separator: "\n", omittingEmptySubsequences: false).map { "  | " + $0 }.joined(separator: "\n")
        }
    }

    public let source: String
    public let program: Program
    public let diagnostics: [Diagnostic]
    /// The guards, by name, in name order: the walk flips them, launches take every valuation of the first 4.
    public let guardNames: [String]
    let guardSymbols: [Symbol]
    /// The lines (1-based) where F203 or F204 was reported.
    let reportedLines: Set<Int>
    /// For each flow: whether its parent starts it only in ways that expect it to finish.
    let expectedToFinish: [Bool]
    /// The byte offset where each line starts, to turn spans into lines.
    let lineStarts: [Int]
    /// The URLs a step may open (`Program.linkSamples`), worked out once.
    let sampleURLs: [String]
    /// Bound of the trap search, in states.
    public var trapSearchLimit = 250
    /// Whether validate's state exploration stopped at a limit (its note says
    /// so, and claims nothing beyond): the walks then judge nothing.
    public let isBounded: Bool

    /// The exploration's work budget for a random program (about 0.15 s of a
    /// release build; validate's own is up to 20 times more): most random
    /// programs that pass it never end, and each would spend the whole budget.
    public static let explorationWork = 8_000_000

    /// Nil for a program the engine does not run (F0xx/F1xx errors, no entry).
    /// `exploresStates: false` judges the flow graph's approximations
    /// instead of the state graph (validate's fallback past its limits).
    public init?(source: String, exploresStates: Bool = true) {
        let validation = Validation.run(text: source, exploresStates: exploresStates, explorationWork: Differential.explorationWork)
        guard validation.program.runBlockers.isEmpty, validation.program.entry >= 0 else { return nil }
        self.source = source
        // Past the exploration's limits validate says it proved nothing more (its note): judged as such.
        isBounded = validation.explorationNote != nil && exploresStates
        let program = validation.program
        self.program = program
        sampleURLs = program.linkSamples.map(\.url)
        diagnostics = validation.diagnostics
        let names = program.guardSymbols.keys.sorted()
        guardNames = names
        guardSymbols = names.map { program.symbols.lookup($0) ?? Symbol(-1) }
        var starts = [0]
        for (offset, byte) in source.utf8.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
        lineStarts = starts
        var lines: Set<Int> = []
        for d in validation.diagnostics where d.code == .deadEnd || d.code == .trap {
            lines.insert(Differential.line(of: Int(d.span.start), starts))
        }
        reportedLines = lines
        expectedToFinish = Differential.expectedToFinish(program)
    }

    static func line(of offset: Int, _ starts: [Int]) -> Int {
        var low = 0, high = starts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low + 1
    }

    func line(of span: SourceSpan) -> Int { Differential.line(of: Int(span.start), lineStarts) }

    /// Every flow whose starts (actions and start items, anywhere) are all pushed, `as sheet` or `as cover`.
    static func expectedToFinish(_ program: Program) -> [Bool] {
        var finishing = [Bool](repeating: false, count: program.flows.count)
        var other = [Bool](repeating: false, count: program.flows.count)
        for action in program.actions where action.kind == .start && action.flow >= 0 {
            switch action.mode {
            case .push, .sheet, .cover: finishing[Int(action.flow)] = true
            default: other[Int(action.flow)] = true
            }
        }
        for item in program.startItems { if case .flow(let f) = item.target { other[Int(f)] = true } }
        for f in program.tabFlows { other[Int(f)] = true }
        for f in program.flows.indices where program.flows[f].isTabContainer { other[f] = true }
        return zip(finishing, other).map { $0 && !$1 }
    }

    // MARK: - Steps

    /// The user steps at the state of `navigator`: handlers on the dispatch
    /// chain (all of them, whatever their guards), back, tab taps; with
    /// `system`, the `[system]` handlers too (steps of the app, which a walk
    /// takes, but never a way out: docs/language.md).
    func userSteps(_ navigator: Navigator, links: Bool, system: Bool = false) -> [PathStep] {
        guard let active = navigator.state.activeIDs else { return [] }
        var steps: [PathStep] = []
        for h in program.routes[Int(active.route)].handlers.range where !program.handlers[h].event.isResult {
            if system || !program.handlers[h].isSystem { steps.append(.send(HandlerID(h))) }
        }
        for instance in navigator.state.ancestry(of: active.instance) {
            let flow = navigator.state.instances[Int(instance)].flow
            for h in program.flows[Int(flow)].handlers.range where !program.handlers[h].event.isResult {
                if system || !program.handlers[h].isSystem { steps.append(.send(HandlerID(h))) }
            }
        }
        steps.append(.back)
        if let top = navigator.state.layers.last, top.isTabContainer {
            for tab in program.tabs(of: navigator.state.instances[Int(top.container)].flow) { steps.append(.tab(tab)) }
        }
        if links { for s in sampleURLs.indices { steps.append(.open(Int32(s))) } }
        return steps
    }

    /// Whether a URL of the class of the link sample `s`'s URL (`Program.gateText(of:)`,
    /// by the link each URL matches) is pending in `navigator`'s state.
    func waitsInClass(of s: Int32, _ navigator: Navigator) -> Bool {
        guard let pending = navigator.state.pendingLink,
              let waiting = try? navigator.match(pending.url).0,
              let opened = try? navigator.match(sampleURLs[Int(s)]).0,
              let text = program.gateText(of: waiting) else { return false }
        return program.gateText(of: opened) == text
    }

    /// Whether `handler`'s guard holds in `navigator`'s state.
    func holds(_ handler: HandlerID, _ navigator: Navigator) -> Bool {
        guard let g = program.handlers[Int(handler)].guardCondition else { return true }
        return navigator.state.guards.contains(g.name) != g.negated
    }

    /// Whether the user is stuck at `navigator`'s state (see the type's comment).
    public func isStuck(_ navigator: Navigator) -> Bool {
        guard let active = navigator.state.activeIDs else { return false }
        let route = program.routes[Int(active.route)]
        if route.attributes.contains(.final) { return false }
        // A route whose own `[system]` handlers lead somewhere waits for the app (an upload): no dead end.
        for h in route.handlers.range where program.handlers[h].isSystem && leadsOut(.send(HandlerID(h)), from: navigator) {
            return false
        }
        for step in userSteps(navigator, links: false) where leadsOut(step, from: navigator) { return false }
        return true
    }

    /// Whether `step` leads to a different state under some values of the
    /// guards (docs/diagnostics.md#findings-on-the-engines-states's way out): it runs with the guards as they are,
    /// then again with each guard it read flipped (those read before it
    /// kept), until every sequence of reads has run. This oracle's own
    /// branching, apart from the explorer's `GuardBranching`.
    func leadsOut(_ step: PathStep, from navigator: Navigator) -> Bool {
        var pending: [[(symbol: Symbol, value: Bool)]] = [[]]
        var runs = 0
        while let fixed = pending.popLast(), runs < 256 {
            runs += 1
            var copy = navigator
            copy.recordsEffects = false
            for (symbol, value) in fixed { copy.assume(program.name(symbol), value) }
            let before = copy.state
            let log = GuardReadLog()
            copy.guardReads = log
            do throws(NavigationError) {
                try step.perform(on: &copy)
                if copy.state != before { return true }
            } catch {}
            var known = fixed
            for (i, symbol) in log.symbols.enumerated() where !known.contains(where: { $0.symbol == symbol }) {
                pending.append(known + [(symbol, !log.values[i])])
                known.append((symbol, log.values[i]))
            }
        }
        return false
    }

    /// The innermost running instance, from the active one up, whose flow is expected to finish.
    func finishingInstance(_ navigator: Navigator) -> Int32? {
        guard let active = navigator.state.activeIDs else { return nil }
        for instance in navigator.state.ancestry(of: active.instance) {
            let i = navigator.state.instances[Int(instance)]
            if i.parent >= 0 && expectedToFinish[Int(i.flow)] { return instance }
        }
        return nil
    }

    /// Whether the child `instance` can never end from `navigator`'s state by
    /// user steps and guard changes (links excluded), within `trapSearchLimit`
    /// states; nil when the search hit its bound.
    func isTrapped(_ navigator: Navigator, child instance: Int32) -> Bool? {
        let identity = navigator.state.instances[Int(instance)]
        func ended(_ state: NavigationState) -> Bool {
            guard Int(instance) < state.instances.count else { return true }
            let now = state.instances[Int(instance)]
            return !now.isRunning || now.flow != identity.flow || now.parent != identity.parent
        }
        var seen: Set<NavigationState> = [navigator.state]
        var queue = [navigator]
        var next = 0
        while next < queue.count {
            let current = queue[next]
            next += 1
            var steps = userSteps(current, links: false)
            for g in guardSymbols.indices { steps.append(.assume(guardSymbols[g], !current.state.guards.contains(guardSymbols[g]))) }
            for step in steps {
                var copy = current
                copy.recordsEffects = false
                do throws(NavigationError) { try step.perform(on: &copy) } catch { continue }
                if ended(copy.state) { return false }
                if seen.insert(copy.state).inserted {
                    if seen.count > trapSearchLimit { return nil }
                    queue.append(copy)
                }
            }
        }
        return true
    }

    /// Whether the state is inside a child expected to finish that no user steps end (see `isTrapped`).
    public func isTrappedHere(_ navigator: Navigator) -> Bool {
        guard let child = finishingInstance(navigator) else { return false }
        return isTrapped(navigator, child: child) == true
    }

    /// The codes validate reports at the route active in `navigator`'s state.
    public func codes(at navigator: Navigator) -> [String] {
        guard let active = navigator.state.activeIDs else { return [] }
        let routeLine = line(of: program.routes[Int(active.route)].span)
        return diagnostics.filter { line(of: $0.span) == routeLine }.map(\.code.rawValue)
    }

    /// The steps of a fixture's first line, `// steps: a, b(x: 1, y: 2), back; …`:
    /// split at commas outside parentheses and quotes, up to a `;`.
    public static func steps(inComment line: Substring) -> [String]? {
        guard let start = line.range(of: "// steps:")?.upperBound else { return nil }
        var steps: [String] = []
        var current = ""
        var depth = 0
        var quoted = false
        for ch in line[start...] {
            if quoted { current.append(ch); if ch == "\"" { quoted = false }; continue }
            if ch == "\"" { quoted = true } else if ch == "(" { depth += 1 } else if ch == ")" { depth -= 1 }
            if depth == 0 && (ch == "," || ch == ";") {
                steps.append(current)
                current = ""
                if ch == ";" { break }
                continue
            }
            current.append(ch)
        }
        if !current.isEmpty && !line[start...].contains(";") { steps.append(current) }
        return steps.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && $0 != "(none)" }
    }

    // MARK: - Walks

    /// What one walk or a whole check found.
    public struct Outcome: Sendable {
        public var walks = 0
        public var states = 0
        public var misses: [Miss] = []
        public init() {}
    }

    /// Every launch valuation of the first 4 guards, as the names set.
    public var launches: [[String]] {
        let names = Array(guardNames.prefix(4))
        return (0..<(1 << names.count)).map { mask in names.indices.filter { mask & (1 << $0) != 0 }.map { names[$0] } }
    }

    /// One walk of `steps` random user steps (links and guard changes
    /// included) from the launch with `launch` set, judging each distinct state.
    public func walk(seed: UInt64, steps count: Int, launch: [String], judged: inout Set<NavigationState>,
                     trapBudget: inout [Int: Int]) -> Outcome {
        var outcome = Outcome()
        outcome.walks = 1
        guard var navigator = try? Navigator(program: program, assuming: launch) else { return outcome }
        navigator.recordsEffects = false
        var rng = SplitMix64(seed: seed)
        var path = launch.map { "assume " + $0 }
        var reported: Set<String> = []
        for _ in 0...count {
            if judged.insert(navigator.state).inserted {
                outcome.states += 1
                if let miss = judge(navigator, seed: seed, path: path, trapBudget: &trapBudget), reported.insert(miss.place + miss.code).inserted {
                    outcome.misses.append(miss)
                }
            }
            // No URL of the pending one's class while it waits: validate does not explore that (docs/diagnostics.md).
            var steps = userSteps(navigator, links: true, system: true).filter { step in
                switch step {
                case .send(let h): holds(h, navigator)
                case .open(let l): !waitsInClass(of: l, navigator)
                default: true
                }
            }
            for g in guardSymbols.indices { steps.append(.assume(guardSymbols[g], !navigator.state.guards.contains(guardSymbols[g]))) }
            let step = steps[Int(rng.next() % UInt64(steps.count))]
            var copy = navigator
            do throws(NavigationError) { try step.perform(on: &copy) } catch { continue }
            navigator = copy
            path.append(step.scriptText(in: program))
            let problems = navigator.invariantViolations()
            if !problems.isEmpty {
                outcome.misses.append(Miss(kind: .invariant, code: "-", place: navigator.activeRouteName, program: source, seed: seed,
                                           steps: path, detail: problems.joined(separator: "; ")))
                break
            }
            // States stay few and small: past 24 screens, start again.
            if navigator.state.entryCount > 24 {
                guard let fresh = try? Navigator(program: program, assuming: launch) else { break }
                navigator = fresh
                navigator.recordsEffects = false
                path = launch.map { "assume " + $0 }
            }
        }
        return outcome
    }

    /// The miss at `navigator`'s state, if it is stuck or trapped where validate reported nothing.
    func judge(_ navigator: Navigator, seed: UInt64, path: [String]) -> Miss? {
        var budget: [Int: Int] = [:]
        return judge(navigator, seed: seed, path: path, trapBudget: &budget)
    }

    /// The same, searching for a trap at most 3 times per active route and child flow (`budget`).
    func judge(_ navigator: Navigator, seed: UInt64, path: [String], trapBudget budget: inout [Int: Int]) -> Miss? {
        guard let active = navigator.state.activeIDs else { return nil }
        let route = program.routes[Int(active.route)]
        if reportedLines.contains(line(of: route.span)) { return nil }
        let place = program.qualifiedName(active.route)
        if isStuck(navigator) {
            return Miss(kind: .stuck, code: "F203", place: place, program: source, seed: seed, steps: path,
                        detail: "no user step leads out of \(place), and validate reports no F203/F204 there")
        }
        if let child = finishingInstance(navigator),
           case let key = Int(active.route) << 20 | Int(navigator.state.instances[Int(child)].flow), budget[key, default: 0] < 3,
           ({ budget[key, default: 0] += 1; return true })(), isTrapped(navigator, child: child) == true {
            let flow = program.name(program.flows[Int(navigator.state.instances[Int(child)].flow)].name)
            return Miss(kind: .trapped, code: "F204", place: place, program: source, seed: seed, steps: path,
                        detail: "no user steps end \(flow) from \(place), and validate reports no F203/F204 there")
        }
        return nil
    }

    // MARK: - Paths

    /// Replays `steps` (leading `assume` lines set before the launch); nil when a step fails.
    public func replay(_ steps: [String]) -> Navigator? {
        let (script, errors) = ScenarioScript.parse(steps.joined(separator: "\n"))
        guard errors.isEmpty, let start = try? Navigator(program: program, assuming: ScenarioScript.leadingGuards(script.lines)) else { return nil }
        var runner = ScenarioRunner(navigator: start)
        guard runner.run(script.lines), runner.failure == nil else { return nil }
        return runner.navigator
    }

    /// Whether `navigator`'s state is where `finding` is: on its route, or where its action's handler runs.
    func endsAt(_ finding: Diagnostic, _ navigator: Navigator) -> Bool {
        guard let active = navigator.state.activeIDs else { return false }
        let flows = navigator.state.ancestry(of: active.instance).map { navigator.state.instances[Int($0)].flow }
        if let route = program.routes.firstIndex(where: { $0.span == finding.span }) { return active.route == RouteID(route) }
        if let action = program.actions.firstIndex(where: { $0.span == finding.span }),
           let handler = program.handlers.first(where: { $0.actions.range.contains(action) }) {
            if handler.route >= 0 && !handler.event.isResult { return active.route == handler.route }
            return flows.contains(handler.flow)
        }
        return true
    }

    /// Each finding with a path whose path fails, or (F203, F204) ends elsewhere.
    public func pathMisses() -> [Miss] {
        var misses: [Miss] = []
        for finding in diagnostics {
            guard let steps = finding.path else { continue }
            let code = finding.code.rawValue
            guard let navigator = replay(steps) else {
                misses.append(Miss(kind: .path, code: code, place: finding.message, program: source, seed: 0, steps: steps,
                                   detail: "the finding's path does not replay"))
                continue
            }
            // F203 and F204 paths end on the state they describe; F205's ends on the grown
            // state, F207's and F306's with the step that drops: replaying is their check.
            if [.deadEnd, .trap].contains(finding.code), !endsAt(finding, navigator) {
                misses.append(Miss(kind: .path, code: code, place: finding.message, program: source, seed: 0, steps: steps,
                                   detail: "the finding's path ends at \(navigator.activeRouteName), not at line \(line(of: finding.span))"))
            }
        }
        return misses
    }

    /// Paths, then `walks` walks of `steps` steps from each launch valuation.
    public func check(seed: UInt64, walks: Int, steps: Int) -> Outcome {
        var outcome = Outcome()
        outcome.misses = pathMisses()
        var judged: Set<NavigationState> = []
        var budget: [Int: Int] = [:]
        var seen: Set<String> = []
        let launches = self.launches
        for w in 0..<walks {
            let launch = launches[w % launches.count]
            let one = walk(seed: seed &* 1_000_003 &+ UInt64(w), steps: steps, launch: launch, judged: &judged, trapBudget: &budget)
            outcome.walks += one.walks
            outcome.states += one.states
            for miss in one.misses where seen.insert(miss.kind.rawValue + miss.place + miss.code).inserted { outcome.misses.append(miss) }
        }
        return outcome
    }

    // MARK: - Minimizing

    /// Whether `miss` still happens in `text` with its steps.
    public static func reproduces(_ miss: Miss, in text: String) -> Bool {
        guard let oracle = Differential(source: text) else { return false }
        switch miss.kind {
        case .path:
            return oracle.pathMisses().contains { $0.code == miss.code }
        case .invariant:
            guard let navigator = oracle.replay(miss.steps) else { return false }
            return !navigator.invariantViolations().isEmpty
        case .stuck, .trapped:
            guard let navigator = oracle.replay(miss.steps) else { return false }
            guard let miss2 = oracle.judge(navigator, seed: miss.seed, path: miss.steps) else { return false }
            return miss2.kind == miss.kind
        }
    }

    /// Deletes lines (then steps) one at a time while the miss persists: a greedy shrinker.
    public static func minimize(_ miss: Miss) -> Miss {
        var best = miss
        var lines = miss.program.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var changed = true
        while changed {
            changed = false
            // Whole blocks first (a flow, a route with its handlers), then single lines.
            var i = lines.count - 1
            while i >= 0 {
                var candidate = lines
                if lines[i].hasSuffix("{"), let close = Differential.closingLine(lines, from: i) {
                    candidate.removeSubrange(i...close)
                    var trial = best
                    trial.program = candidate.joined(separator: "\n")
                    if reproduces(trial, in: trial.program) {
                        lines = candidate
                        best = trial
                        changed = true
                        i = min(i, lines.count) - 1
                        continue
                    }
                    candidate = lines
                }
                candidate.remove(at: i)
                var trial = best
                trial.program = candidate.joined(separator: "\n")
                if reproduces(trial, in: trial.program) {
                    lines = candidate
                    best = trial
                    changed = true
                }
                i -= 1
            }
            // Then fewer steps (never the launch's assumes' order matters: try each).
            if best.kind != .path {
                var j = best.steps.count - 1
                while j >= 0 {
                    var trial = best
                    trial.steps.remove(at: j)
                    if reproduces(trial, in: trial.program) { best = trial; changed = true }
                    j -= 1
                }
            }
        }
        if let oracle = Differential(source: best.program), let navigator = oracle.replay(best.steps),
           let active = navigator.state.activeIDs, best.kind != .path {
            best.place = oracle.program.qualifiedName(active.route)
        }
        return best
    }

    /// The line of the `}` that closes the block opened at the end of line `open`.
    static func closingLine(_ lines: [String], from open: Int) -> Int? {
        var depth = 0
        for index in open..<lines.count {
            for ch in lines[index] { if ch == "{" { depth += 1 } else if ch == "}" { depth -= 1 } }
            if depth == 0 { return index }
        }
        return nil
    }

    /// The actions, attributes and constructs a program uses, names aside: misses of one shape are one bug.
    static func shape(of text: String) -> String {
        let words = ["push", "sheet", "cover", "alert", "dialog", "popover", "replace", "set", "pop", "popToRoot", "dismiss",
                     "start", "finish", "select", "stay", "then", "when", "tabs", "link", "final", "noBack", "locked", "back",
                     "root", "else"]
        var found: Set<String> = []
        var token = ""
        for ch in text + " " {
            if ch.isLetter || ch.isNumber || ch == "_" { token.append(ch); continue }
            if words.contains(token) { found.insert(token) }
            if ch == "." && !token.isEmpty { found.insert("result") }
            token = ""
        }
        return found.sorted().joined(separator: ",")
    }
}
