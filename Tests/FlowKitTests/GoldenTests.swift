import FlowDSL
import FlowEngine
import FlowGenerator
import FlowTestSupport
import Foundation
import Testing

/// The committed output of every bundled app and of the hostile-names
/// fixture: regenerating gives the same bytes (compiling this target proves
/// that each compiles). After a deliberate change run
/// `scripts/generate-goldens.sh` and review the diff.
@Suite struct GoldenTests {
    static let cases: [(file: String, name: String?, golden: String)] = [
        ("flows/login.flow", "Login", "Login"),
        ("flows/placesfinder.flow", "PlacesFinder", "PlacesFinder"),
        ("flows/shop.flow", "Shop", "Shop"),
        ("flows/swiftui-coordinator.flow", "SwiftUICoordinator", "SwiftUICoordinator"),
        ("flows/wayfarer.flow", "Wayfarer", "Wayfarer"),
        ("flows/photoshare/app.flow", "Photoshare", "Photoshare"),
        ("Tests/FlowKitTests/Fixtures/banking.flow", "Banking", "Banking"),
        ("Tests/FlowKitTests/Fixtures/navigation.flow", "Nav", "Nav"),
        ("Tests/FlowKitTests/Fixtures/clashes.flow", "Clashes", "Clashes"),
        ("Tests/FlowKitTests/Fixtures/links.flow", "Links", "Links"),
        ("Tests/flowctlTests/Fixtures/hostile.flow", nil, "Hostile"),
    ]

    @Test(arguments: cases)
    func regeneratesTheCommittedFile(_ item: (file: String, name: String?, golden: String)) throws {
        let validation = try sharedValidation(of: repositoryRoot + "/" + item.file)
        // The clashes fixture's entry flow is named Screen: F115, and it generates only with a --name.
        #expect(validation.diagnostics.filter { $0.severity == .error }.map(\.code.rawValue) == (item.golden == "Clashes" ? ["F115"] : []))
        let source = try SwiftGenerator.generate(validation.program, options: .init(name: item.name))
        let committed = try String(contentsOfFile: repositoryRoot + "/Tests/FlowKitTests/Generated/\(item.golden).swift", encoding: .utf8)
        #expect(source == committed, "run scripts/generate-goldens.sh and review the diff")
    }

    @Test func sameProgramSameBytesWhateverThePath() throws {
        let absolute = try Validation.run(repositoryRoot + "/flows/shop.flow")
        let relative = try Validation.run(repositoryRoot + "/flows/../flows/./shop.flow")
        let a = try SwiftGenerator.generate(absolute.program)
        let b = try SwiftGenerator.generate(relative.program)
        #expect(a == b)
        let image = try #require(embeddedImage(inGenerated: a)).joined(separator: "\n")
        #expect(try ProgramImage.decode(#require(Base64.decode(image))).files.map(\.path) == ["shop.flow"])
    }
}
