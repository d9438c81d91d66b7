import FlowDSL
import FlowEngine

/// Routes (of flows both releases have) added, removed, given other
/// parameters, shown another way (a saved screen that no longer restores),
/// or no longer reachable; user events and results added and removed.
extension ProgramComparison {
    mutating func compareRoutes() {
        let (o, n) = (old.program, new.program)
        let oldUnreachable = ProgramComparison.unreachableRoutes(old.validation)
        let newUnreachable = ProgramComparison.unreachableRoutes(new.validation)
        let oldPlacements = Analyzer(o).placements
        let newPlacements = Analyzer(n).placements
        // For each old flow, its change that tells a route shown another way.
        var shownAnotherWay: [FlowID: Int] = [:]
        for (r, route) in o.routes.enumerated() where newFlow[Int(route.flow)] >= 0 {
            let name = o.qualifiedName(RouteID(r))
            let match = newRoute[r]
            guard match >= 0 else {
                toldSavedStates.insert(RouteID(r))
                var breaks: [String] = []
                if !oldUnreachable[r], let example = oldExample(showing: RouteID(r)) {
                    breaks.append("a saved state that shows \(name) no longer restores (\(example))")
                }
                add(ReleaseChange(kind: .removed, subject: .route, name: name, summary: "route \(name) removed", breaks: breaks,
                                  example: o.routeSignature(RouteID(r)),
                                  place: newPlaces.place(of: n.flows[Int(newFlow[Int(route.flow)])].span)))
                continue
            }
            let newSpan = n.routes[Int(match)].span
            if let span = routeRenamedAt[Int(match)] {
                let (before, after) = (o.name(route.name), n.name(n.routes[Int(match)].name))
                add(ReleaseChange(kind: .renamed, subject: .route, name: name, summary: "route \(name) renamed \(n.qualifiedName(match))",
                                  example: "route \(after) [was(\(before))]", place: newPlaces.place(of: span)))
            }
            // The parameters alone: a rename of the route or its flow is told above.
            let (before, after) = (ProgramComparison.parameterList(o, RouteID(r)), ProgramComparison.parameterList(n, match))
            if before != after {
                add(ReleaseChange(kind: .changed, subject: .route, name: name, summary: "route \(name) takes other parameters",
                                  example: "\(o.routeSignature(RouteID(r))) → \(n.routeSignature(match))", place: newPlaces.place(of: newSpan)))
            }
            guard !oldUnreachable[r] else { continue }
            if newUnreachable[Int(match)] {
                toldSavedStates.insert(RouteID(r))
                unreachableNow.insert(newSpan)
                add(ReleaseChange(kind: .changed, subject: .route, name: name, summary: "route \(name) is no longer reachable",
                                  breaks: ["users reached \(name) in the old release; no way from the launch leads to it now (flowctl validate: F201)"],
                                  example: oldExample(showing: RouteID(r)) ?? "reachable → unreachable", place: newPlaces.place(of: newSpan)))
                continue
            }
            compareShownWays(RouteID(r), match, oldPlacements, newPlacements, &shownAnotherWay)
        }
        for (r, route) in n.routes.enumerated() where !routeExisted[r] && flowExisted[Int(route.flow)] {
            let name = n.qualifiedName(RouteID(r))
            add(ReleaseChange(kind: .added, subject: .route, name: name, summary: "route \(name) added",
                              example: n.routeSignature(RouteID(r)), place: newPlaces.place(of: route.span)))
        }
    }

    /// A route both releases reach, shown in other ways now (a sheet that
    /// became a push): a saved state that shows it a way it lost no longer
    /// restores. One change a flow: one edit moves a flow's routes together.
    mutating func compareShownWays(_ r: RouteID, _ match: RouteID, _ oldPlacements: PlacementAnalysis, _ newPlacements: PlacementAnalysis,
                                   _ shownAnotherWay: inout [FlowID: Int]) {
        let (o, n) = (old.program, new.program)
        let route = o.routes[Int(r)]
        let name = o.qualifiedName(r)
        let newSpan = n.routes[Int(match)].span
        let was = oldPlacements.placement(ofRoute: r).intersection(ProgramComparison.shownBits)
        let now = newPlacements.placement(ofRoute: match).intersection(ProgramComparison.shownBits)
        guard was != now, !now.isEmpty, !was.isEmpty else { return }
        // Where the new release first shows it a new way: the changed action.
        var span = newSpan
        for way in Placement.ways where now.contains(way) && !was.contains(way) {
            let action = newPlacements.witness(match, way)
            if action >= 0 { span = n.actions[Int(action)].span }
            break
        }
        let lost = was.subtracting(now)
        var breaks: [String] = []
        if !lost.isEmpty {
            toldSavedStates.insert(r)
            var text = "a saved state that shows \(name) \(ProgramComparison.describe(lost)) no longer restores: "
                + "the new release shows it only \(ProgramComparison.describe(now))"
            if let example = oldExample(showing: r, placed: lost) { text += " (\(example))" }
            breaks.append(text)
        }
        // One edit moves a flow's routes together (its start became a sheet): one change a flow.
        if let first = shownAnotherWay[route.flow] {
            if changes[first].breaks.isEmpty, !breaks.isEmpty {
                changes[first].summary = "route \(changes[first].name) is shown another way"
            }
            changes[first].breaks += breaks
            return
        }
        shownAnotherWay[route.flow] = changes.count
        add(ReleaseChange(kind: .changed, subject: .route, name: name,
                          summary: lost.isEmpty ? "route \(name) can be shown one more way" : "route \(name) is shown another way",
                          breaks: breaks, example: "\(ProgramComparison.describe(was)) → \(ProgramComparison.describe(now))",
                          place: newPlaces.place(of: span)))
    }

