import FlowDSL
import FlowEngine
import FlowTestSupport
import Foundation
import Testing

/// Saved states of every bundled app, restored into the app edited as a
/// release would edit it. The truth is the edited program's own state
/// graph: an exact restore accepts a state exactly when the graph holds it,
/// and a repair always gives a state the graph holds.
@Suite("Restoring saved states into the next release")
struct ReleaseRestoreTests {
    /// A change a release makes to a program's text.
    enum Edit: String, CaseIterable, CustomTestStringConvertible {
        case addRoute, renameRoute, removeRoute, pushToSheet, addTab, reorderTabs

        var testDescription: String { rawValue }
    }

    static let apps = ["login.flow", "placesfinder.flow", "shop.flow", "swiftui-coordinator.flow", "wayfarer.flow", "photoshare"]

    /// An app's source as one text (a directory's files joined, imports left out).
    static func source(_ app: String) throws -> String {
        let path = repositoryRoot + "/flows/" + app
        guard !app.hasSuffix(".flow") else { return try String(contentsOfFile: path, encoding: .utf8) }
        return try FileManager.default.contentsOfDirectory(atPath: path).sorted().filter { $0.hasSuffix(".flow") }.map { file in
            try String(contentsOfFile: path + "/" + file, encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("import ") }
                .joined(separator: "\n")
        }.joined(separator: "\n")
    }

