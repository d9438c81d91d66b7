import FlowEngine
@testable import FlowRelease
import FlowTestSupport
import Foundation
@testable import flowctl
import Testing

/// `flowctl diff` (docs/releases.md): scripted edits of the bundled apps, each
/// reported once with its class and example; exit statuses; the formats;
/// `--git` in a repository made here.
@Suite("flowctl diff: two releases compared")
struct DiffCommandTests {
    /// An edit a release would make: replacements in a bundled app's text.
    struct Edit: CustomTestStringConvertible, Sendable {
        var name: String
        var app: String
        var replacements: [(String, String)]
        /// The change it must give, once: subject, name, breaking, and one of its breaks or its example, whole.
        var subject: ReleaseChange.Subject
        var changed: String
        var isBreaking: Bool
        var evidence: String
        var testDescription: String { name }
    }

    static let edits: [Edit] = [
        Edit(name: "add a tab", app: "placesfinder",
             replacements: [("tabs Search, Settings", "tabs Search, Settings, Saved"),
                            ("flow SettingsChild {", "flow Saved {\n  start saved\n  route saved \"Saved\"\n}\n\nflow SettingsChild {")],
             subject: .flow, changed: "Saved", isBreaking: false, evidence: "its routes: saved"),
        Edit(name: "reorder tabs", app: "placesfinder", replacements: [("tabs Search, Settings", "tabs Settings, Search")],
             subject: .tabs, changed: "Home", isBreaking: false, evidence: "Search, Settings → Settings, Search"),
        Edit(name: "add a route", app: "shop",
             replacements: [("route receipt [final]", "route receipt [final] { on wish -> push wishlist }\n  route wishlist [final]")],
             subject: .route, changed: "Shop.wishlist", isBreaking: false, evidence: "Shop.wishlist"),
        Edit(name: "remove a route", app: "shop",
             replacements: [("  route receipt [final]\n", ""), ("set [catalog, receipt]", "set [catalog]")],
             subject: .route, changed: "Shop.receipt", isBreaking: true, evidence: "Swift: `App.Screen.Shop.receipt` (`case receipt`) is gone; app code that uses it no longer compiles"),
        Edit(name: "turn a push into a sheet", app: "shop", replacements: [("on getStarted -> push login", "on getStarted -> sheet login")],
             subject: .route, changed: "Auth.login", isBreaking: true,
             evidence: "a saved state that shows Auth.login pushed, in a cover no longer restores: the new release shows it only as a sheet, "
                 + "in a sheet (after ready → getStarted, the old release shows splash | cover: walkthrough > login)"),
        Edit(name: "make a route unreachable: the old way there is the example", app: "shop",
             replacements: [("set [catalog, receipt]", "set [catalog]")],
             subject: .route, changed: "Shop.receipt", isBreaking: true,
             evidence: "after assume loggedIn → ready → select(id: \"1\") → buy → pay → paid, the old release shows catalog > receipt"),
        Edit(name: "change a URL pattern", app: "shop", replacements: [("shop://product/:id", "shop://products/:id")],
             subject: .link, changed: "shop://product/:id", isBreaking: true,
             evidence: "shop://product/1 matched `shop://product/:id`; now it matches no link"),
        Edit(name: "remove an event", app: "shop", replacements: [("    on related(id: String) -> push product(id: id)\n", "")],
             subject: .event, changed: "related", isBreaking: true, evidence: "Swift: `App.Event.related(id:)` (`case related(id: Swift.String)`) is gone; app code that uses it no longer compiles"),
        Edit(name: "remove a handler from one screen: the event stays, the screen's events case goes", app: "wayfarer",
             replacements: [("    on open(id: Int) -> push trip(id: id)\n", "")],
             subject: .declaration, changed: "Screen.Trips.TripsEvent.open(id:)", isBreaking: true,
             evidence: "Swift: `App.Screen.Trips.TripsEvent.open(id:)` (`case openID(id: Swift.Int)`) is gone; app code that uses it no longer compiles"),
        Edit(name: "rename a route with was: its link still works, its case and link builder stay as deprecated aliases",
             app: "shop", replacements: [("route product(id: String) {", "route item(id: String) [was(product)] {"),
                                         ("push product(id: id)", "push item(id: id)"), ("App/Shop/product", "App/Shop/item")],
             subject: .route, changed: "Shop.product", isBreaking: false, evidence: "route item [was(product)]"),
        Edit(name: "rename a tab's flow with was: its Screen case, type and Tab case stay as deprecated aliases", app: "placesfinder",
             replacements: [("tabs Search, Settings", "tabs Search, Preferences"), ("flow Settings {", "flow Preferences [was(Settings)] {"),
                            ("Settings/", "Preferences/"), ("select Settings", "select Preferences")],
             subject: .flow, changed: "Settings", isBreaking: false, evidence: "flow Preferences [was(Settings)]"),
        Edit(name: "move a link's target into a sheet", app: "placesfinder",
             replacements: [("on about -> start SettingsChild as sheet", "on about -> start SettingsChild as cover")],
             subject: .route, changed: "SettingsChild.about", isBreaking: true,
             evidence: "placesfinder://settings/about opened at launch showed settings | sheet: about; now it shows settings | cover: about"),
    ]

