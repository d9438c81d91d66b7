import FlowEngine
import Foundation

/// `validate`'s findings added and removed between the releases.
extension ProgramComparison {
    /// validate's findings added and removed, by code and message (they
    /// break nobody, but a reviewer wants to see a new dead end). An old
    /// message is read with the new release's `was` renames applied (a
    /// quoted `'product'` as `'item'`), so a finding that only follows a
    /// rename is neither fixed nor new.
    mutating func compareFindings() {
        var renames: [(String, String)] = []
        for former in new.program.formerNames {
            let now = former.isFlow ? new.program.flows[Int(former.flow)].name : new.program.routes[Int(former.route)].name
            renames.append(("'\(former.name)'", "'\(new.program.name(now))'"))
        }
        func key(_ diagnostic: Diagnostic) -> String { diagnostic.code.rawValue + " " + diagnostic.message }
        func oldKey(_ diagnostic: Diagnostic) -> String {
            renames.reduce(key(diagnostic)) { $0.replacingOccurrences(of: $1.0, with: $1.1) }
        }
        var before: [String: Int] = [:]
        for diagnostic in old.validation.diagnostics { before[oldKey(diagnostic), default: 0] += 1 }
        var after: [String: Int] = [:]
        for diagnostic in new.validation.diagnostics { after[key(diagnostic), default: 0] += 1 }
        var seen: [String: Int] = [:]
        for diagnostic in old.validation.diagnostics {
            let k = oldKey(diagnostic)
            seen[k, default: 0] += 1
            guard seen[k, default: 0] > after[k, default: 0] else { continue }
            add(ReleaseChange(kind: .removed, subject: .finding, name: diagnostic.code.rawValue,
                              summary: "\(diagnostic.severity.rawValue) \(diagnostic.code.rawValue) fixed", example: diagnostic.message,
                              place: oldPlaces.place(of: diagnostic.span)))
        }
        seen = [:]
        for diagnostic in new.validation.diagnostics {
            let k = key(diagnostic)
            seen[k, default: 0] += 1
            guard seen[k, default: 0] > before[k, default: 0] else { continue }
            if diagnostic.code == .unreachableRoute, unreachableNow.contains(diagnostic.span) { continue }
            add(ReleaseChange(kind: .added, subject: .finding, name: diagnostic.code.rawValue,
                              summary: "new \(diagnostic.severity.rawValue) \(diagnostic.code.rawValue)", example: diagnostic.message,
                              place: newPlaces.place(of: diagnostic.span)))
        }
    }
}