    /// `source` with `edit` made, or nil when it does not apply (no tabs).
    static func edited(_ source: String, _ edit: Edit) -> String? {
        func firstMatch(_ pattern: String, in text: String) -> NSTextCheckingResult? {
            let regex = try? NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines])
            return regex?.firstMatch(in: text, range: NSRange(text.startIndex..., in: text))
        }
        func text(_ match: NSTextCheckingResult, _ group: Int, in text: String) -> String {
            Range(match.range(at: group), in: text).map { String(text[$0]) } ?? ""
        }
        switch edit {
        case .addRoute:
            guard let match = firstMatch(#"^(\s*)route "#, in: source), let range = Range(match.range, in: source) else { return nil }
            return source.replacingCharacters(in: range, with: text(match, 1, in: source) + "route addedInRelease [final]" + source[range])
        case .renameRoute, .removeRoute:
            // The first route something pushes, renamed everywhere (with `was` for a rename).
            guard let match = firstMatch(#"-> push ([a-z][A-Za-z0-9]*)"#, in: source) else { return nil }
            let old = text(match, 1, in: source)
            let new = old + "V2"
            guard let word = try? NSRegularExpression(pattern: "\\b" + old + "\\b") else { return nil }
            var renamed = word.stringByReplacingMatches(in: source, range: NSRange(source.startIndex..., in: source), withTemplate: new)
            guard edit == .renameRoute else { return renamed }
            // `route oldV2(...) "Title" [attrs]` gains `was(old)`.
            guard let declaration = try? NSRegularExpression(pattern: #"route "# + new + #"(\([^)]*\))?(\s*"[^"]*")?(\s*\[([^\]]*)\])?"#) else { return nil }
            let matches = declaration.matches(in: renamed, range: NSRange(renamed.startIndex..., in: renamed))
            for match in matches.reversed() {
                guard let range = Range(match.range, in: renamed) else { continue }
                let attributes = text(match, 4, in: renamed)
                let was = attributes.isEmpty ? " [was(\(old))]" : " [\(attributes), was(\(old))]"
                renamed.replaceSubrange(range, with: "route " + new + text(match, 1, in: renamed) + text(match, 2, in: renamed) + was)
            }
            return renamed
        case .pushToSheet:
            guard let match = firstMatch(#"-> push "#, in: source), let range = Range(match.range, in: source) else { return nil }
            return source.replacingCharacters(in: range, with: "-> sheet ")
        case .addTab, .reorderTabs:
            guard let match = firstMatch(#"^(\s*)tabs ([A-Za-z0-9, ]+)$"#, in: source), let range = Range(match.range, in: source) else { return nil }
            let tabs = text(match, 2, in: source).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            let list = edit == .addTab ? tabs + ["AddedInRelease"] : tabs.reversed()
            let result = source.replacingCharacters(in: range, with: text(match, 1, in: source) + "tabs " + list.joined(separator: ", "))
            return edit == .addTab ? result + "\nflow AddedInRelease { start added  route added [final] }\n" : result
        }
    }

    /// A compiled program that must have no error that stops it running.
    static func program(_ source: String, sourceLocation: SourceLocation = #_sourceLocation) -> Program {
        let validation = Validation.run(text: source, exploresStates: false)
        let errors = validation.diagnostics.filter { $0.severity == .error && $0.code.stopsRunning }
        #expect(errors.isEmpty, "\(errors.map(\.message))", sourceLocation: sourceLocation)
        return validation.program
    }

    /// The state's canonical key with arguments and the pending URL's text
    /// left out (the exploration uses sample values and one URL per class).
    static func key(_ state: NavigationState, _ encoder: inout StateEncoder) -> [Int32] {
        var state = state
        for i in state.instances.indices { state.instances[i].arguments = [] }
        for l in state.layers.indices {
            for s in state.layers[l].stacks.indices {
                for e in state.layers[l].stacks[s].indices { state.layers[l].stacks[s][e].arguments = [] }
            }
        }
        state.pendingLink?.url = ""
        var key: [Int32] = []
        encoder.encode(state, into: &key)
        return key
    }

    /// The state graph of each app's own release, explored once for all its edits.
    static let oldGraphs = GraphsByApp()

    /// One edit a case: the six edits of an app run side by side.
    @Test("an exact restore refuses exactly the old states the new release cannot reach; a repair keeps a reachable state",
          arguments: apps, Edit.allCases)
    func restoreIntoNextRelease(app: String, edit: Edit) throws {
        let oldSource = try Self.source(app)
        guard let newSource = Self.edited(oldSource, edit) else {
            // Only the tab edits can fail to apply: to an app without tabs.
            #expect((edit == .addTab || edit == .reorderTabs) && !oldSource.contains("  tabs "), "\(edit.rawValue) does not apply to \(app)")
            return
        }
        #expect(newSource != oldSource)
        let oldGraph = try Self.oldGraphs.graph(of: app) {
            let old = Self.program(oldSource)
            return try StateGraph(program: old, limits: StateGraph.Limits.forValidation(of: old))
        }
        try #require(oldGraph.isComplete)
        let refused = try restore(oldGraph, into: Self.program(newSource), app, edit)
        // Renames, additions and tab changes keep every state; a removed route takes those that show it.
        #expect(edit == .removeRoute ? refused > 0 : edit == .pushToSheet || refused == 0, "\(edit.rawValue): \(refused) refused")
    }

    /// Restores a sample of the old release's states into `new`, and each
    /// outcome against `new`'s state graph; returns how many were refused.
    func restore(_ oldGraph: StateGraph, into new: Program, _ app: String, _ edit: Edit) throws -> Int {
        let newGraph = try StateGraph(program: new, limits: StateGraph.Limits.forValidation(of: new))
        try #require(newGraph.isComplete)
        let shapes = ReachableShapes(graph: newGraph)
        var encoder = StateEncoder(program: new)
        let reachable = Set(newGraph.states.map { Self.key($0, &encoder) })
        let launch = try Navigator(program: new)
        var saver = try Navigator(program: oldGraph.program)
        var refused = 0
        let stride = max(1, oldGraph.states.count / 200)
        for n in Swift.stride(from: 0, to: oldGraph.states.count, by: stride) {
            saver.state = oldGraph.states[n]
            let saved = Array(saver.savedState().utf8)
            var translated = launch
            let fits = (try? translated.restore(from: saved, options: .exact, shapes: .unexplored)) != nil
            var exact = launch
            let accepted = (try? exact.restore(from: saved, options: .exact, shapes: shapes)) != nil
            let isReachable = fits && reachable.contains(Self.key(translated.state, &encoder))
            #expect(accepted == isReachable, "state \(n) of \(app) after \(edit.rawValue): \(accepted ? "accepted" : "refused"), reachable: \(isReachable)\n\(saver.savedState())")
            if accepted { #expect(exact.state == translated.state) } else { refused += 1 }
            var repaired = launch
            let report = try repaired.restore(from: saved, options: .repairing, shapes: shapes)
            let repairReachable = reachable.contains(Self.key(repaired.state, &encoder))
            #expect(repairReachable, "state \(n): the repair \(repaired.stackDescription) is not reachable: \(report.dropped); old: \(saver.stackDescription)")
            #expect(report.dropped.isEmpty == accepted, "state \(n): \(report.dropped)")
            if accepted { #expect(repaired.state == exact.state) }
        }
        return refused
    }
}

/// State graphs by app, each made once however many tests ask for it at
/// the same time (the first to ask explores; the others wait for it).
final class GraphsByApp: @unchecked Sendable {
    // Sendable: `slots` is read and written under `lock`; a slot's graph under its own lock.
    private let lock = NSLock()
    private var slots: [String: Slot] = [:]

    private final class Slot: @unchecked Sendable {
        let lock = NSLock()
        var graph: StateGraph?
    }

    func graph(of app: String, _ explore: () throws -> StateGraph) throws -> StateGraph {
        let slot = lock.withLock {
            if let slot = slots[app] { return slot }
            let slot = Slot()
            slots[app] = slot
            return slot
        }
        slot.lock.lock()
        defer { slot.lock.unlock() }
        if let graph = slot.graph { return graph }
        let graph = try explore()
        slot.graph = graph
        return graph
    }
}
