import FlowDSL
import FlowEngine

/// Source text with position markers (1️⃣, 2️⃣, ...) where findings must
/// point, in the manner of swift-format's marked-text tests. The markers are
/// removed; their 1-based line and column (in Unicode scalars) are kept.
public struct MarkedSource {
    public let text: String
    public let markers: [String: (line: Int, column: Int)]

    public init(_ marked: String) {
        var text = ""
        var markers: [String: (Int, Int)] = [:]
        var line = 1
        var column = 1
        var scalars = Array(marked.unicodeScalars)[...]
        while let scalar = scalars.first {
            if ("1"..."9").contains(scalar), scalars.count >= 3,
               scalars[scalars.startIndex + 1] == "\u{FE0F}", scalars[scalars.startIndex + 2] == "\u{20E3}" {
                markers[String(scalar)] = (line, column)
                scalars = scalars.dropFirst(3)
                continue
            }
            text.unicodeScalars.append(scalar)
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
            scalars = scalars.dropFirst()
        }
        self.text = text
        self.markers = markers
    }

    /// Where marker `name` stood.
    public subscript(name: String) -> (line: Int, column: Int) { markers[name] ?? (0, 0) }
}

/// A finding reduced to what tests compare: code, line, column.
public struct Finding: Hashable, CustomStringConvertible, Sendable {
    public var code: String
    public var line: Int
    public var column: Int

    public init(_ code: String, _ line: Int, _ column: Int) {
        self.code = code
        self.line = line
        self.column = column
    }

    public var description: String { "\(code)@\(line):\(column)" }
}

/// Compiles and analyzes in-memory source and returns its findings in order.
public func findings(_ text: String) -> [Finding] {
    let validation = Validation.run(text: text)
    var renderer = DiagnosticRenderer(files: validation.program.files, useColor: false)
    return validation.diagnostics.map { diagnostic in
        let (line, column) = renderer.location(diagnostic.span)
        return Finding(diagnostic.code.rawValue, line, column)
    }
}

/// Compiles source that must be free of errors and returns the program.
public func compile(_ text: String) -> (program: Program, diagnostics: [Diagnostic]) {
    let validation = Validation.run(text: text)
    return (validation.program, validation.diagnostics)
}

/// The program of `text`, for a test that runs it rather than reads its
/// findings: compiled without exploring its states, which takes seconds
/// for some generated programs in a debug build.
public func program(_ text: String) -> Program {
    Validation.run(text: text, exploresStates: false).program
}
