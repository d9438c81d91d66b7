import FlowTestSupport
import Testing

/// One row per check: a small program that triggers exactly that finding at
/// the marker 1️⃣, and a near-identical twin that is clean.
struct CheckCase: CustomTestStringConvertible, Sendable {
    var code: String
    var triggers: String
    var clean: String
    /// A second finding the program must also have, at marker 2️⃣.
    var also: String? = nil
    var testDescription: String { code }
}

let checkCases: [CheckCase] = [
    CheckCase(code: "F101", triggers: """
        flow App [entry] {
          start home
          route home { on next -> push 1️⃣detials  on other -> push details }
          route details [final]
        }
        """, clean: """
        flow App [entry] {
          start home
          route home { on next -> push details  on other -> push details }
          route details [final]
        }
        """),
    CheckCase(code: "F102", triggers: """
        flow App [entry] {
          start home
          route home [final] { on pay -> start 1️⃣Chekout as sheet  on buy -> start Checkout as sheet }
          on Checkout.done -> stay
        }
        flow Checkout { start cart  route cart { on paid -> finish done } }
        """, clean: """
        flow App [entry] {
          start home
          route home [final] { on pay -> start Checkout as sheet  on buy -> start Checkout as sheet }
          on Checkout.done -> stay
        }
        flow Checkout { start cart  route cart { on paid -> finish done } }
        """),
    CheckCase(code: "F103", triggers: """
        flow App [entry] {
          start home
          route home [final]
          route 1️⃣home [final]
        }
        """, clean: """
        flow App [entry] {
          start home
          route home [final]
        }
        """),
    CheckCase(code: "F104", triggers: """
        flow App [entry] {
          start 1️⃣hme
          route home [final]
        }
        """, clean: """
        flow App [entry] {
          start home
          route home [final]
        }
        """),
    CheckCase(code: "F105", triggers: """
        import 1️⃣"lib.flow"
        flow App [entry] { start home  route home [final] }
        """, clean: """
        flow App [entry] { start home  route home [final] }
        """),
    CheckCase(code: "F106", triggers: """
        flow App [entry] { start home  route home [final] { on x -> start Other } }
        flow Other [1️⃣entry] { start home  route home [final] }
        """, clean: """
        flow App [entry] { start home  route home [final] { on x -> start Other } }
        flow Other { start home  route home [final] }
        """),
    CheckCase(code: "F107", triggers: """
        flow App [entry] {
          start catalog
          route catalog { on select(id: String) -> push 1️⃣product }
          route product(id: String) [final]
        }
        """, clean: """
        flow App [entry] {
          start catalog
          route catalog { on select(id: String) -> push product(id: id) }
          route product(id: String) [final]
        }
        """),
    CheckCase(code: "F108", triggers: """
        flow App [entry] {
          start catalog
          route catalog { on select -> push product(1️⃣id: 42) }
          route product(id: String) [final]
        }
        """, clean: """
        flow App [entry] {
          start catalog
          route catalog { on select -> push product(id: "42") }
          route product(id: String) [final]
        }
        """),
    // v2: a parameter's default of another type.
    CheckCase(code: "F108", triggers: """
        flow App [entry] {
          start catalog
          route catalog { on select -> push product(id: "42") }
          route product(id: String, tab: Int = 1️⃣"first") [final]
        }
        """, clean: """
        flow App [entry] {
          start catalog
          route catalog { on select -> push product(id: "42") }
          route product(id: String, tab: Int = 0) [final]
        }
        """),
    CheckCase(code: "F109", triggers: """
        flow App [entry] {
          start home
          route home { on next when ready -> push a  on next -> push a  on 1️⃣next when ready -> push a }
          route a [final]
        }
        """, clean: """
        flow App [entry] {
          start home
          route home { on next when ready -> push a  on next -> push a  on next when !ready -> push a }
          route a [final]
        }
        """),
    CheckCase(code: "F110", triggers: """
        flow App [entry] {
          start home
          route home [final] { on buy -> start Checkout as sheet  on login -> start Login as sheet }
          on Checkout.done -> stay
        }
        flow Checkout { start cart  route cart { on paid -> finish done } }
        flow Login {
          start form
          route form { on ok -> finish cancel  on pay -> push pay }
          route pay [final]
          on 1️⃣Checkout.done -> pop
        }
        """, clean: """
        flow App [entry] {
          start home
          route home [final] { on buy -> start Checkout as sheet  on login -> start Login as sheet }
          on Checkout.done -> stay
        }
        flow Checkout { start cart  route cart { on paid -> finish done } }
        flow Login {
          start form
          route form { on ok -> finish cancel  on pay -> push pay }
          route pay [final] { on go -> start Checkout as sheet }
          on Checkout.done -> pop
        }
        """),
    CheckCase(code: "F111", triggers: """
        flow App [entry] { tabs A, B }
        flow A { start a  route a [final] { on other -> 1️⃣select App } }
        flow B { start b  route b [final] }
        """, clean: """
        flow App [entry] { tabs A, B }
        flow A { start a  route a [final] { on other -> select B } }
        flow B { start b  route b [final] }
        """),
    CheckCase(code: "F112", triggers: """
        flow App [entry] { start launch  route launch [final] { on ready -> 1️⃣start Tabs } }
        flow Tabs { tabs A }
        flow A { start a  route a [final] }
        """, clean: """
        flow App [entry] { start launch  route launch [final] { on ready -> start Tabs as root } }
        flow Tabs { tabs A }
        flow A { start a  route a [final] }
        """),
    CheckCase(code: "F113", triggers: """
        flow App [entry] { start home  route home [final, 1️⃣locke] }
        """, clean: """
        flow App [entry] { start home  route home [final, locked] }
        """),
    CheckCase(code: "F114", triggers: """
        flow App [entry] { tabs Home, 1️⃣Profile }
        flow Home { start feed  route feed [final] }
        flow Profile(username: String) { start page(name: username)  route page(name: String) [final] }
        """, clean: """
        flow App [entry] { tabs Home, Profile }
        flow Home { start feed  route feed [final] }
        flow Profile { start page(name: "me")  route page(name: String) [final] }
        """),
    // A flow whose start never shows a screen: it only starts itself in its place.
    CheckCase(code: "F114", triggers: """
        flow App [entry] { start home  route home [final] { on go -> start Loop as sheet } }
        flow Loop { start 1️⃣Loop }  // flowctl:allow F209 -- the F114 says it all
        """, clean: """
        flow App [entry] { start home  route home [final] { on go -> start Loop as sheet } }  // flowctl:allow F210 -- refused while 'again' holds
        flow Loop { start Loop when again  start done  route done [final] }  // flowctl:allow F209
        """),
    CheckCase(code: "F201", triggers: """
        flow App [entry] { start home  route home [final]  route 1️⃣orphan [final] }
        """, clean: """
        flow App [entry] { start home  route home [final] { on go -> push orphan }  route orphan [final] }
        """),
    CheckCase(code: "F202", triggers: """
        flow App [entry] { start home  route home [final] }
        flow 1️⃣Lost { start x  route x [final] }
        """, clean: """
        flow App [entry] { start home  route home [final] { on go -> start Lost } }
        flow Lost { start x  route x [final] }
        """),
    CheckCase(code: "F203", triggers: """
        flow App [entry] { start home  route home { on promo -> cover promo }  route 1️⃣promo }
        """, clean: """
        flow App [entry] { start home  route home { on promo -> sheet promo }  route promo }
        """),
    CheckCase(code: "F204", triggers: """
        flow App [entry] {
          start home
          route home [final] { on buy -> start Checkout as sheet }
          on Checkout.done -> stay
        }
        flow Checkout {
          start cart
          route cart { on pay -> push payment  on done -> finish done }
          route 1️⃣payment [noBack] { on confirm -> replace confirmation }
          route 2️⃣confirmation [noBack] { on again -> replace payment }
        }
        """, clean: """
        flow App [entry] {
          start home
          route home [final] { on buy -> start Checkout as sheet }
          on Checkout.done -> stay
        }
        flow Checkout {
          start cart
          route cart { on pay -> push payment  on done -> finish done }
          route payment [noBack] { on confirm -> replace confirmation }
          route confirmation [noBack] { on again -> pop }
        }
        """, also: "F204"),
    CheckCase(code: "F205", triggers: """
        flow App [entry] {
          start feed
          route feed { on open -> push post }
          route post { on author -> 1️⃣push profile }
          route profile { on latest -> push post }
        }
        """, clean: """
        flow App [entry] {
          start feed
          route feed { on open -> push post }
          route post { on author -> push profile }
          route profile { on latest -> pop to post }
        }
        """),
    CheckCase(code: "F206", triggers: """
        flow App [entry] {
          start home
          route home [final] { on login -> start Login as sheet }
          on Login.done -> stay
          on 1️⃣Login.failed -> stay
        }
        flow Login { start form  route form { on ok -> finish done  on no -> finish cancel } }
        """, clean: """
        flow App [entry] {
          start home
          route home [final] { on login -> start Login as sheet }
          on Login.done -> stay
          on Login.failed -> stay
        }
        flow Login { start form  route form { on ok -> finish done  on no -> finish failed } }
        """),
    CheckCase(code: "F207", triggers: """
        flow App [entry] {
          start home
          route home [final] { on login -> start Login as sheet }
          on Login.done -> stay
        }
        flow Login { start form  route form { on ok -> finish done  on skip -> 1️⃣finish skipped } }
        """, clean: """
        flow App [entry] {
          start home
          route home [final] { on login -> start Login as sheet }
          on Login.done -> stay
        }
        flow Login { start form  route form { on ok -> finish done  on skip -> finish cancel } }
        """),
    CheckCase(code: "F208", triggers: """
        flow App [entry] { start home  route home [final] { on close -> 1️⃣dismiss  on more -> push more }  route more { on up -> pop } }
        """, clean: """
        flow App [entry] { start home  route home [final] { on close -> sheet more }  route more { on up -> dismiss } }
        """),
    // A finish that can never succeed: after it, nothing of the flow is left for the chain.
    CheckCase(code: "F208", triggers: """
        flow App [entry] { start home  route home [final] { on go -> start Child as sheet }  on Child.done -> stay }
        flow Child { start first  route first { on ok -> finish done then 1️⃣push second }  route 2️⃣second [final] }
        """, clean: """
        flow App [entry] { start home  route home [final] { on go -> start Child as sheet }  route second [final]  on Child.done -> push second }
        flow Child { start first  route first { on ok -> finish done } }
        """, also: "F201"),
    // F210 (v2): a dismiss on a route that is also pushed fails there.
    CheckCase(code: "F210", triggers: """
        flow App [entry] { start home  route home [final] { on more -> push more  on peek -> sheet more }  route more { on up -> 1️⃣dismiss } }
        """, clean: """
        flow App [entry] { start home  route home [final] { on peek -> sheet more }  route more { on up -> dismiss } }
        """),
    CheckCase(code: "F209", triggers: """
        flow App [entry] { start home  route home [final] { on more -> 1️⃣start Gallery as root } }
        flow Gallery { start grid  route grid [final] { on more -> start App as root } }
        """, clean: """
        flow App [entry] { start home  route home [final] { on more -> start Gallery as root } }
        flow Gallery { start grid  route grid [final] { on more -> push grid2 }  route grid2 [final] }
        """),
    CheckCase(code: "F301", triggers: """
        flow App [entry] { start home  route home [final] }
        link 1️⃣"app:/home" -> App/home
        """, clean: """
        flow App [entry] { start home  route home [final] }
        link "app://home" -> App/home
        """),
    CheckCase(code: "F302", triggers: """
        flow App [entry] { start home  route home [final] }
        link "app://home" -> 1️⃣App/hom
        """, clean: """
        flow App [entry] { start home  route home [final] }
        link "app://home" -> App/home
        """),
    CheckCase(code: "F303", triggers: """
        flow App [entry] { start home(id: 0)  route home(id: Int) [final] }
        link "app://home/:key" -> App/home(1️⃣id: id)
        """, clean: """
        flow App [entry] { start home(id: 0)  route home(id: Int) [final] }
        link "app://home/:id" -> App/home(id: id)
        """),
    // v1: a literal segment beats a capture, so only links of one shape can tie.
    CheckCase(code: "F304", triggers: """
        flow App [entry] { start home(id: "x")  route home(id: String) [final] }
        link "app://home/:id" -> App/home(id: id)
        link 1️⃣"app://home/:key" -> App/home(id: key)
        """, clean: """
        flow App [entry] { start home(id: "x")  route home(id: String) [final] }
        link "app://home/:id" -> App/home(id: id)
        link "app://home/new" -> App/home(id: "new")
        """),
    // v2: a rest capture that is not the last segment.
    CheckCase(code: "F301", triggers: """
        flow App [entry] { start home(p: "x")  route home(p: String) [final] }
        link 1️⃣"app://files/*p/info" -> App/home(p: p)
        """, clean: """
        flow App [entry] { start home(p: "x")  route home(p: String) [final] }
        link "app://files/info/*p" -> App/home(p: p)
        """),
    // v2: an optional query item bound to a parameter without a default.
    CheckCase(code: "F303", triggers: """
        flow App [entry] { start home(id: "x", tab: 0)  route home(id: String, tab: Int) [final] }
        link "app://home/:id?tab=:tab?" -> App/home(id: id, 1️⃣tab: tab)
        """, clean: """
        flow App [entry] { start home(id: "x", tab: 0)  route home(id: String, tab: Int = 0) [final] }
        link "app://home/:id?tab=:tab?" -> App/home(id: id, tab: tab)
        """),
    // v2: a second `link default`.
    CheckCase(code: "F304", triggers: """
        flow App [entry] { start home(id: "x")  route home(id: String) [final] }
        link default -> App/home(id: "unknown")
        link 1️⃣default -> App/home(id: "other")
        """, clean: """
        flow App [entry] { start home(id: "x")  route home(id: String) [final] }
        link default -> App/home(id: "unknown")
        link "app://other" -> App/home(id: "other")
        """),
    CheckCase(code: "F305", triggers: """
        flow App [entry] { start home  route home [final]  route secret [final] }
        link 1️⃣"app://secret" -> App/secret
        """, clean: """
        flow App [entry] { start home  route home [final] { on go -> push secret }  route secret [final] }
        link "app://secret" -> App/secret
        """),
    // v1: the twin's allow suppresses the F201 it names, so nothing is reported.
    CheckCase(code: "F401", triggers: """
        flow App [entry] {
          start home
          route home { on more -> push orphan }
          1️⃣// flowctl:allow F201 -- kept for the next release
          route orphan [final]
        }
        """, clean: """
        flow App [entry] {
          start home
          route home [final]
          // flowctl:allow F201 -- kept for the next release
          route orphan [final]
        }
        """),
]

@Suite("Every check of docs/diagnostics.md, both ways")
struct CheckCatalogueTests {
    @Test("the check fires exactly once, at the marker", arguments: checkCases)
    func triggers(_ row: CheckCase) {
        let source = MarkedSource(row.triggers)
        var expected = [Finding(row.code, source["1"].line, source["1"].column)]
        if let also = row.also { expected.append(Finding(also, source["2"].line, source["2"].column)) }
        #expect(Set(findings(source.text)) == Set(expected))
        #expect(findings(source.text).count == expected.count)
    }

    @Test("its near-identical twin is clean", arguments: checkCases)
    func clean(_ row: CheckCase) {
        #expect(findings(row.clean) == [])
    }
}
