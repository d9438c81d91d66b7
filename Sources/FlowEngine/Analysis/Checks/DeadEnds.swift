import FlowModel
import FlowRuntime

/// F203 dead ends (F208 is in `ImpossibleBacks.swift`).
extension Analyzer {
    /// Reports F203; returns which routes are dead ends.
    mutating func checkDeadEnds() -> [Bool] {
        var deadEnds = [Bool](repeating: false, count: program.routes.count)
        for (id, stuck) in deadEndRoutes() {
            let route = program.routes[Int(id)]
            deadEnds[Int(id)] = true
            let ways = stuck.map { describeWay($0, route) }.joined(separator: "; also ")
            var notes: [DiagnosticNote] = []
            for way in stuck {
                let witness = placements.witness(id, way)
                if witness >= 0 {
                    let action = program.actions[Int(witness)]
                    notes.append(DiagnosticNote(span: action.span, message: "reached \(describeWay(way, route)) by '\(describe(action))' here"))
                } else if way == .baseRoot {
                    notes.append(DiagnosticNote(span: program.flows[Int(route.flow)].startSpan, message: "the app starts here"))
                }
            }
            report(.deadEnd, route.span,
                   "dead end: route '\(name(route.name))', reached \(ways), handles no event and has no way back",
                   notes: notes, reached: .route(id, stuck.reduce(into: Placement()) { $0.formUnion($1) }))
        }
        return deadEnds
    }

    /// Each route that is a dead end, with the ways it is reached that
    /// leave no way out. Apart from `checkDeadEnds`, and not `mutating`:
    /// calling the analyzer's other methods from a mutating one copies the
    /// whole analyzer, once per route here.
    func deadEndRoutes() -> [(route: RouteID, stuck: [Placement])] {
        var found: [(route: RouteID, stuck: [Placement])] = []
        for (r, route) in program.routes.enumerated() {
            let id = RouteID(r)
            let placement = placements.placement(ofRoute: id)
            guard !route.attributes.contains(.final), !placement.isEmpty, !userCanAct(at: id) else { continue }
            let stuck = Placement.ways.filter { placement.contains($0) && !hasImplicitBack(route, reached: $0, placement) }
            if !stuck.isEmpty { found.append((id, stuck)) }
        }
        return found
    }

    /// docs/language.md#how-a-program-runs implicit back: pop when pushed and not [noBack], dismiss
    /// when the root of a sheet, dialog or popover that is not [locked]; a
    /// cover's root, an alert's and the base root have none. A tab bar of two
    /// or more tabs on screen is a way out as well.
    func hasImplicitBack(_ route: Route, reached way: Placement, _ placement: Placement) -> Bool {
        switch way {
        case .pushed: return !route.attributes.contains(.noBack) || placement.contains(.tabBar)
        case .sheetRoot, .dialogRoot, .popoverRoot: return !route.attributes.contains(.locked)
        case .baseRoot: return placement.contains(.tabBar)
        default: return false
        }
    }

    func describeWay(_ way: Placement, _ route: Route) -> String {
        switch way {
        case .pushed: route.attributes.contains(.noBack) ? "pushed with [noBack]" : "pushed"
        case .baseRoot: "as the first screen of the app's base layer"
        case .sheetRoot: route.attributes.contains(.locked) ? "as the root of a [locked] sheet" : "as the root of a sheet"
        case .dialogRoot: route.attributes.contains(.locked) ? "as the root of a [locked] dialog" : "as the root of a dialog"
        case .popoverRoot: route.attributes.contains(.locked) ? "as the root of a [locked] popover" : "as the root of a popover"
        case .alertRoot: "as the root of an alert"
        default: "as the root of a full-screen cover"
        }
    }
}