    @Test("a scripted edit of a bundled app is reported once, with its class and example", arguments: edits)
    func scriptedEdit(edit: Edit) throws {
        let directory = try TemporaryDirectory()
        let old = repositoryRoot + "/flows/\(edit.app).flow"
        var text = try String(contentsOfFile: old, encoding: .utf8)
        for (from, to) in edit.replacements {
            #expect(text.contains(from), "the edit no longer applies: \(from)")
            text = text.replacingOccurrences(of: from, with: to)
        }
        let new = try directory.write(text, to: "\(edit.app).flow")
        let diff = ReleaseDiff.compare(try Release.load([old], from: DiskReleaseSource()), try Release.load([new], from: DiskReleaseSource()))
        let matching = diff.changes.filter { $0.subject == edit.subject && $0.name == edit.changed && $0.subject != .finding }
        try #require(matching.count == 1, "\(diff.text())")
        let change = matching[0]
        #expect(change.isBreaking == edit.isBreaking, "\(diff.text())")
        #expect((change.breaks + [change.example]).contains(edit.evidence), "\(change.breaks) \(change.example)")
        // Nothing else breaks, and a non-breaking edit gives exit status 0.
        #expect(diff.breakingCount == (edit.isBreaking ? 1 : 0), "\(diff.text())")
        let run = DiffRun(["diff", old, new])
        #expect(run.status == (edit.isBreaking ? .failure : .success))
        #expect(run.err == "")
    }

    @Test("every bundled app compared with itself: no change, exit 0",
          arguments: ["login", "placesfinder", "shop", "swiftui-coordinator", "wayfarer", "photoshare/app"])
    func unchanged(app: String) {
        let path = repositoryRoot + "/flows/\(app).flow"
        let run = DiffRun(["diff", path, path])
        #expect(run.status == .success)
        #expect(run.out == "no navigation changes (1 program compared)\n")
    }

