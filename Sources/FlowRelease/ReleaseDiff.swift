import FlowDSL
import FlowEngine
import FlowGenerator

/// The differences between two releases of an app's navigation
/// (docs/releases.md), each classed as breaking or not with its example.
///
/// Programs are paired by their root file's name (two single files are a
/// pair whatever their names). Within a pair, flows are matched by name and
/// routes by `Flow.route` once, into arrays indexed by the old release's
/// ids (`ProgramComparison`); every check then works on integer ids.
package struct ReleaseDiff: Sendable {
    /// Every change, program by program, in the order of
    /// `ReleaseChange.Subject`, each in source order.
    public var changes: [ReleaseChange]
    /// The number of program pairs compared.
    package var programCount: Int
    /// What was not proved: a release whose state exploration stopped at
    /// its limit (its reachability and findings then come from the flow graph).
    package var notes: [String] = []

    /// How many changes break users of the old release (exit status 1 when any).
    package var breakingCount: Int { changes.count(where: \.isBreaking) }

    /// Compares `old` with `new`.
    ///
    /// - Complexity: O(declarations of both) for the names, plus one
    ///   launch and one link opening per link of the old release; the
    ///   reachability comes from the validations the releases carry.
    package static func compare(_ old: Release, _ new: Release) -> ReleaseDiff {
        var changes: [ReleaseChange] = []
        var pairs: [(Release.Member, Release.Member)] = []
        if old.programs.count == 1, new.programs.count == 1 {
            pairs = [(old.programs[0], new.programs[0])]
        } else {
            let newByName = Dictionary(new.programs.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
            var paired = Set<Int>()
            for member in old.programs {
                guard let index = newByName[member.name] else {
                    changes.append(ReleaseDiff.programRemoved(member))
                    continue
                }
                paired.insert(index)
                pairs.append((member, new.programs[index]))
            }
            for (index, member) in new.programs.enumerated() where !paired.contains(index) {
                changes.append(ReleaseChange(kind: .added, subject: .program, name: member.name, summary: "program \(member.name) added",
                                             example: ReleaseDiff.size(of: member.program),
                                             place: Places.root(of: member.program, isNew: true), program: member.name))
            }
        }
        var notes: [String] = []
        for (oldMember, newMember) in pairs {
            var comparison = ProgramComparison(old: oldMember, new: newMember)
            comparison.run()
            changes += comparison.changes
            for (release, member) in [("old", oldMember), ("new", newMember)] {
                guard let note = member.validation.explorationNote else { continue }
                notes.append("\(member.name) (\(release)): \(note)")
            }
        }
        return ReleaseDiff(changes: changes, programCount: pairs.count, notes: notes)
    }

    /// `4 flows, 10 routes, 1 link`.
    static func size(of program: Program) -> String {
        func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
        return [count(program.flows.count, "flow"), count(program.routes.count, "route"), count(program.links.count, "link")].joined(separator: ", ")
    }

    static func programRemoved(_ member: Release.Member) -> ReleaseChange {
        let program = member.program
        var breaks: [String] = []
        if let link = program.links.first {
            breaks.append("its \(program.links.count) link(s) match nothing any more: \(program.sampleURL(of: link)) for one")
        }
        if !member.declarations.isEmpty {
            breaks.append("its generated Swift type `\(member.declarations[0].signature)` is gone")
        }
        return ReleaseChange(kind: .removed, subject: .program, name: member.name, summary: "program \(member.name) removed", breaks: breaks,
                             example: ReleaseDiff.size(of: program),
                             place: Places.root(of: program, isNew: false), program: member.name)
    }
}

/// Turns source spans of one program into places for reports, indexing
/// each file's lines once.
struct Places {
    let program: Program
    let isNew: Bool
    private var indexes: [LineIndex?]

    init(_ program: Program, isNew: Bool) {
        self.program = program
        self.isNew = isNew
        indexes = Array(repeating: nil, count: program.files.count)
    }

    /// The first line of the program's root file.
    static func root(of program: Program, isNew: Bool) -> ReleaseChange.Place? {
        program.files.first.map { ReleaseChange.Place(file: $0.path, line: 1, column: 1, isNew: isNew) }
    }

    /// The place of `span`; the root file's first line for a span in no file.
    mutating func place(of span: SourceSpan) -> ReleaseChange.Place? {
        guard !program.files.isEmpty else { return nil }
        let file = span.isValid && Int(span.file) < program.files.count ? Int(span.file) : 0
        guard span.isValid else { return ReleaseChange.Place(file: program.files[0].path, line: 1, column: 1, isNew: isNew) }
        if indexes[file] == nil { indexes[file] = LineIndex(program.files[file].bytes) }
        let at = indexes[file]?.location(of: Int(span.start)) ?? (line: 1, column: 1)
        return ReleaseChange.Place(file: program.files[file].path, line: at.line, column: at.column, isNew: isNew)
    }
}
