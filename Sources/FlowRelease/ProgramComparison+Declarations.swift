import FlowEngine
import FlowGenerator

/// The generated Swift API (docs/generated-api.md): a declaration app code compiles
/// against that is gone or changed breaks it. The break is told with the
/// edit that caused it (a removed route, an event with other parameters);
/// a declaration no other change explains is a change of its own. Added
/// declarations break nobody and show as what they come from.
extension ProgramComparison {
    mutating func compareDeclarations() {
        let typeName = new.declarations.first.map { String($0.signature.dropFirst("enum ".count).prefix { $0 != ":" }) } ?? ""
        var newByName: [String: SwiftDeclaration] = [:]
        for declaration in new.declarations where newByName[declaration.name] == nil { newByName[declaration.name] = declaration }
        // Where each subject's change is, to tell a break with it.
        var changeOf: [String: Int] = [:]
        for (i, change) in changes.enumerated() {
            changeOf["\(change.subject.rawValue) \(change.name)"] = i
            if change.subject == .link, change.kind == .changed, let arrow = change.example.range(of: " → ") {
                changeOf["link \(change.example[arrow.upperBound...])"] = i
            }
        }
        var targetOf: [String: RouteID] = [:]
        for link in old.program.links where link.route >= 0 && targetOf[link.patternText] == nil { targetOf[link.patternText] = link.route }
        // (v2) A link builder that gained optional items is called as before: `postURL(id:)`
        // still compiles against `postURL(id:tab:)` whose `tab` is `nil` by default.
        var newBuilderByCall: [String: SwiftDeclaration] = [:]
        for declaration in new.declarations {
            guard case .link = declaration.origin else { continue }
            let call = ProgramComparison.requiredSignature(declaration.signature)
            if call != declaration.signature, newBuilderByCall[call] == nil { newBuilderByCall[call] = declaration }
        }
        // (v2) A type a `was` rename keeps under its old name (`typealias Explore = Search`):
        // what app code spells inside the old name is found inside the new.
        var renamedTypes: [String: String] = [:]
        for declaration in new.declarations where declaration.replaces != nil && declaration.signature.hasPrefix("typealias ") {
            guard let equals = declaration.signature.range(of: " = ") else { continue }
            let parent = declaration.name.split(separator: ".").dropLast().joined(separator: ".")
            renamedTypes[declaration.name] = (parent.isEmpty ? "" : parent + ".") + declaration.signature[equals.upperBound...]
        }
        for declaration in old.declarations {
            let now = newByName[declaration.name] ?? ProgramComparison.renamed(declaration.name, renamedTypes).flatMap { newByName[$0] }
            // A deprecated alias of a `was` rename stands in for the old declaration.
            guard now?.signature != declaration.signature, now?.replaces != declaration.signature else { continue }
            if now == nil, case .link = declaration.origin, newBuilderByCall[ProgramComparison.requiredSignature(declaration.signature)] != nil { continue }
            let owner = typeName.isEmpty ? "" : typeName + "."
            let spelled = declaration.name == "Self" ? declaration.signature : "\(owner)\(declaration.name)"
            let problem = now.map { "Swift: `\(spelled)` changed from `\(declaration.signature)` to `\($0.signature)`" }
                ?? "Swift: `\(spelled)` (`\(declaration.signature)`) is gone"
            let text = problem + "; app code that uses it no longer compiles"
            var keys = ProgramComparison.subjectKeys(declaration.origin)
            // A link builder is named after its target: it goes with the target's rename.
            if case .link(let pattern) = declaration.origin, let route = targetOf[pattern] {
                keys.append("route " + old.program.qualifiedName(route))
            }
            if let index = keys.lazy.compactMap({ changeOf[$0] }).first {
                changes[index].breaks.append(text)
                continue
            }
            var place = Places.root(of: new.program, isNew: true)
            if let now { place = newPlaces.place(of: now.span) }
            add(ReleaseChange(kind: now == nil ? .removed : .changed, subject: .declaration, name: declaration.name,
                              summary: "Swift declaration \(spelled) \(now == nil ? "removed" : "changed")", breaks: [text],
                              example: now.map { "\(declaration.signature) → \($0.signature)" } ?? declaration.signature, place: place))
        }
    }

    /// `name` with its longest leading type path that `renamedTypes` maps
    /// replaced (`Screen.Explore.home` → `Screen.Search.home`); nil when none does.
    static func renamed(_ name: String, _ renamedTypes: [String: String]) -> String? {
        guard !renamedTypes.isEmpty else { return nil }
        var end = name.endIndex
        while let dot = name[..<end].lastIndex(of: ".") {
            if let target = renamedTypes[String(name[..<dot])] { return target + name[dot...] }
            end = dot
        }
        return nil
    }

    /// A builder's signature without its parameters that are `nil` by
    /// default: `static func f(a: T, b: U? = nil) -> R` → `static func f(a: T) -> R`.
    static func requiredSignature(_ signature: String) -> String {
        guard let open = signature.firstIndex(of: "("), let close = signature.lastIndex(of: ")"), open < close else { return signature }
        let parameters = signature[signature.index(after: open)..<close].components(separatedBy: ", ")
        let kept = parameters.filter { !$0.hasSuffix("? = nil") }
        return signature[...open] + kept.joined(separator: ", ") + signature[close...]
    }

    /// The changes a declaration's break belongs to, most specific first.
    static func subjectKeys(_ origin: SwiftDeclaration.Origin) -> [String] {
        switch origin {
        case .program: []
        case .flow(let name), .tab(let name): ["flow \(name)", "tabs \(name)"]
        case .route(let name): ["route \(name)"] + (name.split(separator: ".").first.map { ["flow \($0)"] } ?? [])
        case .event(let name): ["event \(name)"]
        case .guardName: []
        case .link(let pattern): ["link \(pattern)"]
        // The event's change, else the route's (a rename renames the enum), else its flow's.
        case .screenEvent(let route, let event): ["event \(event)"] + subjectKeys(.route(route))
        }
    }
}
