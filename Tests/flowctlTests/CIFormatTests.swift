import FlowEngine
import Foundation
import FlowTestSupport
import Testing

/// `validate --format sarif` and `--format github`: what code scanning and
/// GitHub Actions read.
@Suite("flowctl validate for CI services: SARIF and GitHub annotations")
struct CIFormatTests {
    @Test("github: one workflow command per finding, notes on the same line after an escaped newline")
    func githubAnnotations() throws {
        let result = try runFlowctl(["validate", "--format", "github", "flows/broken/F203-dead-end.flow", "flows/broken/F205-push-cycle.flow"])
        #expect(result.status == 1)
        #expect(result.stdout == """
        ::error file=flows/broken/F203-dead-end.flow,line=4,col=9,title=F203::dead end: at 'promo', reached as the root of a full-screen cover, no step of the user leads anywhere: no handler answers with a change and there is no way back%0Anote: flows/broken/F203-dead-end.flow:3:28: reached as the root of a full-screen cover by 'cover promo' here%0Anote: reached by: promo
        ::warning file=flows/broken/F205-push-cycle.flow,line=4,col=29,title=F205::the navigation can grow without bound: from 'post', the steps 'author → latest' show 'post' again with more on screen, and can be taken again and again%0Anote: reached by: send open → author → latest

        """)
        #expect(result.stderr == "")
    }

    @Test("github: a path's commas and colons and a message's percent signs are escaped")
    func githubEscaping() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("flowkit-ci-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("we,ird: name.flow")
        try "flow App [entry] {\n  start a\n  route a { on go -> push a }\n}\nlink \"app://x/%zz\" -> App/a\n"
            .write(to: file, atomically: true, encoding: .utf8)
        let result = try runFlowctl(["validate", "--format", "github", file.path])
        let escaped = directory.path.replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
        #expect(result.status == 1)
        #expect(result.stdout == """
        ::warning file=\(escaped)/we%2Cird%3A name.flow,line=3,col=22,title=F205::the navigation can grow without bound: from 'a', the steps 'go' show 'a' again with more on screen, and can be taken again and again%0Anote: reached by: go → go
        ::error file=\(escaped)/we%2Cird%3A name.flow,line=5,col=6,title=F301::bad link pattern: bad percent-escape in '%25zz'

        """)
    }

    @Test("github: a clean program prints nothing and exits 0")
    func githubClean() throws {
        let result = try runFlowctl(["validate", "--format", "github", "flows/login.flow"])
        #expect(result.status == 0)
        #expect(result.stdout == "")
    }

    @Test("sarif: the log has every field SARIF 2.1.0 requires, a rule per code, and a result per finding")
    func sarifLog() throws {
        let result = try runFlowctl(["validate", "--format", "sarif", "flows/broken/F203-dead-end.flow", "flows/broken/F401-unused-allow.flow"])
        #expect(result.status == 1)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        // sarifLog: version and runs are required.
        #expect(log["version"] as? String == "2.1.0")
        #expect(log["$schema"] as? String == "https://json.schemastore.org/sarif-2.1.0.json")
        let runs = try #require(log["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        let run = runs[0]
        #expect(run["columnKind"] as? String == "unicodeCodePoints")
        // run: tool; tool: driver; driver (toolComponent): name; each rule (reportingDescriptor): id.
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "flowctl")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        let ids = rules.compactMap { $0["id"] as? String }
        // Every code, in the catalogue's order (F001 first), whatever the findings.
        #expect(ids.count == rules.count && ids == DiagnosticCode.allCases.map(\.rawValue))
        #expect(ids.first == "F001" && ids.contains("F203") && ids.contains("F401"))
        for rule in rules {
            let level = (rule["defaultConfiguration"] as? [String: Any])?["level"] as? String
            #expect(level == "error" || level == "warning")
            #expect(((rule["shortDescription"] as? [String: Any])?["text"] as? String)?.isEmpty == false)
        }
        // result: message with text; ruleIndex points at its rule; level from the enumeration.
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.map { $0["ruleId"] as? String } == ["F203", "F401"])
        for result in results {
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(ids[index] == result["ruleId"] as? String)
            #expect(["error", "warning", "note", "none"].contains(result["level"] as? String ?? ""))
            #expect(((result["message"] as? [String: Any])?["text"] as? String)?.isEmpty == false)
        }
        let location = try #require((results[0]["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        #expect((location["artifactLocation"] as? [String: Any])?["uri"] as? String == "flows/broken/F203-dead-end.flow")
        let region = try #require(location["region"] as? [String: Any])
        #expect(region["startLine"] as? Int == 4 && region["startColumn"] as? Int == 9)
        let related = try #require(results[0]["relatedLocations"] as? [[String: Any]])
        #expect(related.count == 1 && related[0]["id"] as? Int == 0)
        #expect((related[0]["message"] as? [String: Any])?["text"] as? String == "reached as the root of a full-screen cover by 'cover promo' here")
        // The way there, in the result's property bag; a finding without one has none.
        #expect((results[0]["properties"] as? [String: Any])?["path"] as? [String] == ["promo"])
        #expect(results[1]["properties"] == nil)
    }

    @Test("sarif: an allowed warning is a result with an in-source suppression")
    func sarifSuppression() throws {
        let result = try runFlowctl(["validate", "--format", "sarif", "flows/photoshare"])
        #expect(result.status == 0)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let results = try #require((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        #expect(!results.isEmpty)
        for result in results {
            let suppressions = try #require(result["suppressions"] as? [[String: Any]])
            #expect(suppressions.map { $0["kind"] as? String } == ["inSource"])
        }
    }

    @Test("the formats are listed in --help, and an unknown one is a usage error")
    func formatChoices() throws {
        let help = try runFlowctl(["validate", "--help"])
        #expect(helpEntry(help.stdout, "USAGE: ") == "USAGE: flowctl validate <file-or-directory> ... [--format text|json|sarif|github] [--strict]")
        let wrong = try runFlowctl(["validate", "--format", "xml", "flows/shop.flow"])
        #expect(wrong.status == 2)
        #expect(wrong.stdout == "")
        #expect(wrong.stderr == "flowctl validate: invalid value 'xml' for '--format' (expected text, json, sarif, github)\nSee 'flowctl validate --help'.\n")
    }
}
