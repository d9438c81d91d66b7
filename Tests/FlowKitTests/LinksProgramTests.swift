import FlowKit
import Testing

/// v2's parameter defaults and URL patterns through the typed API, on
/// `Tests/FlowKitTests/Fixtures/links.flow` (generated as `Links`).
@Suite struct LinksProgramTests {
    @Test func aScreensDefaultsAreItsAssociatedValuesDefaults() throws {
        var navigator = try FlowNavigator<Links>()
        try navigator.send(.open(id: "7"))
        #expect(navigator.top == .app(.post(id: "7")))
        #expect(navigator.top == .app(.post(id: "7", tab: 0, zoom: 1, draft: false, note: "a \"note\"")))
        try navigator.back()
        try navigator.send(.openAt(id: "7", tab: 3))
        #expect(navigator.top == .app(.post(id: "7", tab: 3)))
    }

    @Test func aLinkStepThatLeavesParametersOutGetsTheirDefaults() throws {
        var navigator = try FlowNavigator<Links>()
        try navigator.open(Links.postURL(id: "a/b"))
        #expect(navigator.top == .app(.post(id: "a/b")))
    }

    @Test func optionalItemsAreLeftOutWhenNilAndTheParametersTakeTheirDefaults() throws {
        #expect(Links.postURL(id: "7") == "app://post/7")
        #expect(Links.postURL(id: "7", draft: true) == "app://post/7?draft=true")
        #expect(Links.postURL(id: "7", tab: 2, note: "a b") == "app://post/7?tab=2#note=a%20b")
        var navigator = try FlowNavigator<Links>()
        try navigator.open(Links.postURL(id: "7"))
        #expect(navigator.top == .app(.post(id: "7")))
        try navigator.open(Links.postURL(id: "7", tab: 2, draft: true, zoom: 1.5, note: "#&?="))
        #expect(navigator.top == .app(.post(id: "7", tab: 2, zoom: 1.5, draft: true, note: "#&?=")))
    }

    @Test(arguments: ["a", "a/b/c", "a b/ü/%2F"])
    func aRestCaptureTakesItsSegmentsWithTheirSlashes(_ path: String) throws {
        var navigator = try FlowNavigator<Links>()
        try navigator.open(Links.filesURL(path: path))
        #expect(navigator.top == .app(.files(path: path)))
    }

    @Test func requiredFragmentItems() throws {
        #expect(Links.searchURL(q: "cats", page: 2, exact: true) == "app://search/cats#page=2&exact=true")
        var navigator = try FlowNavigator<Links>()
        try navigator.open(Links.searchURL(q: "cats", page: 2, exact: true))
        #expect(navigator.top == .app(.search(q: "cats", page: 2, exact: true)))
    }

    @Test func linkDefaultOpensWhatNoOtherLinkMatchesAndHasNoBuilder() throws {
        var navigator = try FlowNavigator<Links>()
        try navigator.open("app://search/cats")
        #expect(navigator.top == .app(.missing))
        try navigator.open("elsewhere://anything/at/all?x=1#y")
        #expect(navigator.top == .app(.missing))
    }
}

/// `was` renames keep the old names as deprecated aliases, so app code
/// written against the release before still compiles and means the same.
/// (Deprecated itself, so that using the old names is not a warning here.)
@Suite struct FormerNameAliasTests {
    @available(*, deprecated, message: "uses the names from before the `was` renames on purpose")
    @Test func theOldNamesOfRenamedRoutesFlowsAndLinkBuildersMeanTheNewOnes() throws {
        #expect(Links.Screen.App.story(slug: "s") == .article(slug: "s"))
        #expect(Links.Screen.App.about == .info)
        #expect(Links.Screen.profile(.page) == .account(.page))
        let routes: Links.Screen.Profile = .page
        #expect(routes == Links.Screen.Account.page)
        #expect(Links.storyURL(slug: "a b") == Links.articleURL(slug: "a b"))
        let close: Links.Screen.App.StoryEvent = .close
        #expect(close == Links.Screen.App.ArticleEvent.close)
        var navigator = try FlowNavigator<Links>()
        try navigator.open(Links.storyURL(slug: "s"))
        #expect(navigator.top == .app(.story(slug: "s")))
        // A pattern of the old name compares with `==` (Equatable's `~=`).
        switch navigator.top {
        case .app(.story(slug: "s")): break
        default: Issue.record("the old name does not match the screen: \(String(describing: navigator.top))")
        }
    }
}
