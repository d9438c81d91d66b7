import FlowModel

/// F115 (docs/generated-api.md): what the generated Swift API could not declare is a
/// finding of `validate`, so a program that validates without errors
/// generates, and the build plugin never fails on a program CI passed.
extension Compiler {
    /// An entry flow whose name the generated program type cannot take (a
    /// Swift keyword, or a name the generated code uses, such as `Screen`),
    /// at the flow; and two handlers of one event with the same labels and
    /// different types (one generated case cannot take both), at the second
    /// handler, with a note at the first.
    mutating func checkGeneratedInterface() {
        // A program with errors that stop the engine may hold unresolved ids.
        guard program.entry >= 0, !diagnostics.contains(where: \.code.stopsRunning) else { return }
        let entry = program.flows[Int(program.entry)]
        if !ProgramInterface.canNameProgramType(program.symbols[entry.name]) {
            report(.generatedNameConflict, entry.span,
                   "the entry flow '\(text(entry.name))' cannot name the program's generated Swift type: the generated code uses that name itself; rename the flow, or generate with --name")
        }
        if let error = ProgramInterface.firstConflict(in: program) {
            let first = program.handlers[Int(error.first)]
            let second = program.handlers[Int(error.second)]
            let secondText = program.eventText(second), firstText = program.eventText(first)
            report(.generatedNameConflict, second.span,
                   "event '\(text(second.event.name))' takes the same labels as another handler with other types ('\(secondText)' and '\(firstText)'): one generated Swift case cannot take both; rename the event or give both the same types",
                   notes: [DiagnosticNote(span: first.span, message: "the other handler is here")])
        }
    }
}
