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

    @Test("--format json prints the documented object")
    func json() throws {
        let result = try runFlowctl(["validate", "--format", "json", "flows/broken/F203-dead-end.flow"])
        #expect(result.status == 1)
        #expect(result.stdout == """
            {"programs":1,"errors":1,"warnings":0,"diagnostics":[{"file":"flows/broken/F203-dead-end.flow","line":4,"column":9,\
            "severity":"error","code":"F203","message":"dead end: at 'promo', reached as the root of a full-screen cover, \
            no step of the user leads anywhere: no handler answers with a change and there is no way back","notes":[{"file":"flows/broken/F203-dead-end.flow","line":3,"column":28,\
            "message":"reached as the root of a full-screen cover by 'cover promo' here"}],"path":["promo"]}]}

            """)
    }

    @Test("a program whose states are not explored says so: a note in text, \"exploration\" in JSON")
    func explorationNote() throws {
        // A flow, 10,001 routes and 10,000 handlers: more declarations than validate explores.
        var text = "flow App [entry] {\n  start r0\n"
        for r in 0..<10_000 { text += "  route r\(r) { on next -> replace r\(r + 1) }\n" }
        text += "  route r10000 [final]\n}\n"
        let file = try temporaryFile(text, suffix: ".flow")
        let note = "the program has 20002 declarations, more than the 20000 whose states validate explores: "
            + "the findings come from the flow graph, and the absence of others was not proved"
        let plain = try runFlowctl(["validate", file])
        #expect(plain.status == 0)
        #expect(plain.stdout == "\(file):1:1: note: \(note)\n1 program checked: 0 errors, 0 warnings\n")
        let json = try runFlowctl(["validate", "--format", "json", file])
        #expect(json.status == 0)
        #expect(json.stdout == """
            {"programs":1,"errors":0,"warnings":0,"diagnostics":[],"exploration":[{"file":"\(file)","note":"\(note)"}]}

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
            "message":"the navigation can grow without bound: from 'more', the steps 'more' show 'more' again with more on screen, \
            and can be taken again and again",\
            "suppressed":true,"notes":[],"path":["more","more"]},\
            {"file":"\(file)","line":8,"column":9,"severity":"warning","code":"F201",\
            "message":"route 'orphan' is unreachable: no reachable state of the app shows it",\
            "suppressed":true,"notes":\(starts)},\
            {"file":"\(file)","line":9,"column":9,"severity":"warning","code":"F201",\
            "message":"route 'gone' is unreachable: no reachable state of the app shows it",\
            "suppressed":true,"notes":\(starts)},\
            {"file":"\(file)","line":9,"column":22,"severity":"warning","code":"F401",\
            "message":"allow F202 suppresses nothing: no F202 warning on this line","notes":[]}]}

            """)
    }

    /// The fixture of programs that share a file: app.flow and widget.flow both import lib.flow.
    static let programs = "Tests/flowctlTests/Fixtures/programs"

    /// What validate prints for lib.flow's findings, each once.
    static let libFindings = """
        \(programs)/lib.flow:8:9: warning: route 'legacy' is unreachable: no reachable state of the app shows it [F201]
          |
        8 |   route legacy [final] // flowctl:allow F205 -- the old cycle is gone
          |         ^~~~~~
        \(programs)/lib.flow:6:9: note: flow 'Settings' starts here
        \(programs)/lib.flow:8:24: warning: allow F205 suppresses nothing: no F205 warning on this line [F401]
          |
        8 |   route legacy [final] // flowctl:allow F205 -- the old cycle is gone
          |                        ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~

        """

    @Test("a directory (v1): a file another imports is checked only in that program; each finding once")
    func directoryOfPrograms() throws {
        let result = try runFlowctl(["validate", Self.programs])
        #expect(result.status == 0)
        // lib.flow alone would be F102; its F201 and the stale allow come once, not once per
        // program; the allow of F202 suppresses widget's F202, and its F401 in app's program
        // (where Help is started) is dropped, since it does suppress something elsewhere.
        #expect(result.stdout == Self.libFindings + "2 programs checked: 0 errors, 2 warnings, 1 suppressed\n")
        #expect(result.stderr == "")
    }

    @Test("--format json counts the roots and each finding once")
    func directoryOfProgramsJSON() throws {
        let result = try runFlowctl(["validate", "--format", "json", Self.programs])
        #expect(result.status == 0)
        // lib.flow's two warnings, once each, and its F202 in widget's program, suppressed.
        let lib = "\(Self.programs)/lib.flow"
        #expect(result.stdout == """
            {"programs":2,"errors":0,"warnings":2,"suppressed":1,"diagnostics":[\
            {"file":"\(lib)","line":8,"column":9,"severity":"warning","code":"F201",\
            "message":"route 'legacy' is unreachable: no reachable state of the app shows it",\
            "notes":[{"file":"\(lib)","line":6,"column":9,"message":"flow 'Settings' starts here"}]},\
            {"file":"\(lib)","line":8,"column":24,"severity":"warning","code":"F401",\
            "message":"allow F205 suppresses nothing: no F205 warning on this line","notes":[]},\
            {"file":"\(lib)","line":12,"column":6,"severity":"warning","code":"F202",\
            "message":"flow 'Help' is never started: no reachable state of the app runs it","suppressed":true,"notes":[]}]}

            """)
    }

    @Test("explicit files are each their own program, and a finding they share is reported once")
    func explicitFiles() throws {
        let result = try runFlowctl(["validate", Self.programs + "/lib.flow", Self.programs + "/app.flow",
                                     Self.programs + "/widget.flow"])
        #expect(result.status == 1)
        #expect(result.stdout == """
            \(Self.programs)/lib.flow:7:60: error: unknown flow 'Account' [F102]
              |
            7 |   route settings { on done -> dismiss  on account -> start Account }
              |                                                            ^~~~~~~

            """ + Self.libFindings.replacingOccurrences(of: "no reachable state of the app shows it",
                                                   with: "no path leads to it from the start of flow 'Settings'")
              + "3 programs checked: 1 error, 2 warnings, 1 suppressed\n")
        // (lib.flow alone does not run, F102: its F201 comes from the flow graph, worded so, and
        // app.flow's, from the states, is the same finding, reported once.)
    }

    @Test("a file named twice, or by itself and through its directory, is one program", arguments: [
        ["flows/login.flow", "flows/login.flow"],
        ["flows/login.flow", "./flows//login.flow"],
        ["flows/photoshare/app.flow", "flows/photoshare"],
        ["flows/photoshare", "flows/photoshare/"],
    ])
    func oneProgram(arguments: [String]) throws {
        let result = try runFlowctl(["validate"] + arguments)
        #expect(result.status == 0)
        #expect(result.stdout.split(separator: "\n").last?.hasPrefix("1 program checked: 0 errors, 0 warnings") == true)
    }

    @Test("two files that import each other: the first in sorted order is the program")
    func importCycle() throws {
        let result = try runFlowctl(["validate", Self.programs + "/cycle"])
        #expect(result.status == 0)
        #expect(result.stdout == """
            \(Self.programs)/cycle/b.flow:6:9: warning: route 'unused' is unreachable: no reachable state of the app shows it [F201]
              |
            6 |   route unused [final]
              |         ^~~~~~
            \(Self.programs)/cycle/b.flow:4:9: note: flow 'B' starts here
            1 program checked: 0 errors, 1 warning

            """)
    }

    @Test("the bundled apps pass --strict: intended warnings are allowed where they stand", arguments: [
        // Its 5,785 states explored; its intended cycles are allowed where they stand (shared.flow).
        ("flows/photoshare", "1 program checked: 0 errors, 0 warnings, 3 suppressed\n"),
        ("flows/wayfarer.flow", "1 program checked: 0 errors, 0 warnings\n"),
    ])
    func bundledAppsStrict(path: String, summary: String) throws {
        let result = try runFlowctl(["validate", "--strict", path])
        #expect(result.status == 0)
        #expect(result.stdout == summary)
    }

    @Test("usage mistakes and unreadable input exit 2 with a message on stderr", arguments: [
        (["validate"], "flowctl validate: missing a file or directory to validate\nSee 'flowctl validate --help'.\n"),
        (["validate", "--formt", "json", "flows"], "flowctl validate: unknown option '--formt'; did you mean '--format'?\nSee 'flowctl validate --help'.\n"),
        (["validate", "--format", "xml", "flows"], "flowctl validate: invalid value 'xml' for '--format' (expected text, json, sarif, github)\nSee 'flowctl validate --help'.\n"),
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
        // The golden is `flowctl --help`: the usage line, every command and the exit statuses.
        #expect(top.stdout == (try golden("flowctl-help.txt")))
        #expect(helpEntry(top.stdout, "USAGE: ") == "USAGE: flowctl <command> [options]")
        let validate = try runFlowctl(["validate", "--help"])
        #expect(validate.status == 0)
        #expect(validate.stdout.hasPrefix("OVERVIEW: Check .flow programs"))
        #expect(try runFlowctl(["help", "validate"]).stdout == validate.stdout)
        #expect(try runFlowctl(["--version"]).stdout == "flowctl 0.1.0\n")
    }

    @Test("no colour when output is not a terminal")
    func noColor() throws {
        // The real binary, its stdout a pipe: what decides the colours is `isatty`, which an in-memory run never asks.
        let result = try runFlowctlBinary(["validate", "flows/broken/F203-dead-end.flow"])
        // The whole text, every character of it: no escape sequence anywhere.
        #expect(result.stdout == """
            flows/broken/F203-dead-end.flow:4:9: error: dead end: at 'promo', reached as the root of a full-screen cover, no step of the user leads anywhere: no handler answers with a change and there is no way back [F203]
              |
            4 |   route promo "Big sale"
              |         ^~~~~
            flows/broken/F203-dead-end.flow:3:28: note: reached as the root of a full-screen cover by 'cover promo' here
            flows/broken/F203-dead-end.flow:4:9: note: reached by: promo
            1 program checked: 1 error, 0 warnings

            """)
    }
}
