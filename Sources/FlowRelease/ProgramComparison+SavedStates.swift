import FlowEngine
import Foundation

/// The old release's states that the new one refuses to restore
/// (docs/releases.md#saved-states), found by restoring them: a screen that
/// the new release shows only over other screens than before, say, keeps
/// its placement (pushed, in the base layer) and is told only here.
extension ProgramComparison {
    /// The most old states restored, shortest ways first.
    static let restoredStates = 4_000

    /// One breaking change per old route whose saved screens no longer
    /// restore and that no change before told about, with the first state
    /// (of the shortest way) that shows it, as JSON.
    mutating func compareSavedStates() {
        guard let graph = oldStates(), graph.isComplete, let launch = oldLaunch,
              let fresh = try? Navigator(program: new.program) else { return }
        // The new release's states as its validation explored them: none to restore into when it stopped early.
        guard let newGraph = new.validation.stateGraph else { return }
        let shapes = ReachableShapes(graph: newGraph)
        let (o, n) = (old.program, new.program)
        // The routes a repair names (new names, or old ones the new release lacks) as old routes.
        var oldRoute: [String: RouteID] = [:]
        for r in o.routes.indices { oldRoute[o.qualifiedName(RouteID(r))] = RouteID(r) }
        for (r, match) in newRoute.enumerated() where match >= 0 { oldRoute[n.qualifiedName(match)] = RouteID(r) }
        for node in 0..<min(graph.count, ProgramComparison.restoredStates) {
            var restored = fresh
            guard let report = try? restored.restore(graph.states[node], savedBy: launch, options: .repairing, shapes: shapes),
                  let line = report.droppedRoutes.firstIndex(where: { $0 != nil }),
                  let name = report.droppedRoutes[line], let route = oldRoute[name], !toldSavedStates.contains(route) else { continue }
            toldSavedStates.insert(route)
            let oldName = o.qualifiedName(route)
            let way = ProgramComparison.way(to: Int32(node), in: graph, launch: launch)
            let text = "a saved state that shows \(oldName) no longer restores: the new release drops \(report.dropped[line]) (\(way))"
            // Told with the edit that caused it: the removed or changed event whose step showed the screen.
            if let cause = causingChange(of: graph.path(to: Int32(node)).last) {
                changes[cause].breaks.append(text)
                continue
            }
            let match = newRoute[Int(route)]
            add(ReleaseChange(kind: .changed, subject: .route, name: oldName, summary: "saved screens of \(oldName) no longer restore",
                              breaks: [text], example: ProgramComparison.compact(launch.savedState(of: graph.states[node])),
                              place: match >= 0 ? newPlaces.place(of: n.routes[Int(match)].span) : Places.root(of: n, isNew: true)))
        }
    }

    /// The index of the change to the event that `step` sends (removed, or
    /// taking other parameters; or the screen's events case of it), if the
    /// diff has one.
    func causingChange(of step: PathStep?) -> Int? {
        guard case .send(let h)? = step else { return nil }
        let event = old.program.name(old.program.handlers[Int(h)].event.name)
        return changes.firstIndex { change in
            switch change.subject {
            case .event: return change.name == event
            case .declaration:
                let last = change.name.split(separator: ".").last.map { $0.prefix { $0 != "(" } }
                return last.map(String.init) == event && change.name.contains("Event.")
            default: return false
            }
        }
    }

    /// A saved state's JSON on one line, keys sorted.
    static func compact(_ json: String) -> String {
        guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)),
              let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]) else { return json }
        return String(decoding: data, as: UTF8.self)
    }
}
