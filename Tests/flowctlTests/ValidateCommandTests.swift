import FlowTestSupport
import Testing

@Suite("flowctl validate, end to end")
struct ValidateCommandTests {
    @Test("the bundled flows validate with exit status 0")
    func bundledFlows() throws {
        let result = try runFlowctl(["validate", "flows"])
        #expect(result.status == 0)
        #expect(result.stdout.hasSuffix("5 programs checked: 0 errors, 1 warning\n"))
        #expect(result.stderr == "")
    }

    @Test("broken files print golden diagnostics and exit 1")
    func goldenText() throws {
        let result = try runFlowctl(["validate", "flows/broken/F203-dead-end.flow", "flows/broken/F107-arguments.flow",
                                     "flows/broken/F001-syntax.flow", "flows/broken/F204-trap.flow", "flows/broken/F205-push-cycle.flow"])
        #expect(result.status == 1)
        #expect(result.stdout == (try golden("validate-broken.txt")))
    }

    @Test("every finding's first line has the compiler form problem matchers read, the code last")
    func compilerForm() throws {
        let result = try runFlowctl(["validate", "flows/broken"])
        #expect(result.status == 1)
        var findings = 0
        for line in result.stdout.split(separator: "\n") where !line.hasPrefix(" ") && line.contains(": ") {
            guard let range = line.range(of: ".flow:") else { continue }
            let rest = line[range.upperBound...]
            let parts = rest.split(separator: ":", maxSplits: 2)
            #expect(parts.count == 3 && Int(parts[0]) != nil && Int(parts[1]) != nil, "\(line)")
            guard parts.count == 3 else { continue }
            let tail = parts[2]
            if tail.hasPrefix(" note: ") {
                #expect(!tail.hasSuffix("]") || !tail.contains(" [F"), "a note carries no code: \(line)")
            } else {
                #expect(tail.hasPrefix(" error: ") || tail.hasPrefix(" warning: "), "\(line)")
                let code = tail.suffix(6)
                #expect(code.hasPrefix("[F") && code.hasSuffix("]") && Int(code.dropFirst(2).dropLast()) != nil, "\(line)")
                findings += 1
            }
        }
        #expect(findings > 20)
    }

