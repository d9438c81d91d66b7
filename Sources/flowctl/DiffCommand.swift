import FlowRelease

/// `flowctl diff OLD NEW [--git REV] [--format text|json|markdown|github]`
/// (docs/releases.md): reads the two releases and prints their differences; the
/// comparison and its forms are `FlowRelease`'s.
enum DiffCommand {
    static let command = FlowCtl.Command(
        name: "diff",
        summary: "Compare two releases: what changed, and what breaks users",
        help: """
        OVERVIEW: Compare two releases of a navigation program and say which changes
        break the users of the old one.

        USAGE: flowctl diff <old> <new> [--format text|json|markdown|github]
               flowctl diff --git <revision> [<old>] <new> [--format ...]

        <old> and <new> are each a .flow file or a directory, read as validate reads
        them: a directory means its *.flow files, each its own program, except a file
        another of them imports. Programs are paired by file name (two files are a
        pair whatever their names). With --git, the old release is read from the git
        revision (git show, git ls-tree): <old> as it was there, or <new> itself when
        only one path is given.

        Breaking (exit status 1), each with its example:
          - a URL that an old link matched (its sample URLs: optional items absent,
            then present) now matches no link, or,
            opened at launch with every guard false, shows another stack;
          - a generated Swift declaration (a Screen, Event, Guard or Tab case, a link
            builder) is gone or changed: app code that uses it no longer compiles;
          - a route shown another way (pushed before, only a sheet now), or a state
            of the old release that the new one refuses to restore (each explored
            state, up to 4,000, is restored): a saved state no longer restores;
          - a route users reached that the new release still has but cannot reach.
        Flows, tab bars, routes, events, results, links and validate's findings
        added, removed or changed are listed too; they break nobody. A route or a
        flow marked [was(OldName)] is renamed, not removed and added: its links,
        saved screens and reachability are compared as the same one's, and the
        generated Swift keeps its old names as deprecated aliases.

        OPTIONS:
          --git <revision>    Read the old release from this git revision
          --format <format>   text (default); json: {"programs", "breaking",
                              "changes"}; markdown: a pull-request comment, breaking
                              changes first and the counts in a table; github:
                              GitHub Actions annotations on the new release's lines
          -h, --help          Show this help

            flowctl diff --git origin/main flows/ --format markdown > diff.md

        EXIT STATUS: 0 no breaking change, 1 a breaking change, 2 bad usage,
        unreadable input, or a program with errors (validate shows them).

        """,
        options: [
            OptionSpec(name: "--format", takesValue: true, choices: ["text", "json", "markdown", "github"]),
            OptionSpec(name: "--git", takesValue: true),
        ],
        run: run
    )

    static func run(_ arguments: ParsedArguments, _ console: inout Console) throws(UsageError) -> ExitCode {
        let paths = arguments.positionals
        let revision = arguments.value("--git")
        let old: (paths: [String], source: any ReleaseSource)
        let new: [String]
        switch (revision, paths.count) {
        case (nil, 2):
            old = ([paths[0]], DiskReleaseSource())
            new = [paths[1]]
        case (nil, _):
            throw UsageError(message: paths.isEmpty ? "missing the old and the new release (a .flow file or a directory each)"
                             : "diff takes two paths, the old release and the new one (or --git REV and one path)")
        case (let revision?, 1), (let revision?, 2):
            guard !revision.isEmpty, !revision.hasPrefix("-") else { throw UsageError(message: "--git needs a revision, such as origin/main") }
            old = ([paths[0]], GitRevisionSource(revision: revision, environment: console.environment))
            new = [paths[paths.count - 1]]
        case (_?, _):
            throw UsageError(message: paths.isEmpty ? "missing the file or directory to compare with its --git revision"
                             : "with --git, diff takes one path (compared with itself at the revision) or two")
        }
        let releases: (old: Release, new: Release)
        do throws(Release.LoadError) {
            releases = try Release.loadPair(old: old.paths, from: old.source, new: new, from: DiskReleaseSource())
        } catch {
            console.err("flowctl diff: \(error.message)\n")
            return .usage
        }
        let diff = ReleaseDiff.compare(releases.old, releases.new)
        switch arguments.value("--format") {
        case "json": console.out(diff.json() + "\n")
        case "markdown": console.out(diff.markdown())
        case "github": console.out(diff.githubAnnotations())
        default: console.out(diff.text(useColor: console.colorOutput))
        }
        return diff.breakingCount > 0 ? .failure : .success
    }
}
