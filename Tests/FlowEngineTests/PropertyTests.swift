import FlowDSL
import FlowEngine
import FlowTestSupport
import Testing

/// Properties stated with `check` (docs/language.md#properties-check-v2): each violation is F501 at
/// its `check`, with a counterexample path that the engine replays.
@Suite("check properties on the state graph")
struct PropertyTests {
    /// The F501 findings of `source`: each message and path.
    func violations(_ source: String) -> [String] {
        let validation = Validation.run(text: source)
        return validation.diagnostics.filter { $0.code == .propertyViolated }.map { diagnostic in
            diagnostic.message + " | " + (diagnostic.path?.joined(separator: " → ") ?? "no path")
        }
    }

    static let shop = """
        flow App [entry] {
          start home
          route home [final] {
            on buy -> cover receipt
            on settings -> push settings
            on pay -> push payment
          }
          route settings [final] { on logOut -> set [goodbye] }
          route receipt { on close -> dismiss }
          route payment [final]
          route goodbye [final]
        }
        """

    @Test("always reach: holds where every state can get there; a counterexample where one cannot")
    func alwaysReach() {
        #expect(violations(Self.shop + "check \"log-out\" always reach App.goodbye").isEmpty)
        let trapped = Self.shop.replacingOccurrences(of: "route receipt { on close -> dismiss }", with: "route receipt [final]")
        #expect(violations(trapped + "check \"log-out\" always reach App.goodbye") == [
            "check 'log-out' (always reach App.goodbye) does not hold: from 'receipt', reached by this path, no user steps lead there | buy",
        ])
    }

    /// photoshare's `always reach Auth.welcome` failed from a profile pushed
    /// on a profile: the exploration cuts repeating growth (F205) and the
    /// backward search took the cut state, which has no steps in the graph,
    /// for one from which nothing leads there. It now reaches where the
    /// state it grew from does: no counterexample when that one gets there,
    /// and still the launch's when nothing does.
    @Test("always reach: a state cut for repeating growth reaches where the state it grew from does")
    func alwaysReachPastGrowth() {
        let growing = """
            flow App [entry] {
              start home
              route home { on open -> push detail }
              route detail {
                // flowctl:allow F205
                on more -> push detail
                on leave -> set [goodbye]
              }
              route goodbye [final]
            }

            """
        #expect(violations(growing + "check \"leaving\" always reach App.goodbye").isEmpty)
        // Without a way to goodbye from detail, the first detail is the counterexample, not the cut one.
        let stuck = growing.replacingOccurrences(of: "    on leave -> set [goodbye]\n", with: "")
        #expect(violations(stuck + "check \"leaving\" always reach App.goodbye") == [
            "check 'leaving' (always reach App.goodbye) does not hold: from 'home', reached by this path, no user steps lead there | ",
        ])
    }

    @Test("never: a state that shows the route while the guard holds is the counterexample")
    func never() {
        #expect(violations(Self.shop + "check never App.payment when !member") == [
            "check 'never App.payment when !member' does not hold: a step shows it | pay",
        ])
        let guarded = Self.shop.replacingOccurrences(of: "on pay -> push payment", with: "on pay when member -> push payment")
        #expect(violations(guarded + "check never App.payment when !member").isEmpty)
    }

    @Test("never: a gated link's URL opens at the end of the assume that sets its guard, so its target is shown with the guard set")
    func neverAfterAssume() {
        let gated = """
            flow App [entry] {
              start home
              route home [final]
              route account [final]
              on Auth.cancel -> dismiss
            }
            flow Auth { start login  route login { on close -> finish cancel } }
            link "app://account" -> App/account when loggedIn else start Auth as cover
            check never App.account when !loggedIn
            """
        // Before, the single run of `assume loggedIn` kept loggedIn's value from before it: F501.
        #expect(violations(gated).isEmpty)
    }

    /// A new user's program: the path set loggedIn to reach Main, and ended
    /// on detail with it still set, which is no counterexample. The app may
    /// set a guard the step did not read on any screen: the path does so.
    @Test("never: when the guard does not hold after the step, the counterexample ends with the app setting it", arguments: [
        ("check never Main.detail when !loggedIn", "assume loggedIn → send open → assume !loggedIn", "Main.detail", "!loggedIn"),
        ("check never Main.feed when !loggedIn", "submit → assume !loggedIn", "Main.feed", "!loggedIn"),
        // The launch: a guard the start does not read, set as it starts.
        ("check never App.login when vip", "assume vip", "App.login", "vip"),
    ])
    func neverSetsTheGuardLast(check: String, path: String, route: String, guardText: String) throws {
        let source = """
            flow App [entry] { start Main when loggedIn  start login
              route login { on submit -> assume loggedIn then start Main as root } }
            flow Main { start feed  route feed { on open -> push detail }  route detail {} }

            """ + check
        #expect(violations(source).map { $0.split(separator: "|").last.map { $0.dropFirst() } } == [Substring(path)])
        let validation = Validation.run(text: source)
        let finding = try #require(validation.diagnostics.first { $0.code == .propertyViolated })
        let navigator = try replay(validation.program, finding.path ?? [])
        let active = try #require(navigator.state.activeIDs)
        #expect(validation.program.qualifiedName(active.route) == route)
        let name = guardText.hasPrefix("!") ? String(guardText.dropFirst()) : guardText
        #expect(navigator.state.guards.contains(try #require(validation.program.symbols.lookup(name))) == !guardText.hasPrefix("!"))
    }

    @Test("reach within: the shortest way from the launch, counted in steps")
    func within() {
        #expect(violations(Self.shop + "check reach App.goodbye within 2").isEmpty)
        #expect(violations(Self.shop + "check reach App.goodbye within 1") == [
            "check 'reach App.goodbye within 1' does not hold: the shortest way there takes 2 steps | settings → logOut",
        ])
    }

    @Test("link shows: opened from every reachable state, the URL lands on the same stack")
    func linkShows() {
        let linked = Self.shop + "link \"shop://settings\" -> App/settings\n"
        #expect(violations(linked + "check link \"shop://settings\" shows home > settings").isEmpty)
        #expect(violations(linked + "check link \"shop://settings\" shows home > payment") == [
            "check 'link \"shop://settings\" shows home > payment' does not hold: opened after this path, it shows home > settings instead | open \"shop://settings\"",
        ])
    }

    @Test("every counterexample replays with the engine")
    func replays() throws {
        let source = Self.shop + "check never App.payment\ncheck reach App.goodbye within 1\n"
        let validation = Validation.run(text: source)
        for diagnostic in validation.diagnostics where diagnostic.code == .propertyViolated {
            let navigator = try replay(validation.program, diagnostic.path ?? [])
            #expect(navigator.state.activeIDs != nil)
        }
    }
}
