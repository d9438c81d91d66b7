import FlowEngine
import FlowTestSupport
import Foundation
import Testing

@Suite("Saved states")
struct SavedStateTests {
    @Test("save then restore gives the same screen and guards")
    func roundTrip() throws {
        var nav = try navigator(DeepLinkTests.app)
        walk(&nav, "assume vip\nready\nfind(q: \"a b\")\nopen(id: 3)\nopen \"app://about\"")
        let saved = nav.savedState()
        var other = try navigator(DeepLinkTests.app)
        try other.restore(from: Array(saved.utf8))
        #expect(other.stackDescription == nav.stackDescription)
        #expect(other.selectedTab == "Settings")
        walk(&other, "close\nexpect stack settings")
    }

    @Test("a stale, corrupted or foreign state is rejected and the state is unchanged", arguments: [
        ("not json", "invalid saved state: not a FlowKit state file (malformed JSON)"),
        ("{}", "invalid saved state: not a FlowKit state file (missing 'format')"),
        (#"{"format":"other","version":1,"entry":"App","flows":[],"layers":[],"guards":[]}"#, "invalid saved state: format is 'other', expected 'flowkit-state'"),
        (#"{"format":"flowkit-state","version":9,"entry":"App","flows":[],"layers":[],"guards":[]}"#, "invalid saved state: version 9 is not supported (expected 1)"),
        (#"{"format":"flowkit-state","version":1,"entry":"Shop","flows":[],"layers":[],"guards":[]}"#, "invalid saved state: saved for entry flow 'Shop', but the program's entry is 'App'"),
        (#"{"format":"flowkit-state","version":1,"entry":"App","flows":[{"flow":"Gone","parent":-1}],"layers":[],"guards":[]}"#, "invalid saved state: flow 'Gone' no longer exists"),
        (#"{"format":"flowkit-state","version":1,"entry":"App","flows":[{"flow":"App","parent":-1}],"layers":[],"guards":[]}"#, "invalid saved state: there is no layer"),
        (#"{"format":"flowkit-state","version":1,"entry":"App","flows":[{"flow":"App","parent":-1}],"layers":[{"kind":"base","selected":0,"stacks":[[{"route":"App.nowhere","flow":0,"arguments":[]}]]}],"guards":[]}"#, "invalid saved state: route 'App.nowhere' no longer exists"),
        (#"{"format":"flowkit-state","version":1,"entry":"App","flows":[{"flow":"App","parent":-1}],"layers":[{"kind":"base","selected":0,"stacks":[[{"route":"Search.search","flow":0,"arguments":[]}]]}],"guards":[]}"#, "invalid saved state: route 'Search.search' is shown by flow #0, which is not a running 'Search'"),
        (#"{"format":"flowkit-state","version":1,"entry":"App","flows":[{"flow":"App","parent":5}],"layers":[],"guards":[]}"#, "invalid saved state: flow #0 has parent #5, which does not exist"),
        (#"{"format":"flowkit-state","version":1,"entry":"App","flows":[{"flow":"App","parent":-1}],"layers":[{"kind":"base","selected":0,"stacks":[[{"route":"App.launch","flow":0,"arguments":[]}]]}],"guards":["nope"]}"#, "invalid saved state: guard 'nope' is not used by the program"),
        (#"{"format":"flowkit-state","version":1,"entry":"App","flows":[{"flow":"App","parent":-1}],"layers":[{"kind":"modal","selected":0,"stacks":[]}],"guards":[]}"#, "invalid saved state: not a FlowKit state file (bad value at 'layers[0].kind')"),
    ])
    func rejected(json: String, message: String) throws {
        var nav = try navigator(DeepLinkTests.app)
        let before = nav.state
        do throws(NavigationError) {
            try nav.restore(from: Array(json.utf8))
            Issue.record("restored \(json)")
        } catch {
            #expect(error.description == message)
        }
        #expect(nav.state == before)
    }

    @Test("random bytes are not a state")
    func garbage() throws {
        var nav = try navigator(DeepLinkTests.app)
        var rng = SplitMix64(seed: 9)
        for _ in 0..<50 {
            let bytes = (0..<200).map { _ in UInt8.random(in: 0...255, using: &rng) }
            let before = nav.state
            do throws(NavigationError) {
                try nav.restore(from: bytes)
                Issue.record("restored random bytes")
            } catch {
                #expect(nav.state == before)
            }
        }
    }
}
