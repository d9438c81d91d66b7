import FlowDSL
import FlowEngine
@testable import FlowGenerator
import FlowTestSupport
import Testing

/// The generator's naming, escaping and refusals, on small programs.
@Suite struct SwiftGeneratorTests {
    func generate(_ source: String, name: String? = nil, isPublic: Bool = false) throws -> String {
        let validation = Validation.run(text: source, path: "t.flow")
        #expect(validation.errorCount == 0, "\(validation.diagnostics.map(\.message))")
        return try SwiftGenerator.generate(validation.program, options: .init(name: name, isPublic: isPublic))
    }

    func refusal(_ source: String, name: String? = nil) -> GenerateError? {
        do {
            _ = try generate(source, name: name)
            return nil
        } catch let error as GenerateError {
            return error
        } catch {
            return GenerateError("\(error)")
        }
    }

    @Test(arguments: [("Shop", "shop"), ("URLPicker", "urlPicker"), ("URL", "url"), ("graph", "graph"), ("HTTP2", "http2"),
                      ("A", "a"), ("ABCd", "abCd"), ("_Tab", "_Tab"), ("Über", "über")])
    func lowerCamelCase(_ item: (String, String)) {
        #expect(SwiftNames.lowerCamel(item.0) == item.1)
    }

    @Test func flowCasesAndTheirTypes() throws {
        let source = try generate("flow URLPicker [entry] { start pick  route pick { on go -> start graph } }\nflow graph { start node  route node [final] }")
        #expect(source.contains("        case urlPicker(URLPicker)\n"))
        #expect(source.contains("        case graph(Graph)\n"))
        #expect(source.contains("enum URLPicker: FlowProgram {"))
    }

    @Test func keywordsAreEscapedAndReservedNamesRenamed() throws {
        let source = try generate("flow A [entry] {\n start default\n route default { on self(in: Int) -> push Type(for: in) }\n route Type(for: Int) [final]\n}")
        #expect(source.contains("case `default`\n"))
        #expect(source.contains("case Type_(`for`: Swift.Int)\n"))
        #expect(source.contains("case self_(`in`: Swift.Int)\n"))
        #expect(source.contains("return .a(.Type_(for: a.int(0)))"))
    }

    @Test func anUnderscoreParameterBesideOneNamedUnderscoreZero() throws {
        let source = try generate("flow A [entry] {\n start x\n route x { on go(_: Int, _0: Int) -> push y(_: _, _0: _0) }\n route y(_: Int, _0: Int) [final]\n}")
        #expect(source.contains("case go(_0: Swift.Int, _0_: Swift.Int)\n"))
        #expect(source.contains("case y(_0: Swift.Int, _0_: Swift.Int)\n"))
    }

    @Test func sameLabelsWithOtherTypesIsAnError() throws {
        // validate reports it as F115 (docs/generated-api.md) at the same handler; the generator refuses it.
        let validation = Validation.run(text: "flow A [entry] {\n start x\n route x { on go(id: Int) -> push y }\n route y { on go(id: String) -> pop }\n}", path: "t.flow")
        #expect(validation.diagnostics.map(\.code.rawValue) == ["F115"])
        var refused: GenerateError?
        do { _ = try SwiftGenerator.generate(validation.program) } catch { refused = error }
        let error = try #require(refused)
        #expect(error.span == validation.diagnostics.first?.span)
        #expect(error.message.hasPrefix("event 'go' takes the same labels as another handler with different types"))
        #expect(error.span.start > 0)
        #expect(error.notes.count == 1)
    }

    @Test func sameLabelsInAnotherOrderAreOneCase() throws {
        let source = try generate("flow A [entry] {\n start x\n route x { on go(a: Int, b: Bool) -> push y }\n route y { on go(b: Bool, a: Int) -> pop }\n}")
        // One case in `Event` (8 spaces in); each screen's events enum has its own (16 spaces in).
        #expect(source.components(separatedBy: "\n        case go(").count == 2)
        #expect(source.components(separatedBy: "\n                case go(").count == 3)
    }

