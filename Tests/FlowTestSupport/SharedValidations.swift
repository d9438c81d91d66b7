import FlowEngine

/// The validations of this test process, by their files (`ValidationMemo`):
/// every in-memory flowctl run and every test that validates a bundled
/// app by its path shares them, so an app (photoshare's thousands of
/// states) is explored once, not once a test.
package let sharedValidations = ValidationMemo()

/// `Validation.run(path)` through `sharedValidations`.
package func sharedValidation(of path: String) throws -> Validation {
    try Validation.run(path, memo: sharedValidations)
}