    @Test("a state of the old release the new one refuses to restore is breaking, with the state as JSON, even when the route's placement is the same")
    func refusedSavedState() throws {
        let before = """
            flow App [entry] { start feed  route feed { on open -> push post  on other -> push other }  route other { on open -> push post }  route post [final] }
            """
        // `post` is still pushed in the base layer, but never over `feed` any more; every event stays.
        let after = before.replacingOccurrences(of: "on open -> push post  on other", with: "on open -> push other  on other")
        let old = try TemporaryDirectory()
        let new = try TemporaryDirectory()
        let diff = ReleaseDiff.compare(try Release.load([try old.write(before, to: "app.flow")], from: DiskReleaseSource()),
                                       try Release.load([try new.write(after, to: "app.flow")], from: DiskReleaseSource()))
        let refusal = try #require(diff.changes.first { $0.summary == "saved screens of App.post no longer restore" }, "\(diff.text())")
        #expect(refusal.breaks == [
            "a saved state that shows App.post no longer restores: the new release drops 1 screen from 'App.post' up in the base layer: this program never shows 'App.post' pushed over 'App.feed' (after send open, the old release shows feed > post)",
        ])
        #expect(refusal.example == #"{"entry":"App","flows":[{"flow":"App","parent":-1}],"format":"flowkit-state","guards":[],"layers":[{"kind":"base","selected":0,"stacks":[[{"arguments":[],"flow":0,"route":"App.feed"},{"arguments":[],"flow":0,"route":"App.post"}]]}],"version":1}"#)
        #expect(refusal.kind == .changed && refusal.subject == .route && refusal.name == "App.post")
        // Removing the event that showed it is the cause: the refusal is told with that change instead.
        let removed = before.replacingOccurrences(of: "on open -> push post  on other", with: "on other")
            .replacingOccurrences(of: "route other { on open -> push post }", with: "route other { on more -> push post }")
        let third = try TemporaryDirectory()
        let byEvent = ReleaseDiff.compare(try Release.load([try old.write(before, to: "app.flow")], from: DiskReleaseSource()),
                                          try Release.load([try third.write(removed, to: "app.flow")], from: DiskReleaseSource()))
        #expect(!byEvent.changes.contains { $0.summary.hasPrefix("saved screens") }, "\(byEvent.text())")
        let event = try #require(byEvent.changes.first { $0.subject == .event && $0.name == "open" }, "\(byEvent.text())")
        #expect(event.breaks.contains { $0.hasPrefix("a saved state that shows App.post no longer restores") }, "\(byEvent.text())")
    }

    @Test("a program both releases have unchanged is validated once; a changed one, and one that cannot be read, for each release")
    func unchangedProgramsValidatedOnce() throws {
        let old = try TemporaryDirectory()
        let new = try TemporaryDirectory()
        let same = "flow App [entry] { start feed  route feed { on open -> push post }  route post [final] }"
        let changed = "flow Other [entry] { start home  route home [final] }"
        // The same path with the same bytes in both releases, and a second program that changes.
        let kept = try old.write(same, to: "kept.flow")
        _ = try old.write(changed, to: "other.flow")
        _ = try new.write(changed.replacingOccurrences(of: "home [final]", with: "home { on open -> push home }"), to: "other.flow")
        let (before, after) = try Release.loadPair(old: [kept, old.path + "/other.flow"], from: DiskReleaseSource(),
                                                   new: [kept, new.path + "/other.flow"], from: DiskReleaseSource())
        func timings(_ member: Release.Member) -> [Duration] { member.validation.timings.map(\.duration) }
        // One validation, shared: measured once.
        #expect(timings(before.programs[0]) == timings(after.programs[0]))
        #expect(before.programs[0].validation.exploredStates == 2)
        // The changed program has its own, with its own finding.
        #expect(before.programs[1].validation.diagnostics.isEmpty)
        #expect(after.programs[1].validation.diagnostics.map(\.code.rawValue) == ["F205"])
        // A file that cannot be read is named with its release's path.
        #expect(throws: Release.LoadError(message: "cannot read '\(new.path)/gone.flow': no such file or directory")) {
            try Release.loadPair(old: [kept], from: DiskReleaseSource(), new: [new.path + "/gone.flow"], from: DiskReleaseSource())
        }
    }

    @Test("directories pair programs by file name; a program gone is breaking")
    func directories() throws {
        let old = try TemporaryDirectory()
        let new = try TemporaryDirectory()
        for app in ["shop", "login"] {
            _ = try old.write(try String(contentsOfFile: repositoryRoot + "/flows/\(app).flow", encoding: .utf8), to: "\(app).flow")
        }
        _ = try new.write(try String(contentsOfFile: repositoryRoot + "/flows/shop.flow", encoding: .utf8), to: "shop.flow")
        let run = DiffRun(["diff", old.path, new.path, "--format", "json"])
        #expect(run.status == .failure)
        // The one change: login.flow removed, placed in the old release (shop.flow is the same on both sides).
        #expect(run.out == """
            {"programs":1,"breaking":1,"changes":[{"kind":"removed","subject":"program","name":"login.flow",\
            "summary":"program login.flow removed","breaking":true,\
            "breaks":["its generated Swift type `enum App: FlowProgram` is gone"],"example":"1 flow, 5 routes, 0 links",\
            "program":"login.flow","file":"\(old.path)/login.flow","line":1,"column":1,"new":false}],"notes":[]}

            """)
        #expect(run.err == "")
    }

    @Test("random programs: each against itself is no change, each against the next never traps and names a place for every change",
          arguments: 0..<2)
    func randomPrograms(batch: Int) throws {
        // Small programs and a small budget (the differential oracle's): a debug build explores slowly.
        let directory = try TemporaryDirectory()
        var previous: Release?
        for seed in UInt64(batch * 6)..<UInt64(batch * 6 + 6) {
            let path = try directory.write(randomProgram(seed: seed, size: 1 + Int(seed % 3)), to: "p\(seed).flow")
            let release = try Release.load([path], from: DiskReleaseSource(), explorationWork: 2_000_000)
            let same = ReleaseDiff.compare(release, release)
            #expect(same.changes.isEmpty, "seed \(seed): \(same.text())")
            if let previous {
                let diff = ReleaseDiff.compare(previous, release)
                #expect(diff.changes.allSatisfy { $0.place != nil }, "seed \(seed)")
                #expect(!diff.text().isEmpty && !diff.markdown().isEmpty && !diff.json().isEmpty)
            }
            previous = release
        }
    }

    /// The v2 links of `LinkActionTests`: named, with actions after the path, over what is shown.
    static let linksApp = """
        flow App [entry] {
          start home
          route home { on open -> push post(id: 1)  on settings -> sheet settings }
          route post(id: Int) { on close -> pop }
          route comments(id: Int) { on done -> dismiss }
          route confirm(action: String) { on ok -> stay  on cancel -> stay }
          route settings { on close -> dismiss }
          on Editor.done -> stay
        }
        flow Editor { start draft  route draft { on save -> finish done } }
        link post "app://p/:id" -> App/post(id: id) then sheet comments(id: id)
        link "app://confirm/:a" -> over alert confirm(action: a)
        link compose "app://compose" -> App/home then start Editor as sheet

        """

    @Test("v2 links: an over link removed, a link's presentation changed (told with the route it shows), a named link renamed", arguments: [
        // The alert only the link showed is no longer reached either: a second break, of its own.
        ("link \"app://confirm/:a\" -> over alert confirm(action: a)\n", "", ReleaseChange.Subject.link, "app://confirm/:a", 2,
         "app://confirm/1 matched `app://confirm/:a`; now it matches no link"),
        ("then sheet comments(id: id)", "then cover comments(id: id)", .route, "App.comments", 1,
         "app://p/1 opened at launch showed home > post(id: 1) | sheet: comments(id: 1); now it shows home > post(id: 1) | cover: comments(id: 1)"),
        ("link compose \"app://compose\"", "link write \"app://compose\"", .declaration, "composeURL()", 1,
         "Swift: `App.composeURL()` (`static func composeURL() -> Swift.String`) is gone; app code that uses it no longer compiles"),
    ])
    func v2Links(from: String, to: String, subject: ReleaseChange.Subject, name: String, breaking: Int, evidence: String) throws {
        let directory = try TemporaryDirectory()
        let old = try directory.write(DiffCommandTests.linksApp, to: "old/app.flow")
        #expect(DiffCommandTests.linksApp.contains(from))
        let new = try directory.write(DiffCommandTests.linksApp.replacingOccurrences(of: from, with: to), to: "app.flow")
        let diff = ReleaseDiff.compare(try Release.load([old], from: DiskReleaseSource()), try Release.load([new], from: DiskReleaseSource()))
        #expect(diff.breakingCount == breaking, "\(diff.text())")
        let matching = diff.changes.filter { $0.subject == subject && $0.name == name }
        #expect(matching.count == 1, "\(diff.text())")
        #expect(matching.first.map { ($0.breaks + [$0.example]).contains(evidence) } == true, "\(matching.map { ($0.breaks, $0.example) })")
    }

    /// v2 URL patterns: optional items with defaults, a rest capture, link default.
    static let patternsApp = """
        flow App [entry] {
          start home
          route home { on go -> push post(id: 1) }
          route post(id: Int, tab: Int = 0) { on close -> pop }
          route files(path: String) { on close -> pop }
          route missing { on close -> pop }
        }
        link post "app://post/:id" -> App/post(id: id)
        link files "app://files/*path" -> App/files(path: path)
        link default -> App/missing

        """

    @Test("v2 patterns: an optional item added breaks nothing (the builder is called as before); link default removed, or a rest capture narrowed, breaks URLs", arguments: [
        ("link post \"app://post/:id\" -> App/post(id: id)", "link post \"app://post/:id?tab=:tab?\" -> App/post(id: id, tab: tab)", 0,
         "app://post/:id → app://post/:id?tab=:tab?"),
        ("link default -> App/missing\n", "", 2, "unmatched://default matched `default`; now it matches no link"),
        ("app://files/*path", "app://files/:path", 1,
         "app://files/1/1 opened at launch showed home > files(path: \"1/1\"); now it shows home > missing"),
    ])
    func v2Patterns(from: String, to: String, breaking: Int, evidence: String) throws {
        let directory = try TemporaryDirectory()
        let old = try directory.write(DiffCommandTests.patternsApp, to: "old/app.flow")
        #expect(DiffCommandTests.patternsApp.contains(from))
        let new = try directory.write(DiffCommandTests.patternsApp.replacingOccurrences(of: from, with: to), to: "app.flow")
        let diff = ReleaseDiff.compare(try Release.load([old], from: DiskReleaseSource()), try Release.load([new], from: DiskReleaseSource()))
        #expect(diff.breakingCount == breaking, "\(diff.text())")
        #expect(diff.changes.contains { ($0.breaks + [$0.example]).contains(evidence) }, "\(diff.changes.map { ($0.breaks, $0.example) })")
    }

    // MARK: - Formats

    /// The shop with its product link renamed and its receipt gone, and the temporary path it was written to.
    static func editedShop(_ directory: TemporaryDirectory) throws -> String {
        var text = try String(contentsOfFile: repositoryRoot + "/flows/shop.flow", encoding: .utf8)
        text = text.replacingOccurrences(of: "shop://product/:id", with: "shop://item/:id")
            .replacingOccurrences(of: "  route receipt [final]\n", with: "")
            .replacingOccurrences(of: "set [catalog, receipt]", with: "set [catalog]")
            .replacingOccurrences(of: "route cart { on pay -> push payment }", with: "route cart { on pay -> push payment  on later -> push saved }\n  route saved [final]")
        return try directory.write(text, to: "shop.flow")
    }

    @Test("text and markdown: breaking changes first, then the rest (golden files)", arguments: [("text", "diff-shop.txt"), ("markdown", "diff-shop.md")])
    func goldenFormats(format: String, file: String) throws {
        let directory = try TemporaryDirectory()
        let new = try DiffCommandTests.editedShop(directory)
        let run = DiffRun(["diff", repositoryRoot + "/flows/shop.flow", new, "--format", format])
        #expect(run.status == .failure)
        #expect(run.out.replacingOccurrences(of: directory.path, with: "NEW") == (try golden(file)))
    }

    @Test("json: one object, the breaking changes first, each with its place in the new release")
    func json() throws {
        let directory = try TemporaryDirectory()
        let new = try DiffCommandTests.editedShop(directory)
        let run = DiffRun(["diff", repositoryRoot + "/flows/shop.flow", new, "--format", "json"])
        #expect(run.status == .failure)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
        #expect(object["programs"] as? Int == 1)
        #expect(object["breaking"] as? Int == 2)
        let changes = try #require(object["changes"] as? [[String: Any]])
        #expect(changes.map { $0["breaking"] as? Bool } == [true, true, false, false])
        #expect(changes[0]["subject"] as? String == "route")
        #expect(changes[0]["file"] as? String == new)
        #expect(changes[1]["breaks"] as? [String] == ["shop://product/1 matched `shop://product/:id`; now it matches no link"])
    }

    @Test("github: an error on the new release's line for each breaking change, a notice for the others")
    func github() throws {
        let directory = try TemporaryDirectory()
        let new = try DiffCommandTests.editedShop(directory)
        let run = DiffRun(["diff", repositoryRoot + "/flows/shop.flow", new, "--format", "github"])
        #expect(run.status == .failure)
        let lines = run.out.split(separator: "\n")
        #expect(lines.count == 4)
        let file = GitHubAnnotation.escaped(new, property: true)
        #expect(lines[0].hasPrefix("::error file=\(file),line=26,col=6,title=flowctl diff%3A breaking route::route Shop.receipt removed%0Abreaks: a saved state that shows Shop.receipt no longer restores"), "\(run.out)")
        #expect(lines[1].hasPrefix("::error file=\(file),line=43,col=6,title=flowctl diff%3A breaking link::link shop://product/:id now reads shop://item/:id%0Abreaks: "), "\(run.out)")
        #expect(lines[2...].allSatisfy { $0.hasPrefix("::notice ") }, "\(run.out)")
    }

    // MARK: - git

    @Test("--git REV reads the old release from a revision of a repository made here")
    func git() throws {
        let directory = try TemporaryDirectory()
        let shop = try directory.write(try String(contentsOfFile: repositoryRoot + "/flows/shop.flow", encoding: .utf8), to: "app/shop.flow")
        let app = directory.path + "/app"
        try directory.git(["init", "-q"])
        try directory.git(["add", "."])
        try directory.git(["-c", "user.name=FlowKit", "-c", "user.email=flowkit@example.com", "commit", "-q", "-m", "release 1"])
        // Unchanged: the file and its directory, against the commit.
        #expect(DiffRun(["diff", "--git", "HEAD", shop]).status == .success)
        #expect(DiffRun(["diff", "--git", "HEAD", app]).out == "no navigation changes (1 program compared)\n")
        var text = try String(contentsOfFile: shop, encoding: .utf8)
        text = text.replacingOccurrences(of: "shop://product/:id", with: "shop://item/:id")
        _ = try directory.write(text, to: "app/shop.flow")
        for path in [shop, app] {
            let run = DiffRun(["diff", "--git", "HEAD", path, "--format", "json"])
            #expect(run.status == .failure, "\(run.err)")
            #expect(run.out == """
                {"programs":1,"breaking":1,"changes":[{"kind":"changed","subject":"link","name":"shop://product/:id",\
                "summary":"link shop://product/:id now reads shop://item/:id","breaking":true,\
                "breaks":["shop://product/1 matched `shop://product/:id`; now it matches no link"],\
                "example":"shop://product/:id → shop://item/:id","program":"shop.flow","file":"\(shop)","line":43,"column":6,"new":true}],\
                "notes":[]}

                """, "\(path)")
        }
        // Two paths: the old one as it was at the revision.
        #expect(DiffRun(["diff", "--git", "HEAD", shop, shop]).status == .failure)
        let missing = DiffRun(["diff", "--git", "no-such-revision", shop])
        #expect(missing.status == .usage)
        #expect(missing.err.hasPrefix("flowctl diff: cannot read 'no-such-revision:\(shop)': not in revision 'no-such-revision'"), "\(missing.err)")
    }

    // MARK: - Usage

    @Test("bad usage and unreadable input: exit 2 and a message naming what and where", arguments: [
        (["diff"], "flowctl diff: missing the old and the new release (a .flow file or a directory each)\nSee 'flowctl diff --help'.\n"),
        (["diff", "flows/shop.flow"], "flowctl diff: diff takes two paths, the old release and the new one (or --git REV and one path)\nSee 'flowctl diff --help'.\n"),
        (["diff", "flows/shop.flow", "flows/shop.flow", "--format", "yaml"],
         "flowctl diff: invalid value 'yaml' for '--format' (expected text, json, markdown, github)\nSee 'flowctl diff --help'.\n"),
        (["diff", "--git"], "flowctl diff: option '--git' needs a value\nSee 'flowctl diff --help'.\n"),
        (["diff", "--git", "HEAD"], "flowctl diff: missing the file or directory to compare with its --git revision\nSee 'flowctl diff --help'.\n"),
        (["diff", "--git", "HEAD", "a.flow", "b.flow", "c.flow"],
         "flowctl diff: with --git, diff takes one path (compared with itself at the revision) or two\nSee 'flowctl diff --help'.\n"),
        (["diff", "nowhere.flow", "flows/shop.flow"], "flowctl diff: cannot read 'nowhere.flow': no such file or directory\n"),
        (["diff", "flows/shop.flow", "flows/broken/F101-unknown-route.flow"],
         "flowctl diff: cannot compare 'flows/broken/F101-unknown-route.flow': it has errors, the first at flows/broken/F101-unknown-route.flow:"),
    ])
    func usage(arguments: [String], message: String) {
        let run = DiffRun(arguments, in: repositoryRoot)
        #expect(run.status == .usage)
        #expect(run.out == "")
        #expect(run.err.hasPrefix(message), "\(run.err)")
    }

    @Test("a release whose Swift API cannot be generated is refused with the reason, exit 2, not compared as if every case were gone")
    func ungeneratable() throws {
        let directory = try TemporaryDirectory()
        let source = "flow App [entry] {\n  start a\n  route a { on go(id: String) -> push b }\n  route b [final] { on go(id: Int) -> pop }\n}\n"
        let new = try directory.write(source, to: "app.flow")
        let old = try directory.write(source.replacingOccurrences(of: "go(id: Int)", with: "go(id: String)"), to: "old/app.flow")
        let run = DiffRun(["diff", old, new])
        #expect(run.status == .usage)
        #expect(run.err == "flowctl diff: cannot compare '\(new)': its Swift API cannot be generated: event 'go' takes the same labels as "
                + "another handler with different types; a generated case cannot have both (flowctl generate swift says where)\n")
    }

    @Test("diff is in the command list and has its help")
    func help() {
        #expect(helpEntry(DiffRun(["--help"]).out, "diff  ") == "  diff      Compare two releases: what changed, and what breaks users")
        #expect(DiffRun(["diff", "--help"]).out.hasPrefix("OVERVIEW: Compare two releases"))
    }
}

/// A run of `flowctl` in memory: what it printed and its exit status.
struct DiffRun {
    var status: ExitCode
    var out: String
    var err: String

    /// Runs `arguments`; relative paths are made absolute against `directory` first.
    init(_ arguments: [String], in directory: String? = nil) {
        let arguments = arguments.map { argument in
            guard let directory, argument.hasSuffix(".flow"), !argument.hasPrefix("/") else { return argument }
            return directory + "/" + argument
        }
        let output = Output()
        var console = Console(out: { output.out += $0 }, err: { output.err += $0 }, colorOutput: false, interactiveInput: false,
                              environment: ProcessInfo.processInfo.environment)
        status = FlowCtl.main(arguments, console: &console)
        out = output.out
        err = directory.map { output.err.replacingOccurrences(of: $0 + "/", with: "") } ?? output.err
    }

    private final class Output: @unchecked Sendable {
        var out = ""
        var err = ""
    }
}

/// A directory removed when the value is released.
final class TemporaryDirectory: @unchecked Sendable {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("flowkit-diff-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes `text` to `name` under the directory; its path.
    func write(_ text: String, to name: String) throws -> String {
        let file = path + "/" + name
        try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    /// Runs git in the directory; throws when it fails.
    func git(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: path)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown) }
    }
}
