import FlowEngine
import FlowTestSupport
@testable import flowctl
import Testing

@Suite("Random walks: what they never reached")
struct WalkCoverageTests {
    static let source = """
        flow App [entry] {
          start home
          route home { on open -> push detail  on go when g -> push hidden }
          route detail { on back -> pop }
          route hidden
          on logout when !g -> stay
          on App2.done -> stay
        }
        flow App2 { start x  route x { on done -> finish done } }
        """

    /// The handler ids of `source`: home.open 0, home.go 1, detail.back 2, App.logout 3, App on App2.done 4, App2.x.done 5.
    static func coverage(routes: [Bool], handlers: [Bool]) -> WalkCoverage {
        let (program, _) = compile(source)
        return WalkCoverage(program: program, reach: RandomWalk.Reach(routes: routes, handlers: handlers))
    }

    @Test("the text counts what was reached and lists the rest with their places, names aligned; results count as cover counts them")
    func text() {
        let coverage = Self.coverage(routes: [true, true, false, false], handlers: [true, false, true, false, true, false])
        #expect(coverage.text == """
            routes: 2 of 4 visited; never visited:
              App.hidden  input.flow:5
              App2.x      input.flow:9
            handlers: 3 of 6 fired; never fired:
              App.home on go when g  input.flow:3
              App on logout when !g  input.flow:6
              App2.x on done         input.flow:9

            """)
    }

    @Test("all reached: counts alone")
    func allReached() {
        let coverage = Self.coverage(routes: [true, true, true, true], handlers: [true, true, true, true, true, true])
        #expect(coverage.text == "routes: 4 of 4 visited\nhandlers: 6 of 6 fired\n")
    }

    @Test("a missing or foreign reach counts as nothing reached")
    func noReach() {
        let (program, _) = compile(Self.source)
        let none = WalkCoverage(program: program, reach: nil)
        #expect(none.neverVisited.count == 4)
        #expect(none.neverFired.count == 6)
        let foreign = WalkCoverage(program: program, reach: RandomWalk.Reach(routes: [true], handlers: [true, true]))
        #expect(foreign.neverVisited.count == 4)
        #expect(foreign.neverFired.count == 6)
    }

    @Test("JSON: totals, counts, the lists with files and lines, and how many more")
    func json() {
        let coverage = Self.coverage(routes: [true, true, false, true], handlers: [true, true, true, false, false, true])
        var writer = JSONWriter()
        writer.beginObject()
        coverage.write(to: &writer)
        writer.endObject()
        #expect(writer.output == """
            {"routes":{"total":4,"visited":3,"neverVisited":[{"route":"App.hidden","file":"input.flow","line":5}],"more":0},\
            "handlers":{"total":6,"fired":4,"neverFired":[{"handler":"App on logout when !g","file":"input.flow","line":6},\
            {"handler":"App on App2.done","file":"input.flow","line":7}],"more":0}}
            """)
    }

    @Test("the lists stop at 10 lines of text and 100 JSON items, saying how many more")
    func capped() {
        let routes = (0..<130).map { "route r\($0) [final]" }.joined(separator: "\n  ")
        let (program, _) = compile("flow App [entry] {\n  start r0\n  \(routes)\n}\n")
        let coverage = WalkCoverage(program: program, reach: RandomWalk.Reach(routes: [true] + Array(repeating: false, count: 129), handlers: []))
        #expect(coverage.text == """
            routes: 1 of 130 visited; never visited:
              App.r1   input.flow:4
              App.r2   input.flow:5
              App.r3   input.flow:6
              App.r4   input.flow:7
              App.r5   input.flow:8
              App.r6   input.flow:9
              App.r7   input.flow:10
              App.r8   input.flow:11
              App.r9   input.flow:12
              App.r10  input.flow:13
              and 119 more
            handlers: 0 of 0 fired

            """)
        var writer = JSONWriter()
        writer.beginObject()
        coverage.write(to: &writer)
        writer.endObject()
        #expect(writer.output.contains(#"{"route":"App.r100","file":"input.flow","line":103}],"more":29}"#))
    }

    @Test("simulate --random reports it after the walk's counts, text and JSON")
    func endToEnd() throws {
        let text = try runFlowctl(["simulate", "flows/shop.flow", "--random", "300", "--seed", "7"])
        #expect(text.status == 0)
        #expect(text.stdout.hasPrefix("random walk: 300 steps (seed 7), 0 rejected, 0 restarts, "))
        #expect(text.stdout.drop { $0 != "\n" } == """

            routes: 10 of 10 visited
            handlers: 15 of 17 fired; never fired:
              App.splash on ready when loggedIn  flows/shop.flow:5
              Auth.signup on created             flows/shop.flow:22
            final: catalog

            """)
        let json = try runFlowctl(["simulate", "flows/shop.flow", "--random", "300", "--seed", "7", "--format", "json"])
        #expect(json.stdout == """
            {"steps":300,"rejected":0,"restarts":0,"seed":"7",\
            "routes":{"total":10,"visited":10,"neverVisited":[],"more":0},\
            "handlers":{"total":17,"fired":15,"neverFired":[{"handler":"App.splash on ready when loggedIn","file":"flows/shop.flow","line":5},\
            {"handler":"Auth.signup on created","file":"flows/shop.flow","line":22}],"more":0},\
            "brokenInvariant":null,"stack":"catalog"}

            """)
    }
}
