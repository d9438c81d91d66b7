import FlowModel
import Foundation

/// Validations already made in this process, by the path and content of
/// every file of their program: with one, `Validation.run(_:fileSystem:memo:)`
/// checks a program once however many commands ask. flowctl run in memory
/// (`FlowCtl.main(_:console:)`, as the test suite runs it hundreds of times
/// in one process) shares one; the flowctl process itself has none.
///
/// The key is the files themselves, so a hit is what checking them now
/// would give; only the phases' timings are those of the first check.
package final class ValidationMemo: @unchecked Sendable {
    // Sendable: every access to `validations` holds `lock`.
    private let lock = NSLock()
    private var validations: [ProgramFiles: Validation] = [:]

    package init() {}

    /// The validation of a program of exactly these files, if one was kept.
    func validation(of files: [SourceFile]) -> Validation? {
        let key = ProgramFiles(files)
        return lock.withLock { validations[key] }
    }

    /// Keeps `validation` for a program of these files.
    func keep(_ validation: Validation, for files: [SourceFile]) {
        let key = ProgramFiles(files)
        lock.withLock { validations[key] = validation }
    }
}
