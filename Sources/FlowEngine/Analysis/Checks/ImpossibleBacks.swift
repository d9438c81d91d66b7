import FlowModel
import FlowRuntime

/// F208: a `pop`, `pop to R`, `popToRoot` or `dismiss` that can never
/// succeed, whichever way its handler fires, at any place in its `then`
/// chain (docs/diagnostics.md, v1). `StackDepths` follows the chains; this reports
/// the first action of each chain that can never succeed (what comes after
/// it never runs).
extension Analyzer {
    /// F208; `depths` when they were worked out already (`checkedOnTwoCores`).
    mutating func checkImpossibleBacks(depths given: StackDepths? = nil) {
        let depths = given ?? StackDepths(program, topology)
        let program = self.program
        func target(_ q: Int) -> RouteID {
            program.targets[Int(program.actions[Int(depths.requirements[q].action)].targets.lower)].route
        }
        // `pop to R` needs R below: one search of the "below" graph per target.
        var queries: [Int] = []
        for (h, handler) in program.handlers.enumerated() where depths.reached[Int(depths.source(of: handler))] {
            for q in Int(depths.requirementStart[h])..<Int(depths.requirementStart[h + 1]) where depths.requirements[q].kind == .popTo {
                if let counts = depths.evaluate(depths.requirements[q]), counts.top >= 1, counts.base >= 1 { queries.append(q) }
            }
        }
        let below = depths.mayBeBelow(queries, target: target(_:))
        for (h, handler) in program.handlers.enumerated() {
            let source = depths.source(of: handler)
            guard depths.reached[Int(source)] else { continue }
            for q in Int(depths.requirementStart[h])..<Int(depths.requirementStart[h + 1]) {
                let requirement = depths.requirements[q]
                guard let counts = depths.evaluate(requirement) else { continue }
                let possible = switch requirement.kind {
                case .below: counts.top >= 1
                case .modal: counts.modal >= 1
                case .popTo: counts.top >= 1 && counts.base >= 1 && below[q] ?? true
                }
                guard !possible else { continue }
                reportImpossibleBack(requirement, counts: counts, handler: handler,
                                     target: requirement.kind == .popTo ? target(q) : -1)
                break
            }
        }
    }

    /// Reports one F208, saying what the chain's earlier actions did when they matter.
    private mutating func reportImpossibleBack(_ requirement: BackRequirement, counts: (top: UInt8, base: UInt8, modal: UInt8),
                                               handler: Handler, target: RouteID) {
        let action = program.actions[Int(requirement.action)]
        let text = describe(action)
        var place = handler.route >= 0 ? "route '\(routeName(handler.route))'" : "any screen of flow '\(flowName(handler.flow))'"
        if handler.route >= 0 {
            // Only ever an alert or a dialog: its handlers act on the screen under it.
            let ways = placements.placement(ofRoute: handler.route).intersection(Placement(Placement.ways))
            if ways == .alertRoot || ways == .dialogRoot || ways == [.alertRoot, .dialogRoot] {
                place = "the screen under the \(ways.contains(.alertRoot) ? "alert" : "dialog") '\(routeName(handler.route))'"
            }
        }
        let earlier = Int(handler.actions.lower)..<Int(requirement.action)
        var shown = earlier.suffix(3).map { describe(program.actions[$0]) }.joined(separator: " then ")
        if earlier.count > 3 { shown = "… then " + shown }
        let after = "after '\(shown)'"
        let subject = requirement.topRoute >= 0 ? "'\(routeName(requirement.topRoute))'" : "the screen on top"
        let message: String
        switch requirement.kind {
        case .modal:
            message = earlier.isEmpty
                ? "'\(text)' can never succeed: \(place) is never shown in a sheet or a cover"
                : "'\(text)' can never succeed: \(after), the top layer is the app's base, with no sheet or cover to dismiss"
        case .popTo where counts.top > 0:
            let name = "'\(routeName(target))'"
            message = earlier.isEmpty
                ? "'\(text)' can never succeed: there is never a \(name) below \(place) in its stack"
                : "'\(text)' can never succeed: \(after), there is never a \(name) below \(subject) in its stack"
        case .below, .popTo:
            message = earlier.isEmpty
                ? "'\(text)' can never succeed: \(place) is always the root of its layer, with nothing below it to pop to"
                : "'\(text)' can never succeed: \(after), \(subject) is the root of its layer, with nothing below it to pop to"
        }
        report(.impossibleBack, action.span, message)
    }
}
