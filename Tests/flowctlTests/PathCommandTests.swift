import FlowTestSupport
import Foundation
import Testing

@Suite("flowctl path, end to end")
struct PathCommandTests {
    @Test("prints the shortest steps to a route, then the expect top it ends on", arguments: [
        // The launch screen: nothing to do.
        ("splash", "expect top App.splash\n"),
        ("Auth.signup", "ready\ngetStarted\nsignUp\nexpect top Auth.signup\n"),
        // A bare name that one flow has is that flow's route.
        ("forgotPassword", "ready\ngetStarted\nforgotPassword\nexpect top Auth.forgotPassword\n"),
        // Guards the way needs are set first (in force when the entry starts); events get sample values.
        ("Checkout.payment", "assume loggedIn\nready\nselect(id: \"1\")\nbuy\npay\nexpect top Checkout.payment\n"),
        // open "shop://product/1" is one step, but a way without a link is preferred.
        ("product", "assume loggedIn\nready\nselect(id: \"1\")\nexpect top Shop.product\n"),
        ("receipt", "assume loggedIn\nready\nselect(id: \"1\")\nbuy\npay\npaid\nexpect top Shop.receipt\n"),
    ])
    func shop(route: String, expected: String) throws {
        let result = try runFlowctl(["path", "flows/shop.flow", route])
        #expect(result.status == 0)
        #expect(result.stdout == expected)
        #expect(result.stderr == "")
    }