    /// The placement bits that say how a route is shown: its layer and each
    /// way it stands there (worked out once, not once a route).
    static let shownBits = Placement.ways.reduce(Placement([.inBase, .inSheet, .inCover])) { $0.union($1) }

    /// `(id: String)`: a route's parameters, or "" for none.
    static func parameterList(_ program: Program, _ route: RouteID) -> String {
        let signature = program.routeSignature(route)
        return String(signature.dropFirst(program.qualifiedName(route).count))
    }

    /// For each route, whether validate proves no reachable state shows it
    /// (F201 on the route, or F202 on its flow), allowed findings included.
    static func unreachableRoutes(_ validation: Validation) -> [Bool] {
        let program = validation.program
        var spans = Set<SourceSpan>()
        for diagnostic in validation.diagnostics + validation.suppressed
        where diagnostic.code == .unreachableRoute || diagnostic.code == .flowNeverStarted {
            spans.insert(diagnostic.span)
        }
        guard !spans.isEmpty else { return Array(repeating: false, count: program.routes.count) }
        return program.routes.map { spans.contains($0.span) || spans.contains(program.flows[Int($0.flow)].span) }
    }

    /// `pushed, in the base layer`: the ways and layers of a placement.
    static func describe(_ placement: Placement) -> String {
        let words: [(Placement, String)] = [
            (.baseRoot, "as the app's root"), (.pushed, "pushed"), (.sheetRoot, "as a sheet"), (.coverRoot, "as a full-screen cover"),
            (.alertRoot, "as an alert"), (.dialogRoot, "as a dialog"), (.popoverRoot, "as a popover"),
            (.inBase, "in the base layer"), (.inSheet, "in a sheet"), (.inCover, "in a cover"),
        ]
        let parts = words.filter { placement.contains($0.0) }.map(\.1)
        return parts.isEmpty ? "nowhere" : parts.joined(separator: ", ")
    }

    // MARK: - Events and results

    /// User events by name: added, removed, or with other parameters.
    mutating func compareEvents() {
        let (o, n) = (old.program, new.program)
        let before = ProgramComparison.events(o)
        let after = ProgramComparison.events(n)
        let afterByName = Dictionary(after.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let beforeNames = Set(before.map(\.name))
        for event in before {
            guard let now = afterByName[event.name] else {
                add(ReleaseChange(kind: .removed, subject: .event, name: event.name, summary: "event \(event.name) removed",
                                  example: event.signatures.joined(separator: ", "), place: Places.root(of: n, isNew: true)))
                continue
            }
            if now.signatures != event.signatures {
                add(ReleaseChange(kind: .changed, subject: .event, name: event.name, summary: "event \(event.name) takes other parameters",
                                  example: event.signatures.joined(separator: ", ") + " → " + now.signatures.joined(separator: ", "),
                                  place: newPlaces.place(of: now.span)))
            }
        }
        for event in after where !beforeNames.contains(event.name) {
            add(ReleaseChange(kind: .added, subject: .event, name: event.name, summary: "event \(event.name) added",
                              example: event.signatures.joined(separator: ", "), place: newPlaces.place(of: event.span)))
        }
    }

    /// A program's user events (not `back`, not results): each name with
    /// its signatures, sorted, and the first handler's place.
    static func events(_ program: Program) -> [(name: String, signatures: [String], span: SourceSpan)] {
        guard let interface = try? ProgramInterface(program) else { return [] }
        var order: [String] = []
        var signatures: [String: [String]] = [:]
        var spans: [String: SourceSpan] = [:]
        for (i, signature) in interface.eventSignatures(program).enumerated() {
            let name = program.name(interface.events[i].name)
            if signatures[name] == nil {
                order.append(name)
                spans[name] = program.handlers[Int(interface.eventHandlers[i])].span
            }
            signatures[name, default: []].append(signature)
        }
        return order.map { ($0, signatures[$0, default: []].sorted(), spans[$0] ?? .none) }
    }

    /// Results (`Flow.result`, from `finish`) added and removed.
    mutating func compareResults() {
        let (o, n) = (old.program, new.program)
        // An old result under its flow's new name: a renamed flow keeps its results.
        let before = ProgramComparison.results(o) { f in newFlow[Int(f)] >= 0 ? n.name(n.flows[Int(newFlow[Int(f)])].name) : o.name(o.flows[Int(f)].name) }
        let after = ProgramComparison.results(n) { n.name(n.flows[Int($0)].name) }
        let beforeNames = Set(before.map(\.name))
        let afterNames = Set(after.map(\.name))
        for result in before where !afterNames.contains(result.name) {
            add(ReleaseChange(kind: .removed, subject: .result, name: result.name, summary: "result \(result.name) removed",
                              example: "no flow finishes with it any more", place: Places.root(of: n, isNew: true)))
        }
        for result in after where !beforeNames.contains(result.name) {
            add(ReleaseChange(kind: .added, subject: .result, name: result.name, summary: "result \(result.name) added",
                              example: "finish \(result.name.split(separator: ".").last.map(String.init) ?? result.name)",
                              place: newPlaces.place(of: result.span)))
        }
    }

    /// Each `Flow.result` some `finish` ends a flow with, in source order,
    /// once, the flow named by `flowName`.
    static func results(_ program: Program, flowName: (FlowID) -> String) -> [(name: String, span: SourceSpan)] {
        var seen = Set<String>()
        var out: [(String, SourceSpan)] = []
        for handler in program.handlers {
            for action in program.actions[handler.actions.range] where action.kind == .finish {
                guard let result = action.result else { continue }
                let name = flowName(handler.flow) + "." + program.name(result)
                if seen.insert(name).inserted { out.append((name, action.span)) }
            }
        }
        return out
    }
}
