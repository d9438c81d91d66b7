import FlowModel

/// F115 (docs/generated-api.md): what the generated Swift API could not declare is a
/// finding of `validate`, so a program that validates without errors
/// generates, and the build plugin never fails on a program CI passed.
extension Compiler {
    /// Two handlers of one event with the same labels and different types:
    /// one generated case cannot take both. Reported at the second handler,
    /// with a note at the first.
    mutating func checkGeneratedInterface() {
        // A program with errors that stop the engine may hold unresolved ids.
        guard program.entry >= 0, !diagnostics.contains(where: \.code.stopsRunning) else { return }
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
