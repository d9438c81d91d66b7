import FlowTestSupport
import Foundation
import Testing

@Suite("flowctl simulate, end to end")
struct SimulateCommandTests {
    @Test("every bundled app's scenario script passes, ending on the screen it ends on", arguments: [
        ("login", "walkthrough"), ("swiftui-coordinator", "signIn"), ("placesfinder", "search"),
        ("shop", #"catalog > product(id: "9")"#), ("wayfarer", "trips > trip(id: 8)"), ("photoshare/app", "feed"),
    ])
    func bundledScripts(name: String, final: String) throws {
        let result = try runFlowctl(["simulate", "flows/\(name).flow", "--script", "flows/\(name).script"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "")
        #expect(result.stdout.split(separator: "\n", omittingEmptySubsequences: false).suffix(2) == ["all steps passed: \(final)", ""])
    }

    @Test("-e steps print a readable trace")
    func trace() throws {
        let result = try runFlowctl(["simulate", "flows/shop.flow", "-e", "ready", "-e", "getStarted", "-e", "back", "-e", "expect stack splash | cover: walkthrough"])
        #expect(result.status == 0)
        #expect(result.stdout == """
            [1] ready
                start Auth, cover walkthrough
                = splash | cover: walkthrough
            [2] getStarted
                push login
                = splash | cover: walkthrough > login
            [3] back
                pop login
                = splash | cover: walkthrough
            all steps passed: splash | cover: walkthrough

            """)
    }

    static let guarded = """
        flow App [entry] {
          start Main when loggedIn
          start login
          route login { on done -> start Main as root }
        }
        flow Main { start feed  route feed [final] }
        """

    @Test("--assume and leading assume steps are in force when the entry starts; later ones are not", arguments: [
        ([String](), "expect top login"),
        (["--assume", "loggedIn"], "expect top feed"),
        (["-e", "assume loggedIn"], "expect top feed"),
        (["-e", "assume loggedIn", "-e", "assume !loggedIn"], "expect top login"),
        (["-e", "expect top login", "-e", "assume loggedIn"], "expect top login"),
    ])
    func guardsAtStart(options: [String], expectation: String) throws {
        let file = try temporaryFile(Self.guarded, suffix: ".flow")
        let result = try runFlowctl(["simulate", file] + options + ["-e", expectation])
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test("--assume of a guard the program does not use is a usage error naming its guards")
    func unknownAssume() throws {
        let file = try temporaryFile(Self.guarded, suffix: ".flow")
        let result = try runFlowctl(["simulate", file, "--assume", "logedIn", "-e", "back"])
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr == """
            flowctl simulate: --assume logedIn: the program has no guard 'logedIn' (its guards: loggedIn)
            See 'flowctl simulate --help'.

            """)
    }

    @Test("a failed expectation exits 1 and names its line")
    func failedExpectation() throws {
        let script = try temporaryFile("ready\nexpect top login\n")
        let result = try runFlowctl(["simulate", "flows/shop.flow", "--script", script])
        #expect(result.status == 1)
        #expect(result.stderr == "\(script):2: expected top login, but it is walkthrough\n")
    }

    @Test("a rejected step without 'expect error' exits 1")
    func rejectedStep() throws {
        let result = try runFlowctl(["simulate", "flows/shop.flow", "-e", "pay"])
        #expect(result.status == 1)
        #expect(result.stderr == "-e #1: step rejected: no handler for 'pay' at route 'splash' or any flow above it\n")
    }

    @Test("a rejected event or tab says which one the screen offers, when one is close", arguments: [
        (["-e", "ready", "-e", "getStrated"], "flows/shop.flow",
         "-e #2: step rejected: no handler for 'getStrated' at route 'walkthrough' or any flow above it; did you mean 'getStarted'?\n"),
        (["-e", "loaded", "-e", "tab Setings"], "flows/placesfinder.flow",
         "-e #2: step rejected: 'tab Setings': the tab container on top, 'Home', has no tab 'Setings'; did you mean 'Settings'?\n"),
        (["-e", "ready", "-e", "expect top login"], "flows/shop.flow", "-e #2: expected top login, but it is walkthrough\n"),
    ])
    func didYouMean(steps: [String], file: String, message: String) throws {
        let result = try runFlowctl(["simulate", file] + steps)
        #expect(result.status == 1)
        #expect(result.stderr == message)
    }

    @Test("a garbage script exits 2 listing every bad line")
    func garbageScript() throws {
        let script = try temporaryFile("ready\nexpect\n(((\nopen \"x\n")
        let result = try runFlowctl(["simulate", "flows/shop.flow", "--script", script])
        #expect(result.status == 2)
        #expect(result.stderr == """
            \(script):2: error: expected 'top', 'stack', 'tab' or 'error' after 'expect'
            \(script):3: error: expected an event or a command, found '((('
            \(script):4: error: expected a quoted URL after 'open': open "scheme://..."

            """)
    }

    static let refusedBroken = ["F001-syntax", "F002-unterminated", "F003-invalid", "F101-unknown-route", "F102-unknown-flow",
                                "F103-duplicate", "F104-no-start", "F105-import", "F106-entry", "F107-arguments", "F108-types",
                                "F109-duplicate-handler", "F110-stranger-result", "F111-select", "F112-tabs", "F113-attribute",
                                "F114-never-runnable"]

    /// The golden `simulate-refused.txt` holds what `simulate FILE -e back` prints on
    /// standard error for each of `refusedBroken`, in that order: regenerate it with
    /// `for n in F001-syntax …; do flowctl simulate flows/broken/$n.flow -e back 2>&1 >/dev/null; done`.
    @Test("a program with F0xx or F1xx errors is not simulated: exit 1, its errors, and why (docs/language.md#how-a-program-runs 'What runs')", arguments: refusedBroken)
    func refusedPrograms(name: String) throws {
        let path = "flows/broken/\(name).flow"
        let result = try runFlowctl(["simulate", path, "-e", "back"])
        #expect(result.status == 1)
        #expect(result.stdout == "")
        // Its errors only (validate would add its warnings), the first of its own code, then why it does not run.
        let closing = "flowctl simulate: '\(path)' has errors the engine cannot run (F0xx, F1xx); fix them first (flowctl validate)"
        let expected = try #require(section(of: try golden("simulate-refused.txt"), from: path + ":", through: closing))
        #expect(result.stderr == expected)
        // (The golden's own check: its section opens with an error of this file's code, `PATH:LINE:COLUMN: error: … [Fxxx]`.)
        let opening = expected.prefix { $0 != "\n" }.dropFirst(path.count + 1).split(separator: ":", maxSplits: 2)
        #expect(opening.count == 3 && Int(opening[0]) != nil && Int(opening[1]) != nil)
        #expect(opening.last.map { $0.hasPrefix(" error: ") && $0.hasSuffix(" [\(name.prefix(4))]") } == true, "\(expected)")
    }

    @Test("a program whose findings are F2xx or F3xx runs: the finding can be walked into", arguments: [
        ("F115-generated-name-conflict", ["openPost(id: \"7\")", "openPost(id: 8)"], "all steps passed: feed > post(id: \"7\") > related(id: 8)", "an error (F115)"),
        ("F201-unreachable", ["expect top home"], "all steps passed: home", ""),
        ("F202-never-started", ["expect top home"], "all steps passed: home", ""),
        ("F203-dead-end", ["promo", "back", "expect error"], "all steps passed: home | cover: promo", "an error (F203)"),
        ("F204-trap", ["buy", "pay", "confirm", "back", "expect error", "again", "expect top payment"], "all steps passed: home | cover: cart > payment", "2 errors (F204)"),
        ("F205-push-cycle", ["open", "author", "latest", "author"], "all steps passed: feed > post > profile > post > profile", ""),
        ("F206-result-never-sent", ["login", "expect stack home | sheet: form"], "all steps passed: home | sheet: form", ""),
        ("F207-result-never-handled", ["login", "skip"], "all steps passed: home", ""),
        ("F208-impossible-pop", ["close", "expect error"], "all steps passed: home", "an error (F208)"),
        ("F209-recursive", ["more", "nested", "nested"], "all steps passed: home > grid", ""),
        ("F301-bad-pattern", ["open \"product/1\"", "expect error", "open(id: \"1\")"], "all steps passed: home > product(id: \"1\")", "an error (F301)"),
        ("F302-bad-target", ["open \"app://shop\"", "expect error"], "all steps passed: home", "an error (F302)"),
        ("F303-unbound", ["open \"app://product/1\"", "expect error"], "all steps passed: home", "an error (F303)"),
        ("F304-ambiguous", ["open \"app://product/1\""], "all steps passed: home > product(id: \"1\")", "an error (F304)"),
        ("F305-link-unreachable", ["open \"app://secret\""], "all steps passed: home > secret", ""),
    ])
    func runningFindings(name: String, steps: [String], last: String, note: String) throws {
        let path = "flows/broken/\(name).flow"
        let result = try runFlowctl(["simulate", path] + steps.flatMap { ["-e", $0] })
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasSuffix(last + "\n"), "\(result.stdout)")
        let them = note.hasPrefix("an ") ? "it" : "them"
        let expectedNote = note.isEmpty ? "" : "flowctl simulate: note: '\(path)' has \(note) that the engine runs anyway; flowctl validate shows \(them)\n"
        #expect(result.stderr == expectedNote)
    }

    @Test("random walks are deterministic for a seed")
    func randomWalks() throws {
        let a = try runFlowctl(["simulate", "flows/wayfarer.flow", "--random", "5000", "--seed", "7", "--format", "json"])
        let b = try runFlowctl(["simulate", "flows/wayfarer.flow", "--random", "5000", "--seed", "7", "--format", "json"])
        let c = try runFlowctl(["simulate", "flows/wayfarer.flow", "--random", "5000", "--seed", "8", "--format", "json"])
        #expect(a.status == 0)
        #expect(a.stdout == b.stdout)
        #expect(a.stdout != c.stdout)
        // The whole report: the seed's walk, what it never reached, no broken invariant
        // (the golden is `flowctl simulate flows/wayfarer.flow --random 5000 --seed 7 --format json`).
        #expect(a.stdout == (try golden("simulate-wayfarer-seed7.json")))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(a.stdout.utf8)) as? [String: Any])
        #expect(object.keys.sorted() == ["brokenInvariant", "handlers", "rejected", "restarts", "routes", "seed", "stack", "steps"])
        #expect(object["steps"] as? Int == 5000)
        #expect(object["brokenInvariant"] is NSNull)
        let traced = try runFlowctl(["simulate", "flows/shop.flow", "--random", "3", "--seed", "1", "--trace"])
        #expect(traced.status == 0)
        #expect(traced.stderr == "")
        #expect(maskingRate(traced.stdout) == """
            [1] ready
            [2] getStarted
            [3] back
            random walk: 3 steps (seed 1), 0 rejected, 0 restarts, N steps/s
            routes: 3 of 10 visited; never visited:
              Auth.forgotPassword  flows/shop.flow:19
              Auth.signup          flows/shop.flow:20
              Shop.catalog         flows/shop.flow:28
              Shop.product         flows/shop.flow:29
              Shop.receipt         flows/shop.flow:33
              Checkout.cart        flows/shop.flow:39
              Checkout.payment     flows/shop.flow:40
            handlers: 2 of 17 fired; never fired:
              App.splash on ready when loggedIn  flows/shop.flow:5
              App on Auth.done                   flows/shop.flow:8
              Auth.login on forgotPassword       flows/shop.flow:15
              Auth.login on signUp               flows/shop.flow:16
              Auth.login on loggedIn             flows/shop.flow:17
              Auth.forgotPassword on sent        flows/shop.flow:19
              Auth.signup on close               flows/shop.flow:21
              Auth.signup on created             flows/shop.flow:22
              Shop.catalog on select             flows/shop.flow:28
              Shop.product on buy                flows/shop.flow:30
              and 5 more
            final: splash | cover: walkthrough

            """)
    }

    @Test("--links and --guards add deep links and guard changes to the walk, traced as script lines")
    func randomWalkLinksAndGuards() throws {
        let arguments = ["simulate", "flows/shop.flow", "--random", "400", "--seed", "3", "--links", "--guards", "--trace"]
        let a = try runFlowctl(arguments)
        let b = try runFlowctl(arguments)
        #expect(a.status == 0, "\(a.stderr)")
        // The same steps (the summary's rate differs from run to run).
        func trace(_ text: String) -> [Substring] { text.split(separator: "\n").filter { $0.hasPrefix("[") } }
        #expect(trace(a.stdout).count == 400)
        #expect(trace(a.stdout) == trace(b.stdout))
        // Every kind of step the walk took: the shop's one link and its one guard, both ways, among the events.
        #expect(distinctSteps(a.stdout) == [
            "assume !loggedIn", "assume loggedIn", "back", "buy", "cancel", #"open "shop://product/1""#, "paid", "pay", "ready",
            "related", "select",
        ])
        // Without the options, the same seed's walk takes events and backs only.
        let plain = try runFlowctl(["simulate", "flows/shop.flow", "--random", "400", "--seed", "3", "--trace"])
        #expect(plain.status == 0)
        #expect(tracedSteps(plain.stdout).count == 400)
        #expect(distinctSteps(plain.stdout) == ["back", "buy", "cancel", "getStarted", "loggedIn", "paid", "pay", "ready", "related", "select"])
    }

    @Test("--save then --restore continues where the run stopped")
    func saveRestore() throws {
        let state = try temporaryFile("")
        let first = try runFlowctl(["simulate", "flows/shop.flow", "-e", "assume loggedIn", "-e", "ready", "-e", "select(id: \"5\")", "--save", state])
        #expect(first.status == 0)
        let saved = try String(contentsOfFile: state, encoding: .utf8)
        // The guard, the flows and the stack of the product screen with its argument (the golden is this run's --save).
        #expect(saved == (try golden("simulate-saved-product.json")))
        let second = try runFlowctl(["simulate", "flows/shop.flow", "--restore", state, "-e", "expect stack catalog > product(id: \"5\")", "-e", "buy"])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.hasSuffix("all steps passed: catalog > product(id: \"5\") | sheet: cart\n"))
    }

    @Test("a corrupted or foreign state file is rejected with exit 1")
    func badState() throws {
        let corrupted = try temporaryFile("{\"format\": \"flowkit-state\", \"version\": 1")
        let result = try runFlowctl(["simulate", "flows/shop.flow", "--restore", corrupted])
        #expect(result.status == 1)
        #expect(result.stderr == "flowctl simulate: '\(corrupted)': invalid saved state: not a FlowKit state file (malformed JSON)\n")
        let foreign = try temporaryFile("{\"format\":\"flowkit-state\",\"version\":1,\"entry\":\"Other\",\"flows\":[],\"layers\":[],\"guards\":[]}")
        let other = try runFlowctl(["simulate", "flows/shop.flow", "--restore", foreign])
        #expect(other.stderr == "flowctl simulate: '\(foreign)': invalid saved state: saved for entry flow 'Other', but the program's entry is 'App'\n")
    }

    @Test("--restore refuses a state the edited program cannot reach; --repair keeps the rest and says what it dropped")
    func restoreIntoAnEditedProgram() throws {
        let state = try temporaryFile("")
        let first = try runFlowctl(["simulate", "flows/shop.flow", "-e", "assume loggedIn", "-e", "ready", "-e", "select(id: \"5\")", "-e", "buy", "--save", state])
        #expect(first.status == 0, "\(first.stderr)")
        // The next release shows the cart as a full-screen cover.
        let shop = try String(contentsOfFile: repositoryRoot + "/flows/shop.flow", encoding: .utf8)
        let edited = shop.replacingOccurrences(of: "on buy -> start Checkout as sheet", with: "on buy -> start Checkout as cover")
        #expect(edited != shop)
        let program = try temporaryFile(edited, suffix: ".flow")
        let exact = try runFlowctl(["simulate", program, "--restore", state])
        #expect(exact.status == 1)
        #expect(exact.stderr == "flowctl simulate: '\(state)': invalid saved state: layer #1 (sheet): this program never shows 'Checkout.cart' as this layer's first screen over 'Shop.product'\n")
        let repaired = try runFlowctl(["simulate", program, "--restore", state, "--repair", "-e", "buy"])
        #expect(repaired.status == 0, "\(repaired.stderr)")
        #expect(repaired.stderr == "flowctl simulate: '\(state)': dropped 1 screen from 'Checkout.cart' up in layer #1 (sheet): this program never shows 'Checkout.cart' as this layer's first screen over 'Shop.product'\n")
        #expect(repaired.stdout.hasSuffix("all steps passed: catalog > product(id: \"5\") | cover: cart\n"))
        let alone = try runFlowctl(["simulate", "flows/shop.flow", "--repair"])
        #expect(alone.status == 2)
        #expect(alone.stderr == "flowctl simulate: --repair needs --restore FILE\n")
    }

    @Test("--format json prints the trace as one object")
    func jsonTrace() throws {
        let result = try runFlowctl(["simulate", "flows/shop.flow", "-e", "ready", "-e", "nope", "-e", "expect error", "--format", "json"])
        #expect(result.status == 0)
        #expect(result.stdout == """
            {"steps":[{"step":1,"input":"ready","rejected":false,"effects":"start Auth, cover walkthrough","stack":"splash | cover: walkthrough"},\
            {"step":2,"input":"nope","rejected":true,"error":"no handler for 'nope' at route 'walkthrough' or any flow above it",\
            "stack":"splash | cover: walkthrough"}],"passed":true,"failure":null,"stack":"splash | cover: walkthrough"}

            """)
    }

    @Test("(v2) a random walk fires [system] events only with --system-events; -e sends them like any event")
    func systemEvents() throws {
        let file = try temporaryFile("""
            flow App [entry] {
              start home
              route home { on go -> push details  on expired [system] -> push expired }
              route details { on expired [system] -> push expired }
              route expired [final]
            }
            """, suffix: ".flow")
        let plain = try runFlowctl(["simulate", file, "--random", "200", "--trace"])
        #expect(plain.status == 0)
        #expect(distinctSteps(plain.stdout) == ["back", "go"])
        #expect(walkSummary(plain.stdout) == """
            random walk: 200 steps (seed 1), 0 rejected, 0 restarts, N steps/s
            routes: 2 of 3 visited; never visited:
              App.expired  \(file):5
            handlers: 1 of 3 fired; never fired:
              App.home on expired     \(file):3
              App.details on expired  \(file):4
            final: home

            """)
        let asked = try runFlowctl(["simulate", file, "--random", "200", "--trace", "--system-events"])
        #expect(asked.status == 0)
        #expect(distinctSteps(asked.stdout) == ["back", "expired", "go"])
        #expect(walkSummary(asked.stdout) == """
            random walk: 200 steps (seed 1), 0 rejected, 0 restarts, N steps/s
            routes: 3 of 3 visited
            handlers: 3 of 3 fired
            final: home > details > expired

            """)
        let sent = try runFlowctl(["simulate", file, "-e", "expired", "-e", "expect top expired"])
        #expect(sent.status == 0)
        let help = try runFlowctl(["simulate", "--help"])
        #expect(helpEntry(help.stdout, "--system-events") == """
              --system-events        Let a random walk fire [system] events too (sent by the app,
                                     not tapped: left out by default; steps send them always)
            """)
    }

    @Test("usage mistakes exit 2", arguments: [
        (["simulate"], "flowctl simulate: missing the .flow file to simulate\nSee 'flowctl simulate --help'.\n"),
        (["simulate", "flows/shop.flow", "--random", "many"], "flowctl simulate: option '--random' needs a whole number ≥ 0, not 'many'\nSee 'flowctl simulate --help'.\n"),
        (["simulate", "flows/shop.flow", "--seed", "3"], "flowctl simulate: --seed goes with --random\nSee 'flowctl simulate --help'.\n"),
        (["simulate", "flows/shop.flow", "--system-events"], "flowctl simulate: --system-events goes with --random\nSee 'flowctl simulate --help'.\n"),
        (["simulate", "flows/shop.flow", "--links"], "flowctl simulate: --links goes with --random (it adds steps to a random walk)\nSee 'flowctl simulate --help'.\n"),
        (["simulate", "flows/shop.flow", "--guards", "-e", "ready"], "flowctl simulate: --guards goes with --random (it adds steps to a random walk)\nSee 'flowctl simulate --help'.\n"),
        (["simulate", "flows/shop.flow", "--random", "1", "-e", "expect top nope"], "flowctl simulate: --random walks from the start (or --restore's state) alone: it takes no -e steps (set guards with --assume)\nSee 'flowctl simulate --help'.\n"),
        (["simulate", "flows/shop.flow", "--random", "1", "--script", "flows/shop.script"], "flowctl simulate: --random walks from the start (or --restore's state) alone: it takes no --script (set guards with --assume)\nSee 'flowctl simulate --help'.\n"),
        (["simulate", "flows/shop.flow", "--interactive", "--random", "3"], "flowctl simulate: --random walks from the start (or --restore's state) alone: it takes no --interactive (set guards with --assume)\nSee 'flowctl simulate --help'.\n"),
        (["simulate", "flows/shop.flow", "--random", "5", "--links=yes"], "flowctl simulate: option '--links' takes no value\nSee 'flowctl simulate --help'.\n"),
        (["simulate", "flows/shop.flow", "--random", "5", "--guard"], "flowctl simulate: unknown option '--guard'; did you mean '--guards'?\nSee 'flowctl simulate --help'.\n"),
        (["simulate", "flows/shop.flow", "-e", "select(id: "], "flowctl simulate: bad step 'select(id: ': expected a value for 'id' (a string, number, true or false)\nSee 'flowctl simulate --help'.\n"),
        (["simulate", "nowhere.flow"], "flowctl simulate: cannot read 'nowhere.flow': no such file\n"),
    ])
    func usage(arguments: [String], message: String) throws {
        let result = try runFlowctl(arguments)
        #expect(result.status == 2)
        #expect(result.stderr == message)
    }
}

/// A file in a fresh temporary directory holding `text`; returns its path.
func temporaryFile(_ text: String, suffix: String = ".txt") throws -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("flowctl-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let path = directory.appendingPathComponent("file" + suffix).path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
}

@Suite("flowctl simulate, interactive")
struct InteractiveTests {
    @Test("shows the screen and the events, takes steps and commands")
    func session() throws {
        let input = "ready\ngetStarted\nbogus\n:events\nexpect top walkthrough\n:reset\n:quit\n"
        let result = try runFlowctl(["simulate", "flows/shop.flow", "--interactive"], stdin: input)
        // Its expect line failed: a session fed from a pipe tells its caller so.
        #expect(result.status == 1)
        #expect(result.stdout.hasSuffix("""
            screen: splash
            events: ready
            > start Auth, cover walkthrough
            screen: splash | cover: walkthrough
            events: getStarted
            > push login
            screen: splash | cover: walkthrough > login
            events: forgotPassword  signUp  loggedIn  back
            > rejected: no handler for 'bogus' at route 'login' or any flow above it
            screen: splash | cover: walkthrough > login
            events: forgotPassword  signUp  loggedIn  back
            > screen: splash | cover: walkthrough > login
            events: forgotPassword  signUp  loggedIn  back
            > ✗ expected top walkthrough, but it is login
            > screen: splash
            events: ready
            > 
            """))
    }

    @Test("an unknown event or command gets the closest one offered")
    func didYouMean() throws {
        let result = try runFlowctl(["simulate", "flows/shop.flow", "--interactive"], stdin: "ready\ngetStrated\n:evnts\n")
        // A rejected step is shown and the session goes on: no failure.
        #expect(result.status == 0)
        #expect(result.stdout.hasSuffix("""
            > rejected: no handler for 'getStrated' at route 'walkthrough' or any flow above it; did you mean 'getStarted'?
            screen: splash | cover: walkthrough
            events: getStarted
            > ? expected an event or a command, found ':evnts'; did you mean ':events'?
            > 
            """))
    }

    @Test("the screen line names the selected tab and the tabs while a tab container is on screen")
    func selectedTab() throws {
        let result = try runFlowctl(["simulate", "flows/placesfinder.flow", "--interactive"], stdin: "loaded\ntab Settings\nabout\n")
        #expect(result.status == 0)
        #expect(result.stdout.hasSuffix("""
            screen: splash
            events: loaded
            > pop splash, Launch finishes with finished, start Home, start Search, start Settings, set [search, settings]
            screen: search  (tab Search of Search, Settings)
            events: submit(query: String)
            > select Settings
            screen: settings  (tab Settings of Search, Settings)
            events: units  about  search
            > start SettingsChild, sheet about
            screen: settings | sheet: about  (tab Settings of Search, Settings)
            events: close  licenses  back
            > 
            """))
    }

    @Test("end of input ends the session; :state prints the saved state")
    func endOfInput() throws {
        let result = try runFlowctl(["simulate", "flows/shop.flow", "--interactive"], stdin: ":state\n")
        #expect(result.status == 0)
        #expect(result.stderr == "")
        // The greeting, the launch screen, the state as --save writes it, and the prompt where the input ends
        // (the golden is `flowctl simulate flows/shop.flow -e "expect top splash" --save FILE`).
        #expect(result.stdout == """
            Type an event (select(id: "42")), back, open "url", tab T, assume name,
            assume !name, or an expect line. Commands: :events, :state (the state as JSON),
            :reset, :help, :quit.
            screen: splash
            events: ready
            > 
            """ + (try golden("simulate-launch-state.json")) + "> ")
    }
}
