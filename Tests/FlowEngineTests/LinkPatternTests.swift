import FlowDSL
import FlowEngine
import FlowTestSupport
import Testing

/// Version 2's link patterns (docs/language.md "Links"): optional query items
/// `?key=:name?`, fragment items `#key=:name`, a rest capture `/*name`,
/// `link default`, and the specificity order between them.
@Suite("Link patterns: optional items, fragments, rest captures, link default")
struct LinkPatternTests {
    static let app = """
        flow App [entry] {
          start home
          route home { on go -> push post(id: 1) }
          route post(id: Int, tab: Int = 0, ref: String = "none") { on close -> pop }
          route latest { on close -> pop }
          route files(path: String) { on close -> pop }
          route info(name: String) { on close -> pop }
          route search(q: String, page: Int = 1) { on close -> pop }
          route missing { on close -> pop }
        }
        link post "app://post/:id?tab=:tab?&ref=:ref?" -> App/post(id: id, tab: tab, ref: ref)
        link "app://post/latest" -> App/latest
        link files "app://files/*path" -> App/files(path: path)
        link "app://files/:name/info" -> App/info(name: name)
        link search "app://search?q=:q#page=:page?" -> App/search(q: q, page: page)
        link default -> App/missing
        """

    @Test("the program compiles without errors (its targets only links reach: F305) and reads back as written")
    func dump() {
        let (program, diagnostics) = compile(Self.app)
        #expect(diagnostics.map(\.code) == Array(repeating: .linkUnreachable, count: 5))
        #expect(program.dump().split(separator: "\n").filter { $0.hasPrefix("link ") } == [
            "link post \"app://post/:id?tab=:tab?&ref=:ref?\" -> App/post(id: :id, tab: :tab, ref: :ref)",
            "link \"app://post/latest\" -> App/latest",
            "link files \"app://files/*path\" -> App/files(path: :path)",
            "link \"app://files/:name/info\" -> App/info(name: :name)",
            "link search \"app://search?q=:q#page=:page?\" -> App/search(q: :q, page: :page)",
            "link default -> App/missing",
        ])
    }

    @Test("each URL opens the link it should, with its captures or the defaults", arguments: [
        ("app://post/7", "post(id: 7, tab: 0, ref: \"none\")"),
        ("app://post/7?tab=2", "post(id: 7, tab: 2, ref: \"none\")"),
        ("app://post/7?ref=mail&tab=3&other=x", "post(id: 7, tab: 3, ref: \"mail\")"),
        ("app://post/latest", "latest"),
        ("app://files/a", "files(path: \"a\")"),
        ("app://files/a/b/c", "files(path: \"a/b/c\")"),
        ("app://files/a%20b/c%2Fd", "files(path: \"a b/c/d\")"),
        ("app://files/a/info", "info(name: \"a\")"),
        ("app://files/a/b/info", "files(path: \"a/b/info\")"),
        ("app://search?q=cats", "search(q: \"cats\", page: 1)"),
        ("app://search?q=cats#page=4", "search(q: \"cats\", page: 4)"),
        ("app://search?q=cats#page=4&x", "search(q: \"cats\", page: 4)"),
        ("app://nowhere/1", "missing"),
        ("other://post/7", "missing"),
        ("app://files", "missing"),
        ("app://post/abc", "missing"),
        ("app://post/7?tab=x", "missing"),
    ])
    func opens(url: String, top: String) throws {
        var nav = try navigator(Self.app)
        try nav.open(url)
        #expect(nav.stackDescription == "home > " + top)
    }

    @Test("specificity: a literal beats a capture beats a rest capture, then more required items; any link beats link default")
    func specificity() throws {
        var symbols = SymbolTable()
        func pattern(_ text: String) throws -> LinkPattern { try LinkPattern.parse(text, symbols: &symbols).get() }
        let (literal, capture, rest) = (try pattern("a://h/x/y"), try pattern("a://h/:x/y"), try pattern("a://h/*x"))
        #expect(literal.isMoreSpecific(than: capture) && !capture.isMoreSpecific(than: literal))
        #expect(capture.isMoreSpecific(than: rest) && !rest.isMoreSpecific(than: capture))
        #expect(literal.isMoreSpecific(than: rest))
        let (required, optional) = (try pattern("a://h/x?k=:k"), try pattern("a://h/x?k=:k?"))
        #expect(required.isMoreSpecific(than: optional) && !optional.isMoreSpecific(than: required))
        #expect(try pattern("a://h/x#k=:k").isMoreSpecific(than: optional))
        #expect(rest.isMoreSpecific(than: .fallback) && !LinkPattern.fallback.isMoreSpecific(than: rest))
        #expect(!LinkPattern.fallback.isMoreSpecific(than: .fallback))
    }

    @Test("without link default, a URL no link matches is refused, saying what it lacks", arguments: [
        ("app://post", "no link matches it"),
        ("app://files", "no link matches it"),
        ("app://search", "it has the shape of link 'app://search?q=:q#page=:page?', but not its query item 'q'"),
        ("app://search?q=a#page=x", "it has the shape of link 'app://search?q=:q#page=:page?', but 'x' is not an Int for 'page'"),
        ("app://post/1#a#b", "a link has at most one '#'"),
    ])
    func refused(url: String, problem: String) throws {
        var nav = try navigator(Self.app.replacingOccurrences(of: "link default -> App/missing", with: ""))
        expectRejected(&nav, .noMatchingLink(url: url, problem: problem)) { (n: inout Navigator) throws(NavigationError) in _ = try n.open(url) }
    }

    @Test("link default does not match what is no URL")
    func defaultNeedsAURL() throws {
        var nav = try navigator(Self.app)
        expectRejected(&nav, .noMatchingLink(url: "nowhere", problem: "'nowhere' has no scheme; expected scheme://host/...")) {
            (n: inout Navigator) throws(NavigationError) in _ = try n.open("nowhere")
        }
    }

    @Test("each link's sample URL opens that very link")
    func samples() throws {
        let (program, _) = compile(Self.app)
        let nav = try navigator(Self.app)
        #expect(program.links.map { program.sampleURL(of: $0) } == [
            "app://post/1", "app://post/latest", "app://files/1/1", "app://files/1/info", "app://search?q=1", "unmatched://default",
        ])
        for link in program.links {
            #expect(try nav.match(program.sampleURL(of: link)).0.span == link.span)
        }
        let taken = compile(Self.app + "\nlink \"unmatched://x\" -> App/latest").program
        #expect(taken.sampleURL(of: taken.links[5]) == "unmatchedx://default")
    }

    @Test("the checks open each link with its optional items absent, then present, and each opens its own link with what it carries")
    func linkSamples() throws {
        let (program, _) = compile(Self.app)
        let samples = program.linkSamples
        #expect(samples.map(\.link) == [0, 0, 1, 2, 3, 4, 4, 5])
        #expect(samples.map(\.url) == [
            "app://post/1", "app://post/1?tab=1&ref=1", "app://post/latest", "app://files/1/1", "app://files/1/info",
            "app://search?q=1", "app://search?q=1#page=1", "unmatched://default",
        ])
        #expect(samples.indices.map { program.linkSampleURL(at: Int32($0)) } == samples.map(\.url))
        var nav = try navigator(Self.app)
        for sample in samples {
            #expect(try nav.match(sample.url).0.span == program.links[Int(sample.link)].span)
        }
        try nav.open(samples[1].url)
        #expect(nav.stackDescription == "home > post(id: 1, tab: 1, ref: \"1\")")
    }

    @Test("the state graph holds what each sample shows: a post opened without its optional items and one opened with them")
    func exploredSamples() throws {
        let (program, _) = compile(Self.app)
        let graph = try StateGraph(program: program)
        let nav = try navigator(Self.app)
        let shown = Set(graph.states.compactMap { $0.layers.last?.stack.last.map(nav.describe) })
        #expect(shown.isSuperset(of: ["post(id: 1, tab: 0, ref: \"none\")", "post(id: 1, tab: 1, ref: \"1\")", "files(path: \"1/1\")"]))
        #expect(!shown.contains("post(id: 1, tab: 1, ref: \"none\")"))
    }

    @Test("pattern misuse is a finding at the pattern, the argument or the second link", arguments: [
        ("link \"app://f/*rest/x\" -> A/p(s: rest)", [Finding("F301", 5, 6)], "bad link pattern: rest capture '*rest' must be the last segment"),
        ("link \"app://f/*1\" -> A/p(s: rest)", [Finding("F301", 5, 6)], "bad link pattern: capture '*1' needs a name made of letters, digits and '_'"),
        ("link \"app://f?k=v?\" -> A/p(s: \"x\")", [Finding("F301", 5, 6)], "bad link pattern: query item 'k=v?' must be key=:name, or key=:name? when optional"),
        ("link \"app://f#k=:a&k=:b\" -> A/p(s: a)", [Finding("F301", 5, 6)], "bad link pattern: fragment key 'k' appears more than once"),
        ("link \"app://f?k=:k?\" -> A/p(s: k)", [Finding("F303", 5, 29)],
         "'k' is an optional query item ('k=:k?'), but parameter 's' of route 'p' has no default to take when it is absent"),
        ("link \"app://f#k=:k?\" -> A/q(n: k)", [], ""),
        ("link \"app://f/*k\" -> A/q(n: k)", [Finding("F108", 5, 26)],
         "rest capture '*k' is a String with its slashes, but parameter 'n' of route 'q' is an Int"),
        ("link default -> A/p(s: \"x\")\nlink default -> A/a", [Finding("F304", 6, 6)],
         "a second 'link default': at most one link matches the URLs no other link matches"),
        ("link \"app://f/*a\" -> A/p(s: a)\nlink \"app://f/*b\" -> A/p(s: b)", [Finding("F304", 6, 6)],
         "links 'app://f/*a' and 'app://f/*b' can match the same URL with the same specificity"),
        ("link \"app://f?a=:a\" -> A/p(s: a)\nlink \"app://f?b=:b#c=:c?\" -> A/p(s: b)", [Finding("F304", 6, 6)],
         "links 'app://f?a=:a' and 'app://f?b=:b#c=:c?' can match the same URL with the same specificity"),
    ])
    func misuse(links: String, expected: [Finding], message: String) {
        let source = """
            flow A [entry] {
              start a
              route a { on p -> push p(s: "x")  on q -> push q }
              route p(s: String) [final]  route q(n: Int = 0) [final] }

            """ + links
        #expect(findings(source) == expected)
        #expect(compile(source).diagnostics.first?.message ?? "" == message)
    }
}
