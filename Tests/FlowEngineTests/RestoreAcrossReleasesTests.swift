import FlowEngine
import FlowTestSupport
import Foundation
import Testing

/// A saved state meets the next release: tabs and renames found by name,
/// what the release can no longer reach refused or repaired.
@Suite("Restoring across releases")
struct RestoreAcrossReleasesTests {
    static let release1 = """
        flow App [entry] { tabs Home, Search }
        flow Home { start feed  route feed { on open -> push post }  route post { on more -> push comments  on settings -> sheet settings }  route comments [final]  route settings { on close -> dismiss } }
        flow Search { start explore  route explore { on find -> push results }  route results [final] }
        """
    /// Tabs reordered and one added, `settings` renamed, `comments` now a sheet.
    static let release2 = """
        flow App [entry] { tabs Search, Home, Reels }
        flow Home { start feed  route feed { on open -> push post }  route post { on more -> sheet comments  on settings -> sheet preferences }  route comments { on close -> dismiss }  route preferences [was(settings)] { on close -> dismiss } }
        flow Search { start explore  route explore { on find -> push results }  route results [final] }
        flow Reels { start reel  route reel [final] }
        """

    /// The state after `steps` in release 1, as saved.
    static func saved(_ steps: String, in source: String = release1) throws -> [UInt8] {
        var nav = try navigator(allowingFindings: true, source)
        walk(&nav, steps)
        return Array(nav.savedState().utf8)
    }

    @Test("tabs are found by name: reordered and added tabs keep the state, a renamed route is carried over by was")
    func tabsAndRenames() throws {
        let state = try Self.saved("tab Search\nfind\ntab Home\nopen\nsettings")
        var nav = try navigator(allowingFindings: true, Self.release2)
        let report = try nav.restore(from: state, options: .exact)
        #expect(report == RestoreReport())
        #expect(nav.stackDescription == "feed > post | sheet: preferences")
        walk(&nav, "close\nexpect stack feed > post\ntab Search\nexpect stack explore > results\ntab Reels\nexpect stack reel")
    }

    @Test("a screen the new release shows another way is refused, saying where and why; the state is unchanged")
    func pushBecameSheet() throws {
        let state = try Self.saved("open\nmore")
        var nav = try navigator(allowingFindings: true, Self.release2)
        expectRejected(&nav, .invalidState("the base layer, tab 'Home': this program never shows 'Home.comments' pushed over 'Home.post'")) {
            (n: inout Navigator) throws(NavigationError) in try n.restore(from: state)
        }
    }

    @Test("a repair keeps the reachable prefix of each stack and reports what it dropped")
    func repairKeepsPrefix() throws {
        let state = try Self.saved("open\nmore\ntab Search\nfind")
        var nav = try navigator(allowingFindings: true, Self.release2)
        let report = try nav.restore(from: state, options: .repairing)
        #expect(report.dropped == ["1 screen from 'Home.comments' up in the base layer, tab 'Home': this program never shows 'Home.comments' pushed over 'Home.post'"])
        #expect(report.checkedReachability)
        #expect(nav.stackDescription == "explore > results")
        walk(&nav, "tab Home\nexpect stack feed > post\nmore\nexpect stack feed > post | sheet: comments")
    }