    /// The lines of `source` from the first that starts with `first` to the
    /// next that is `last`, both included.
    func block(_ source: String, from first: String, to last: String) -> String {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.hasPrefix(first) }),
              let end = lines[start...].firstIndex(where: { $0 == last }) else { return "" }
        return lines[start...end].joined(separator: "\n")
    }

    @Test func otherLabelsAreAnotherCaseSpelledByAFactory() throws {
        let source = try generate("flow A [entry] {\n start x\n route x { on go(a: Int) -> push y }\n route y { on go(b: Int) -> pop }\n on go -> push y\n}")
        #expect(block(source, from: "    enum Event", to: "    }") == """
                enum Event: Swift.Hashable, Swift.Sendable {
                    /// `go(a: Int)`, handled at t.flow:3.
                    case goA(a: Swift.Int)
                    /// `go(b: Int)`, handled at t.flow:4.
                    case goB(b: Swift.Int)
                    /// `go`, handled at t.flow:5.
                    case go_

                    /// `go` without arguments: its case is `go_`, as Swift allows no parameterless case beside cases of that name with arguments.
                    static var go: Event { .go_ }

                    /// `go(a: Int)`: its case is `goA`, as Swift cannot tell cases that share a name apart in a pattern.
                    static func go(a: Swift.Int) -> Event { .goA(a: a) }

                    /// `go(b: Int)`: its case is `goB`, as Swift cannot tell cases that share a name apart in a pattern.
                    static func go(b: Swift.Int) -> Event { .goB(b: b) }
                }
            """)
        // Every case maps by a pattern: no reflection.
        #expect(block(source, from: "    static func code(for event: Event)", to: "    }") == """
                static func code(for event: Event) -> FlowCode {
                    switch event {
                    case let .goA(v0): return FlowCode(0, FlowArguments([.int(v0)]))
                    case let .goB(v0): return FlowCode(1, FlowArguments([.int(v0)]))
                    case .go_: return FlowCode(2)
                    }
                }
            """)
    }

    @Test func anOverloadedCaseNameStaysClearOfOtherEvents() throws {
        let source = try generate("flow A [entry] {\n start x\n route x { on open(id: Int) -> push y  on openID -> push y }\n route y { on open(url: String, in: Bool) -> pop }\n}")
        #expect(block(source, from: "    static func code(for event: Event)", to: "    }") == """
                static func code(for event: Event) -> FlowCode {
                    switch event {
                    case let .openID_(v0): return FlowCode(0, FlowArguments([.int(v0)]))
                    case .openID: return FlowCode(1)
                    case let .openURLIn(v0, v1): return FlowCode(2, FlowArguments([.string(v0), .bool(v1)]))
                    }
                }
            """)
        #expect(source.contains("        static func open(url: Swift.String, `in`: Swift.Bool) -> Event { .openURLIn(url: url, in: `in`) }\n"))
    }

    @Test func aLibraryOrAReservedNameIsRefused() {
        #expect(refusal("flow A { start x  route x [final] }\nflow B { start y  route y [final] }")?.message.contains("no entry flow") == true)
        // validate says so first (F115); the generator refuses the program all the same.
        let screen = Validation.run(text: "flow Screen [entry] { start x  route x [final] }", path: "t.flow")
        #expect(screen.diagnostics.map(\.code.rawValue) == ["F115"])
        do throws(GenerateError) {
            _ = try SwiftGenerator.generate(screen.program)
            Issue.record("generated a type named Screen")
        } catch {
            #expect(error.message == "'Screen' cannot name the program's Swift type; choose another name with --name")
        }
        #expect(refusal("flow A [entry] { start x  route x [final] }", name: "FlowCode") != nil)
        #expect(refusal("flow A [entry] { start x  route x [final] }", name: "Fine") == nil)
    }

    @Test func publicAccess() throws {
        let source = try generate("flow A [entry] { start x  route x [final] }", isPublic: true)
        #expect(source.contains("public enum A: FlowProgram {"))
        #expect(source.contains("    public enum Screen:"))
        #expect(source.contains("    public static let definition = FlowDefinition("))
        #expect(source.contains("    public static func code(for screen: Screen) -> FlowCode {"))
        let internalSource = try generate("flow A [entry] { start x  route x [final] }")
        #expect(!internalSource.contains("public "))
    }

    @Test func pathsAreRelativeToTheRootsDirectory() {
        #expect(SwiftGenerator.relativePaths(["flows/app.flow", "flows/lib/a.flow", "shared/b.flow"]) == ["app.flow", "lib/a.flow", "../shared/b.flow"])
        #expect(SwiftGenerator.relativePaths(["/x/y/app.flow", "/x/z.flow"]) == ["app.flow", "../z.flow"])
        #expect(SwiftGenerator.relativePaths(["app.flow", "../up.flow"]) == ["app.flow", "../up.flow"])
    }

    @Test func importedFilesAreEmbeddedRelativeToTheRoot() throws {
        let files = MemoryFileSystem([
            "app/main.flow": "import \"../lib/auth.flow\"\nimport \"screens/home.flow\"\nflow App [entry] {\n  start splash\n  route splash { on go -> start Auth as cover  on home -> start Home }\n}\n",
            "lib/auth.flow": "flow Auth { start login  route login \"Log in\" { on done -> finish done } }\n",
            "app/screens/home.flow": "flow Home { start feed  route feed [final] }\n",
        ])
        let validation = try Validation.run("app/main.flow", fileSystem: files)
        #expect(validation.errorCount == 0)
        let source = try SwiftGenerator.generate(validation.program)
        // The image between `image: """` and `""",` is the program, its files named relative to the root.
        let lines = try #require(embeddedImage(inGenerated: source))
        #expect(lines.allSatisfy { $0.hasPrefix("            ") && $0.count <= 12 + 96 })
        let bytes = try #require(Base64.decode(lines.joined(separator: "\n")))
        let embedded = try ProgramImage.decode(bytes)
        let paths = ["main.flow", "../lib/auth.flow", "screens/home.flow"]
        #expect(embedded.files.map(\.path) == paths)
        #expect(ProgramImage.encode(embedded) == ProgramImage.encode(validation.program, filePaths: paths))
        #expect(source.contains("/// \"Log in\": `login` (../lib/auth.flow:1)."))
    }

    @Test("a parameter's default is its associated value's default, written as a Swift literal")
    func parameterDefaults() throws {
        let source = try generate("""
        flow A [entry] {
          start x
          route x { on go -> push item(n: 1) }
          route item(n: Int, page: Int = -2, zoom: Double = 1, on: Bool = true, note: String = "say \\"hi\\"\\n") [final]
        }
        """)
        #expect(source.contains(#"            /// `item(n: Int, page: Int = -2, zoom: Double = 1.0, on: Bool = true, note: String = "say \"hi\"\n")` (t.flow:4)."#))
        #expect(source.contains(#"            case item(n: Swift.Int, page: Swift.Int = -2, zoom: Swift.Double = 1.0, on: Swift.Bool = true, note: Swift.String = "say \"hi\"\n")"#))
    }

    @Test func linkBuildersEncodeAndConvert() throws {
        let source = try generate("""
        flow A [entry] {
          start x
          route x { on go -> push item(n: 1, f: true) }
          route item(n: Int, f: Bool) [final]
        }
        link "app://item/:n?flag=:f" -> A/item(n: n, f: f)
        link "app://other/:n/:f" -> A/item(n: n, f: f)
        """)
        #expect(source.contains("static func itemURL(n v0: Swift.Int, f v1: Swift.Bool) -> Swift.String {\n        \"app://item/\" + FlowURL.encode(Swift.String(v0)) + \"?flag=\" + FlowURL.encode(Swift.String(v1))\n"))
        #expect(source.contains("static func itemURL2(n v0: Swift.Int, f v1: Swift.Bool) -> Swift.String {"))
    }

    @Test("optional items are optional parameters, nil by default; a rest capture is a String; link default has no builder")
    func patternBuilders() throws {
        let source = try generate("""
        flow A [entry] {
          start x
          route x { on go -> push item(n: 1) }
          route item(n: Int, p: String = "", f: Bool = false) [final]
        }
        link item "app://item/:n?p=:p?&k=:k#f=:f?" -> A/item(n: n, p: p, f: f)
        link files "app://files/*p" -> A/item(n: 0, p: p)
        link default -> A/x
        """)
        #expect(source.contains("""
                static func itemURL(n v0: Swift.Int, p v1: Swift.String? = nil, k v2: Swift.String, f v3: Swift.Bool? = nil) -> Swift.String {
                    "app://item/" + FlowURL.encode(Swift.String(v0)) + FlowURL.items("?", ["p": v1, "k": v2]) + FlowURL.items("#", ["f": v3.map { Swift.String($0) }])
                }
            """))
        #expect(source.contains("""
                static func filesURL(p v0: Swift.String) -> Swift.String {
                    "app://files/" + FlowURL.encodePath(v0)
                }
            """))
        #expect(!source.contains("default`"))
        #expect(source.components(separatedBy: "static func ").count == 1 + 2 + 3)
    }

    @Test("a named link's builder takes its name; an unnamed over link's, the first route its actions show; captures typed by what they bind")
    func namedAndOverLinkBuilders() throws {
        let source = try generate("""
        flow A [entry] {
          start x
          route x { on go -> push item(n: 1) }
          route item(n: Int) [final]
          route comments(n: Int) { on close -> dismiss }
          route confirm(action: String) { on ok -> stay }
        }
        link post "app://p/:n" -> A/item(n: n) then sheet comments(n: n)
        link "app://confirm/:a" -> over alert confirm(action: a)
        """)
        #expect(source.contains("/// `app://p/:n` → `A/item(n: :n) then sheet comments(n: :n)`"))
        #expect(source.contains("static func postURL(n v0: Swift.Int) -> Swift.String {\n        \"app://p/\" + FlowURL.encode(Swift.String(v0))\n"))
        #expect(source.contains("/// `app://confirm/:a` → `over alert confirm(action: :a)`"))
        #expect(source.contains("static func confirmURL(a v0: Swift.String) -> Swift.String {\n        \"app://confirm/\" + FlowURL.encode(v0)\n"))
        #expect(!source.contains("itemURL"))
    }
}