    @Test("every printed path replays through simulate --script and ends on its route, on the screen the shortest way shows", arguments: [
        ("shop", [("App.splash", "splash"), ("Auth.walkthrough", "splash | cover: walkthrough"),
                  ("Auth.login", "splash | cover: walkthrough > login"),
                  ("Auth.forgotPassword", "splash | cover: walkthrough > login | sheet: forgotPassword"),
                  ("Auth.signup", "splash | cover: walkthrough > login | cover: signup"), ("Shop.catalog", "catalog"),
                  ("Shop.product", #"catalog > product(id: "1")"#), ("Shop.receipt", "catalog > receipt"),
                  ("Checkout.cart", #"catalog > product(id: "1") | sheet: cart"#),
                  ("Checkout.payment", #"catalog > product(id: "1") | sheet: cart > payment"#)]),
        ("login", [("App.walkthrough", "walkthrough"), ("App.login", "walkthrough > login"),
                   ("App.forgotPassword", "walkthrough > login | sheet: forgotPassword"),
                   ("App.signup", "walkthrough > login | cover: signup"), ("App.main", "main")]),
    ])
    func replays(app: String, routes: [(String, String)]) throws {
        for (route, stack) in routes {
            let path = try runFlowctl(["path", "flows/\(app).flow", route])
            #expect(path.status == 0, "\(route): \(path.stderr)")
            #expect(path.stdout.hasSuffix("expect top \(route)\n"), "\(route): \(path.stdout)")
            let script = try temporaryFile(path.stdout, suffix: ".script")
            let replay = try runFlowctl(["simulate", "flows/\(app).flow", "--script", script, "-e", "expect top \(route)"])
            #expect(replay.status == 0, "\(route): \(replay.stderr)")
            #expect(replay.stderr == "", "\(route)")
            #expect(replay.stdout.split(separator: "\n", omittingEmptySubsequences: false).suffix(2) == ["all steps passed: \(stack)", ""],
                    "\(route): \(replay.stdout)")
        }
    }

    @Test("a route only a link reaches: the path opens it, and a note says that no other way exists")
    func onlyThroughALink() throws {
        let result = try runFlowctl(["path", "flows/broken/F305-link-unreachable.flow", "secret"])
        #expect(result.status == 0)
        #expect(result.stdout == "open \"app://secret\"\nexpect top App.secret\n")
        #expect(result.stderr == "flowctl path: note: only a deep link reaches App.secret: no path without opening a URL does\n")
        let script = try temporaryFile(result.stdout, suffix: ".script")
        #expect(try runFlowctl(["simulate", "flows/broken/F305-link-unreachable.flow", "--script", script]).status == 0)
    }

    @Test("--format json: the route, the steps without the closing expect top, and whether a link is opened")
    func json() throws {
        let shop = try runFlowctl(["path", "flows/shop.flow", "payment", "--format", "json"])
        #expect(shop.status == 0)
        #expect(shop.stdout == """
            {"route":"Checkout.payment","steps":["assume loggedIn","ready","select(id: \\"1\\")","buy","pay"],"opensLink":false}

            """)
        let link = try runFlowctl(["path", "flows/broken/F305-link-unreachable.flow", "App.secret", "--format=json"])
        #expect(link.stdout == "{\"route\":\"App.secret\",\"steps\":[\"open \\\"app://secret\\\"\"],\"opensLink\":true}\n")
        let start = try runFlowctl(["path", "flows/shop.flow", "splash", "--format", "json"])
        #expect(start.stdout == "{\"route\":\"App.splash\",\"steps\":[],\"opensLink\":false}\n")
    }

    @Test("a route no run shows exits 1 and says every state was explored; nothing on stdout")
    func unreachable() throws {
        let result = try runFlowctl(["path", "flows/broken/F201-unreachable.flow", "orphan"])
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr == "flowctl path: no path reaches App.orphan: no state the app reaches from its launch shows it (1 state, every step explored)\n")
    }

    /// A step that reads ten guards, one per flow of a chain started in
    /// place, has 2^9 outcomes: more than a step may have (256), so the
    /// exploration stops there, at the second step from `home`.
    static let tooManyOutcomes: String = {
        var text = """
            flow App [entry] {
              start home
              route home {
                on next -> push target
                on deep -> start A1
              }
              route target [final]
              route later [final]
            }

            """
        for level in 1...10 {
            for name in ["A", "B"] {
                text += level < 10
                    ? "flow \(name)\(level) { start A\(level + 1) when g\(level)  start B\(level + 1) }\n"
                    : "flow \(name)\(level) { start end\(name)  route end\(name) [final] }\n"
            }
        }
        return text
    }()

    @Test("stopped by a limit before reaching the route: exit 1, naming the limit and saying unreachability was not proved")
    func limitHit() throws {
        let file = try temporaryFile(Self.tooManyOutcomes, suffix: ".flow")
        let result = try runFlowctl(["path", file, "later"])
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr == "flowctl path: no path to App.later was found before the exploration stopped (a step has more than 256 outcomes under the guards it reads): that none exists was not proved\n")
        // A route reached before the limit still has its path.
        let reached = try runFlowctl(["path", file, "target"])
        #expect(reached.status == 0)
        #expect(reached.stdout == "next\nexpect top App.target\n")
    }

    @Test("a route beyond a state too large to explore: exit 1, not proved unreachable")
    func oversized() throws {
        let stack = [String](repeating: "a", count: 100).joined(separator: ", ")
        let file = try temporaryFile("""
            flow App [entry] {
              start home
              route home { on go -> set [\(stack)] }
              route a { on next -> push b }
              route b [final]
            }

            """, suffix: ".flow")
        let result = try runFlowctl(["path", file, "b"])
        #expect(result.status == 1)
        #expect(result.stderr == "flowctl path: no path to App.b was found, but 1 state(s) larger than 88 screens and flows were not explored further: that none exists was not proved\n")
        #expect(try runFlowctl(["path", file, "a"]).stdout == "go\nexpect top App.a\n")
    }

    static let twoDones = """
        flow App [entry] {
          start home
          route home { on a -> start A  on b -> start B }
        }
        flow A { start done  route done [final] }
        flow B { start done  route done [final] }

        """

    @Test("a route name that two flows have must be qualified")
    func ambiguous() throws {
        let file = try temporaryFile(Self.twoDones, suffix: ".flow")
        let bare = try runFlowctl(["path", file, "done"])
        #expect(bare.status == 2)
        #expect(bare.stderr == "flowctl path: 'done' names a route in more than one flow (A.done, B.done): say which, as A.done\nSee 'flowctl path --help'.\n")
        let qualified = try runFlowctl(["path", file, "B.done"])
        #expect(qualified.status == 0)
        #expect(qualified.stdout == "b\nexpect top B.done\n")
        let typo = try runFlowctl(["path", file, "B.don"])
        #expect(typo.stderr == "flowctl path: no route 'B.don' in '\(file)'; did you mean 'B.done'?\nSee 'flowctl path --help'.\n")
    }

    @Test("bad usage and unreadable input exit 2, with nothing on stdout", arguments: [
        (["path"], "flowctl path: missing the .flow file and the route to reach\nSee 'flowctl path --help'.\n"),
        (["path", "flows/shop.flow"], "flowctl path: missing the route to reach in 'flows/shop.flow' (Flow.route, or route)\nSee 'flowctl path --help'.\n"),
        (["path", "flows/shop.flow", "cart", "payment"], "flowctl path: path takes one file and one route\nSee 'flowctl path --help'.\n"),
        (["path", "flows/shop.flow", "paymnt"], "flowctl path: no route 'paymnt' in 'flows/shop.flow'; did you mean 'payment'?\nSee 'flowctl path --help'.\n"),
        (["path", "flows/shop.flow", "Shop.catalgo"], "flowctl path: no route 'Shop.catalgo' in 'flows/shop.flow'; did you mean 'Shop.catalog'?\nSee 'flowctl path --help'.\n"),
        (["path", "flows/shop.flow", "Checkout.product"], "flowctl path: no route 'Checkout.product' in 'flows/shop.flow'; did you mean 'Shop.product'?\nSee 'flowctl path --help'.\n"),
        (["path", "flows/shop.flow", "settings"], "flowctl path: no route 'settings' in 'flows/shop.flow'\nSee 'flowctl path --help'.\n"),
        (["path", "flows/shop.flow", "cart", "--format", "xml"], "flowctl path: invalid value 'xml' for '--format' (expected text, json)\nSee 'flowctl path --help'.\n"),
        (["path", "flows/shop.flow", "cart", "--max-states", "5"], "flowctl path: unknown option '--max-states'\nSee 'flowctl path --help'.\n"),
        (["path", "nowhere.flow", "cart"], "flowctl path: cannot read 'nowhere.flow': no such file\n"),
    ])
    func usage(arguments: [String], message: String) throws {
        let result = try runFlowctl(arguments)
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr == message)
    }

    @Test("a program the engine does not run exits 1 with its errors, as simulate does")
    func notRunnable() throws {
        let broken = try runFlowctl(["path", "flows/broken/F101-unknown-route.flow", "home"])
        #expect(broken.status == 1)
        #expect(broken.stdout == "")
        #expect(broken.stderr.hasPrefix("flows/broken/F101-unknown-route.flow:3:32: error: unknown route 'detials' in flow 'App'; did you mean 'details'? [F101]\n"))
        #expect(broken.stderr.hasSuffix("\nflowctl path: 'flows/broken/F101-unknown-route.flow' has errors the engine cannot run (F0xx, F1xx); fix them first (flowctl validate)\n"))
        // Two flows, neither starting the other: no entry.
        let library = try temporaryFile("flow Lib { start home  route home [final] }\nflow Other { start away  route away [final] }\n", suffix: ".flow")
        let result = try runFlowctl(["path", library, "home"])
        #expect(result.status == 1)
        #expect(result.stderr == "flowctl path: the program cannot run: it has no entry flow (a library)\n")
    }

    @Test("--help, and flowctl --help lists the command")
    func help() throws {
        let help = try runFlowctl(["path", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.hasPrefix("""
            OVERVIEW: Print the shortest steps from the app's launch to a route, as a
            scenario script that 'flowctl simulate --script' replays.

            USAGE: flowctl path <file> <route> [--format text|json]

            """))
        #expect(paragraph(help.stdout, startingWith: "EXIT STATUS: ") == """
            EXIT STATUS: 0 a path was printed, 1 no run from the launch shows the route
            (or the exploration stopped at a limit before it did: then a message says
            that it was not proved unreachable) or the program has F0xx/F1xx errors,
            2 bad usage (an unknown route) or unreadable input.

            """)
        #expect(try runFlowctl(["help", "path"]).stdout == help.stdout)
        let top = try runFlowctl(["--help"])
        // Listed right after simulate, whose scripts it writes.
        #expect(section(of: top.stdout, from: "  simulate  ", through: "  path  ") == """
              simulate  Run the engine: events, back, deep links, scripts, random walks
              path      Print the shortest steps to a route, as a script simulate replays

            """)
        let typo = try runFlowctl(["pth", "flows/shop.flow", "cart"])
        #expect(typo.status == 2)
        #expect(typo.stderr == "flowctl: unknown command 'pth'. Did you mean 'path'?\nSee 'flowctl --help'.\n")
    }
}