    @Test("a repair drops the layers above a layer it empties, and a pending URL whose gate it dropped")
    func repairDropsLayersAbove() throws {
        let old = """
            flow App [entry] { start home  route home { on a -> sheet a }  route a { on b -> cover b }  route b { on close -> dismiss } }
            link "t://home" -> App/home when loggedIn else cover b
            """
        let new = """
            flow App [entry] { start home  route home { on a -> cover a }  route a { on b -> cover b }  route b { on close -> dismiss } }
            link "t://home" -> App/home when loggedIn else cover b
            """
        let state = try Self.saved("a\nb\nclose\nopen \"t://home\"\nexpect stack home | sheet: a | cover: b", in: old)
        var nav = try navigator(allowingFindings: true, new)
        let report = try nav.restore(from: state, options: .repairing)
        #expect(report.dropped == [
            "1 screen from 'App.a' up in layer #1 (sheet): this program never shows 'App.a' as this layer's first screen over 'App.home'",
            "the 1 layer above layer #1: it stands on it",
            "the pending link 't://home': the screen its gate showed was dropped",
        ])
        #expect(nav.stackDescription == "home")
        #expect(nav.state.pendingLink == nil)
        // Exactly: refused at the first misfit.
        expectRejected(&nav, .invalidState("layer #1 (sheet): this program never shows 'App.a' as this layer's first screen over 'App.home'")) {
            (n: inout Navigator) throws(NavigationError) in try n.restore(from: state)
        }
    }

    @Test("a repair with nothing left to keep starts afresh, saying so; a removed flow takes its screens")
    func repairStartsAfresh() throws {
        let state = try Self.saved("open\nsettings")
        let renamedEntry = Self.release1.replacingOccurrences(of: "route feed", with: "route start")
            .replacingOccurrences(of: "start feed", with: "start start")
        var nav = try navigator(allowingFindings: true, renamedEntry)
        let report = try nav.restore(from: state, options: .repairing)
        // The tab starts afresh, and the sheet no longer stands on what it stood on.
        #expect(report.dropped == [
            "2 screens from 'Home.feed' up in the base layer, tab 'Home': route 'Home.feed' no longer exists",
            "1 screen from 'Home.settings' up in layer #1 (sheet): this program never shows 'Home.settings' as this layer's first screen over 'Home.start'",
        ])
        #expect(nav.stackDescription == "start")
        let single = "flow App [entry] { start home  route home { on go -> push next }  route next [final] }"
        var fresh = try navigator(allowingFindings: true, single.replacingOccurrences(of: "home", with: "main"))
        let afresh = try fresh.restore(from: try Self.saved("go", in: single), options: .repairing)
        #expect(afresh.dropped == [
            "2 screens from 'App.home' up in the base layer: route 'App.home' no longer exists",
            "everything, started afresh: its first screen does not fit",
        ])
        #expect(fresh.stackDescription == "main")
        let noSearch = Self.release1.replacingOccurrences(of: "tabs Home, Search", with: "tabs Home")
        var other = try navigator(allowingFindings: true, noSearch)
        let dropped = try other.restore(from: try Self.saved("tab Search\nfind\ntab Home\nopen"), options: .repairing)
        #expect(dropped.dropped == [
            "flow #2 ('Search') and what it shows: flow #2 ('Search') runs under flow #0 ('App'), but 'App' never starts 'Search'",
            "the stack of tab 'Search' in layer #0: 'Search' is no longer a tab of 'App'",
        ])
        #expect(other.stackDescription == "feed > post")
    }

    @Test("guards come back with the state unless the app keeps its own")
    func guards() throws {
        let source = """
            flow App [entry] { start home  route home { on go -> push next }  route next [final] }
            link "t://next" -> App/next when loggedIn else push next
            """
        let state = try Self.saved("assume loggedIn\ngo", in: source)
        var restoring = try navigator(source)
        try restoring.restore(from: state, options: .exact)
        #expect(restoring.state.guards.map { restoring.program.name($0) } == ["loggedIn"])
        var keeping = try navigator(source)
        try keeping.restore(from: state, options: RestoreOptions(restoresGuards: false))
        #expect(keeping.state.guards.isEmpty)
        #expect(keeping.stackDescription == "home > next")
    }

    @Test("a state saved before tabs were named restores its stacks in order")
    func unnamedTabs() throws {
        var text = String(decoding: try Self.saved("tab Search\nfind"), as: UTF8.self)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        var layers = try #require(json["layers"] as? [[String: Any]])
        layers[0]["tabs"] = nil
        var edited = json
        edited["layers"] = layers
        text = String(decoding: try JSONSerialization.data(withJSONObject: edited), as: UTF8.self)
        #expect(!text.contains("\"tabs\""))
        var nav = try navigator(allowingFindings: true, Self.release1)
        try nav.restore(from: Array(text.utf8))
        #expect(nav.stackDescription == "explore > results")
    }

    @Test("a program too large to explore restores without the reachability check, and says so")
    func unexplored() throws {
        var nav = try navigator(allowingFindings: true, Self.release2)
        let report = try nav.restore(from: try Self.saved("open\nmore"), options: .exact, shapes: .unexplored)
        #expect(!report.checkedReachability)
        #expect(report.reason == "the program's states were not explored")
        #expect(nav.stackDescription == "feed > post > comments")
    }
}
