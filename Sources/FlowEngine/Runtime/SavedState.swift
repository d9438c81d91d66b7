import FlowModel
import Foundation

/// The JSON form of a navigation state. It names flows and routes rather
/// than numbering them, so a state saved before an unrelated edit of the
/// program still restores, and one that no longer fits is rejected with a
/// message that says what is gone.
struct SavedState: Codable {
    static let format = "flowkit-state"
    static let version = 1

    var format: String
    var version: Int
    var entry: String
    /// Running flows; `parent` indexes this array (-1 for the entry).
    var flows: [SavedFlow]
    var layers: [SavedLayer]
    var guards: [String]
    /// A gated link waiting for its guard (v1); absent when there is none.
    var pending: SavedPending?

    struct SavedPending: Codable {
        var url: String
        /// What the gate's actions showed: `Flow.route` and the index in `flows`.
        var shown: [SavedMark]
        /// (v2) True for a URL opened on a busy route, not tried yet; absent otherwise.
        var held: Bool?
    }

    struct SavedMark: Codable {
        var route: String
        var flow: Int
    }

    struct SavedFlow: Codable {
        var flow: String
        var parent: Int
        /// The flow's arguments as text (v1); absent for a flow without parameters.
        var arguments: [String]?
        /// True for a child expected to finish (started pushed, as a sheet or
        /// a cover); absent otherwise, and in states saved before it existed.
        var finishes: Bool?
    }

    struct SavedLayer: Codable {
        var kind: LayerKind
        /// Index in `flows` of the tab container filling the layer.
        var container: Int?
        var selected: Int
        var stacks: [[SavedEntry]]
        /// The name of each stack's tab, in `stacks` order, for a layer
        /// with a tab container: a restore finds each tab by name, so adding
        /// or reordering tabs keeps the state. Absent in states saved before
        /// it existed (their stacks are taken in order) and in other layers.
        var tabs: [String]?
    }

    struct SavedEntry: Codable {
        /// `Flow.route`.
        var route: String
        /// Index in `flows` of the flow that shows it.
        var flow: Int
        /// Each argument as text, converted back by the parameter's type.
        var arguments: [String]
    }
}

extension Navigator {
    /// The state as JSON (keys sorted, one value per line), for `--save`.
    public func savedState() -> String { savedState(of: state) }

    /// `state`, a state of this navigator's program (one a `StateGraph`
    /// holds, say), as JSON.
    public func savedState(of state: NavigationState) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(savedForm(of: state)) else { return "{}" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// `state` in the saved form, before JSON.
    func savedForm(of state: NavigationState) -> SavedState {
        var renumber = [Int](repeating: -1, count: state.instances.count)
        var flows: [SavedState.SavedFlow] = []
        for (i, instance) in state.instances.enumerated() where instance.isRunning {
            renumber[i] = flows.count
            flows.append(SavedState.SavedFlow(flow: program.name(program.flows[Int(instance.flow)].name), parent: Int(instance.parent),
                                              arguments: instance.arguments.isEmpty ? nil : instance.arguments.map(Navigator.text),
                                              finishes: instance.isExpectedToFinish ? true : nil))
        }
        for i in flows.indices where flows[i].parent >= 0 { flows[i].parent = renumber[flows[i].parent] }
        let layers = state.layers.map { layer in
            SavedState.SavedLayer(kind: layer.kind, container: layer.container >= 0 ? renumber[Int(layer.container)] : nil,
                                  selected: layer.selected,
                                  stacks: layer.stacks.map { stack in
                                      stack.map { entry in
                                          SavedState.SavedEntry(route: program.qualifiedName(entry.route), flow: renumber[Int(entry.instance)],
                                                                arguments: entry.arguments.map(Navigator.text))
                                      }
                                  },
                                  tabs: layer.container >= 0
                                      ? program.tabs(of: state.instances[Int(layer.container)].flow).map { program.name(program.flows[Int($0)].name) }
                                      : nil)
        }
        let saved = SavedState(format: SavedState.format, version: SavedState.version,
                               entry: program.name(program.flows[Int(program.entry)].name), flows: flows, layers: layers,
                               guards: state.guards.map { program.name($0) }.sorted(),
                               pending: state.pendingLink.map { pending in
                                   SavedState.SavedPending(url: pending.url, shown: pending.shown.compactMap { mark in
                                       let flow = renumber[Int(mark.instance)]
                                       return flow >= 0 ? SavedState.SavedMark(route: program.qualifiedName(mark.route), flow: flow) : nil
                                   }, held: pending.isHeld ? true : nil)
                               })
        return saved
    }

    static func text(_ value: Value) -> String {
        switch value {
        case .string(let s): s
        case .int(let i): String(i)
        case .double(let d): String(d)
        case .bool(let b): String(b)
        }
    }

    static func decodingProblem(_ error: Error) -> String {
        guard let error = error as? DecodingError else { return "malformed JSON" }
        func path(_ keys: [any CodingKey]) -> String {
            keys.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined().drop { $0 == "." }.description
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "missing '\(path(context.codingPath + [key]))'"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "wrong type at '\(path(context.codingPath))'"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "malformed JSON" : "bad value at '\(path(context.codingPath))'"
        @unknown default: return "malformed JSON"
        }
    }
}