    @Test("--format json prints the §7 object")
    func json() throws {
        let result = try runFlowctl(["validate", "--format", "json", "flows/broken/F203-dead-end.flow"])
        #expect(result.status == 1)
        #expect(result.stdout == """
            {"programs":1,"errors":1,"warnings":0,"diagnostics":[{"file":"flows/broken/F203-dead-end.flow","line":4,"column":9,\
            "severity":"error","code":"F203","message":"dead end: route 'promo', reached as the root of a full-screen cover, \
            handles no event and has no way back","notes":[{"file":"flows/broken/F203-dead-end.flow","line":3,"column":28,\
            "message":"reached as the root of a full-screen cover by 'cover promo' here"}]}]}

            """)
    }

    @Test("warnings pass, and fail with --strict")
    func strict() throws {
        #expect(try runFlowctl(["validate", "flows/shop.flow"]).status == 0)
        #expect(try runFlowctl(["validate", "--strict", "flows/shop.flow"]).status == 1)
        #expect(try runFlowctl(["validate", "flows/shop.flow", "--format=json", "--strict"]).status == 1)
    }

    @Test("allowed warnings (v1) are not printed, are counted apart, and do not fail --strict; F401 does")
    func allowedText() throws {
        let file = "Tests/flowctlTests/Fixtures/allowed.flow"
        let result = try runFlowctl(["validate", file])
        #expect(result.status == 0)
        #expect(result.stdout == """
            \(file):9:22: warning: allow F202 suppresses nothing: no F202 warning on this line [F401]
              |
            9 |   route gone [final] // flowctl:allow F201, F202
              |                      ^~~~~~~~~~~~~~~~~~~~~~~~~~~
            1 program checked: 0 errors, 1 warning, 3 suppressed

            """)
        #expect(try runFlowctl(["validate", "--strict", file]).status == 1)
        // Shutter's intended cycles are allowed where they stand (shared.flow): --strict passes.
        let app = try runFlowctl(["validate", "--strict", "flows/photoshare/app.flow"])
        #expect(app.status == 0)
        #expect(app.stdout == "1 program checked: 0 errors, 0 warnings, 2 suppressed\n")
    }

    @Test("--format json lists suppressed findings with \"suppressed\": true and counts them")
    func allowedJSON() throws {
        let file = "Tests/flowctlTests/Fixtures/allowed.flow"
        let result = try runFlowctl(["validate", "--format", "json", file])
        #expect(result.status == 0)
        let starts = #"[{"file":"\#(file)","line":4,"column":9,"message":"flow 'App' starts here"}]"#
        #expect(result.stdout == """
            {"programs":1,"errors":0,"warnings":1,"suppressed":3,"diagnostics":[\
            {"file":"\(file)","line":6,"column":27,"severity":"warning","code":"F205",\
            "message":"the navigation stack can grow without bound: 'push more' is on the cycle more → more",\
            "suppressed":true,"notes":[]},\
            {"file":"\(file)","line":8,"column":9,"severity":"warning","code":"F201",\
            "message":"route 'orphan' is unreachable: no path leads to it from the start of flow 'App'",\
            "suppressed":true,"notes":\(starts)},\
            {"file":"\(file)","line":9,"column":9,"severity":"warning","code":"F201",\
            "message":"route 'gone' is unreachable: no path leads to it from the start of flow 'App'",\
            "suppressed":true,"notes":\(starts)},\
            {"file":"\(file)","line":9,"column":22,"severity":"warning","code":"F401",\
            "message":"allow F202 suppresses nothing: no F202 warning on this line","notes":[]}]}

            """)
    }

    @Test("usage mistakes and unreadable input exit 2 with a message on stderr", arguments: [
        (["validate"], "flowctl validate: missing a file or directory to validate\nSee 'flowctl validate --help'.\n"),
        (["validate", "--formt", "json", "flows"], "flowctl validate: unknown option '--formt'; did you mean '--format'?\nSee 'flowctl validate --help'.\n"),
        (["validate", "--format", "xml", "flows"], "flowctl validate: invalid value 'xml' for '--format' (expected text, json)\nSee 'flowctl validate --help'.\n"),
        (["validate", "--format"], "flowctl validate: option '--format' needs a value\nSee 'flowctl validate --help'.\n"),
        (["validate", "no/such.flow"], "flowctl validate: cannot read 'no/such.flow': no such file or directory\n"),
        (["validate", "Sources"], "flowctl validate: no .flow files in directory 'Sources'\n"),
        (["valdate", "flows"], "flowctl: unknown command 'valdate'. Did you mean 'validate'?\nSee 'flowctl --help'.\n"),
        ([], nil),
    ])
    func usageErrors(arguments: [String], message: String?) throws {
        let result = try runFlowctl(arguments)
        #expect(result.status == 2)
        if let message { #expect(result.stderr == message) } else { #expect(result.stderr.hasPrefix("flowctl — ")) }
    }

    @Test("help and version go to stdout with exit 0")
    func help() throws {
        let top = try runFlowctl(["--help"])
        #expect(top.status == 0)
        #expect(top.stdout.contains("USAGE: flowctl <command> [options]"))
        let validate = try runFlowctl(["validate", "--help"])
        #expect(validate.status == 0)
        #expect(validate.stdout.hasPrefix("OVERVIEW: Check .flow programs"))
        #expect(try runFlowctl(["help", "validate"]).stdout == validate.stdout)
        #expect(try runFlowctl(["--version"]).stdout == "flowctl 0.1.0\n")
    }

    @Test("no colour when output is not a terminal")
    func noColor() throws {
        let result = try runFlowctl(["validate", "flows/broken/F203-dead-end.flow"])
        #expect(!result.stdout.contains("\u{1B}["))
    }
}
