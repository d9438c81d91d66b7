import FlowDSL
import FlowEngine
import FlowGenerator
import Foundation

/// One release of an app's navigation: the programs of the paths given,
/// read as `flowctl validate` reads them (docs/simulate.md: a directory means
/// its `*.flow` files, each its own program, except a file another of
/// them imports), each validated and with the Swift API it generates.
package struct Release: Sendable {
    /// One program of the release.
    package struct Member: Sendable {
        /// The root file relative to the path given (its name, for a
        /// file): how the two releases' programs are paired.
        public var name: String
        public var validation: Validation
        /// What `flowctl generate swift` declares for it (empty for a library).
        package var declarations: [SwiftDeclaration]
        /// The work budget its exploration had (`Release.explorationWork(declarations:)`).
        var workBudget = Int.max

        public var program: Program { validation.program }
    }

    /// Why a release cannot be compared: a path that names nothing
    /// readable, or a program that does not compile (F0xx, F1xx).
    package struct LoadError: Error, Sendable, Equatable {
        public var message: String
    }

    /// The programs, in the order of the paths given (a directory's sorted).
    public var programs: [Member]

    /// The most work the state exploration of a program of `declarations`
    /// routes, handlers, flows and links may do (`StateGraph.Limits.maxWork`):
    /// validate's own limit up to about 400 declarations (every bundled app,
    /// explored completely: photoshare has about 300), then less as
    /// programs grow, about validate's for a program of a thousand
    /// declarations, where validate's exploration stops at its limit too
    /// and the flow graph answers. A diff explores two programs and should
    /// take a few seconds at most (photoshare: 1.5 s each); both releases get
    /// the budget of their own size, and a note says when one stopped.
    static func explorationWork(declarations: Int) -> Int {
        64_000_000_000 / max(declarations, 1)
    }

    /// Reads the programs at `paths` from `source`. `explorationWork`, when
    /// given and lower, caps each program's exploration budget (tools and
    /// tests that compare many programs; see `explorationWork(declarations:)`).
    public static func load(_ paths: [String], from source: any ReleaseSource, explorationWork: Int? = nil) throws(LoadError) -> Release {
        try loadPair(old: paths, from: source, new: [], from: source, explorationWork: explorationWork).old
    }

    /// Reads two releases, validating their programs side by side (one
    /// thread each, as the cores allow): the state exploration of each
    /// program is most of a diff's time. A program both releases have
    /// unchanged, the same files byte for byte (most of them, in a
    /// commit's diff), is validated once. The first problem, old release
    /// first, is thrown.
    package static func loadPair(old: [String], from oldSource: any ReleaseSource,
                                new: [String], from newSource: any ReleaseSource,
                                explorationWork: Int? = nil) throws(LoadError) -> (old: Release, new: Release) {
        let oldRoots = try roots(old, from: oldSource)
        let newRoots = try roots(new, from: newSource)
        let jobs = oldRoots.map { ($0, oldSource) } + newRoots.map { ($0, newSource) }
        // Read and parse every program first, side by side.
        let loaded = Slots<SourceLoader>(count: jobs.count)
        DispatchQueue.concurrentPerform(iterations: jobs.count) { index in
            let ((file, _), source) = jobs[index]
            do throws(FileReadError) {
                loaded.set(index, .success(try SourceLoader.load(file, from: source)))
            } catch {
                loaded.set(index, .failure(LoadError(message: "cannot read '\(source.describe(file))': \(error.reason)")))
            }
        }
        // Then validate each distinct program once: a job whose files an earlier one has takes its member.
        var earlier = Array(jobs.indices)
        var firstJob: [ProgramFiles: Int] = [:]
        for index in jobs.indices {
            guard case .success(let loader) = loaded.get(index) else { continue }
            let files = ProgramFiles(loader.files)
            if let first = firstJob[files] { earlier[index] = first } else { firstJob[files] = index }
        }
        let distinct = jobs.indices.filter { earlier[$0] == $0 }
        let results = Slots<Member>(count: jobs.count)
        DispatchQueue.concurrentPerform(iterations: distinct.count) { k in
            let index = distinct[k]
            let ((file, name), source) = jobs[index]
            // Taken out, so that its syntax trees die with its compile, as `Validation.check` intends.
            switch loaded.take(index) {
            case .success(let loader):
                do throws(LoadError) {
                    results.set(index, .success(try member(loader, file, name: name, from: source, explorationWork: explorationWork)))
                } catch {
                    results.set(index, .failure(error))
                }
            case .failure(let error): results.set(index, .failure(error))
            case nil: break
            }
        }
        var members: [Member] = []
        for index in jobs.indices {
            switch results.get(earlier[index]) {
            case .success(let member): members.append(member)
            case .failure(let error): throw error
            case nil: throw LoadError(message: "internal error: a program was not read")
            }
        }
        return (Release(programs: Array(members.prefix(oldRoots.count))), Release(programs: Array(members.dropFirst(oldRoots.count))))
    }

    /// The root file of each program at `paths`, with its name.
    static func roots(_ paths: [String], from source: any ReleaseSource) throws(LoadError) -> [(file: String, name: String)] {
        var roots: [(file: String, name: String)] = []
        var seen: Set<String> = []
        for path in paths {
            let isDirectory: Bool
            do { isDirectory = try source.isDirectory(path) } catch {
                throw LoadError(message: "cannot read '\(source.describe(path))': \(error.reason)")
            }
            guard isDirectory else {
                let name = PathText.normalize(path).split(separator: "/").last.map(String.init) ?? path
                if seen.insert(name).inserted { roots.append((path, name)) }
                continue
            }
            let names: [String]
            do { names = try source.flowFiles(in: path) } catch {
                throw LoadError(message: "cannot read directory '\(source.describe(path))': \(error.reason)")
            }
            guard !names.isEmpty else { throw LoadError(message: "no .flow files in directory '\(source.describe(path))'") }
            let base = path.hasSuffix("/") ? String(path.dropLast()) : path
            let files = names.map { base == "." ? $0 : base + "/" + $0 }
            let selected = Set(ProgramRoots.select(files, from: source))
            for (file, name) in zip(files, names) where selected.contains(file) && seen.insert(name).inserted { roots.append((file, name)) }
        }
        return roots
    }

    /// Validates the program rooted at `file`, read by `loader`; refuses one the engine cannot run.
    static func member(_ loader: consuming SourceLoader, _ file: String, name: String, from source: any ReleaseSource,
                       explorationWork cap: Int?) throws(LoadError) -> Member {
        let size = loader.trees.reduce(0) { $0 + $1.routes.count + $1.handlers.count + $1.flows.count + $1.links.count }
        let budget = min(explorationWork(declarations: size), cap ?? .max)
        let validation = Validation.check(consume loader, explorationWork: budget, keepsStateGraph: true)
        if let blocker = validation.program.runBlockers.first {
            var place = source.describe(file)
            if blocker.span.isValid, Int(blocker.span.file) < validation.program.files.count {
                let sourceFile = validation.program.files[Int(blocker.span.file)]
                let at = LineIndex(sourceFile.bytes).location(of: Int(blocker.span.start))
                place = "\(source.describe(sourceFile.path)):\(at.line):\(at.column)"
            }
            throw LoadError(message: "cannot compare '\(source.describe(file))': it has errors, the first at \(place): "
                            + "\(blocker.message) [\(blocker.code.rawValue)] (flowctl validate lists them)")
        }
        // A library has no generated API; an app whose API cannot be generated cannot be compared by it.
        let declarations: [SwiftDeclaration]
        do throws(GenerateError) {
            declarations = validation.program.isLibrary ? [] : try SwiftGenerator.declarations(of: validation.program)
        } catch {
            throw LoadError(message: "cannot compare '\(source.describe(file))': its Swift API cannot be generated: \(error.message) "
                            + "(flowctl generate swift says where)")
        }
        return Member(name: name, validation: validation, declarations: declarations, workBudget: budget)
    }
}

/// The programs read, or the members validated, side by side: each slot
/// written once by its own thread.
private final class Slots<Value>: @unchecked Sendable {
    // Sendable: `slots` is read and written under `lock`.
    private let lock = NSLock()
    private var slots: [Result<Value, Release.LoadError>?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ result: Result<Value, Release.LoadError>) {
        lock.lock()
        defer { lock.unlock() }
        slots[index] = result
    }

    func get(_ index: Int) -> Result<Value, Release.LoadError>? {
        lock.lock()
        defer { lock.unlock() }
        return slots[index]
    }

    /// The slot's value, left empty.
    func take(_ index: Int) -> Result<Value, Release.LoadError>? {
        lock.lock()
        defer { lock.unlock() }
        let value = slots[index]
        slots[index] = nil
        return value
    }
}
