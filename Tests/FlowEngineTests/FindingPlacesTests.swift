import FlowModel
import FlowRuntime
@testable import FlowTooling
import Testing

/// How `graph` puts findings on what they point at: by file and start
/// offset, each place's findings taken once, in the order reported.
@Suite struct FindingPlacesTests {
    func finding(_ code: DiagnosticCode, file: Int32, start: Int32, end: Int32 = 99) -> Diagnostic {
        Diagnostic(code, at: SourceSpan(file: file, start: start, end: end), "\(code.rawValue) at \(file):\(start)")
    }

    @Test func findingsAtAPlaceAreTakenOnceInTheOrderReported() {
        let first = finding(.deadEnd, file: 1, start: 40)
        let elsewhere = finding(.unreachableRoute, file: 0, start: 40)
        let second = finding(.unboundedStack, file: 1, start: 40, end: 7)
        let later = finding(.trap, file: 1, start: 900)
        var places = FindingPlaces([first, elsewhere, second, later])
        // The end of the span asked with does not matter, only where it starts.
        #expect(places.take(SourceSpan(file: 1, start: 40, end: 41)) == [first, second])
        #expect(places.take(SourceSpan(file: 1, start: 40, end: 41)) == [])
        #expect(places.take(SourceSpan(file: 0, start: 40, end: 0)) == [elsewhere])
        #expect(places.take(SourceSpan(file: 1, start: 41, end: 0)) == [])
        #expect(places.take(SourceSpan(file: 2, start: 0, end: 0)) == [])
        #expect(places.take(SourceSpan(file: 1, start: 900, end: 0)) == [later])
    }

    @Test func noFindingsTakeNothing() {
        var places = FindingPlaces([])
        #expect(places.take(SourceSpan(file: 0, start: 0, end: 0)) == [])
    }

    /// Against the dictionary it replaced, on random places.
    @Test(arguments: [1, 2, 3]) func takesWhatADictionaryByPlaceWouldTake(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let findings = (0..<300).map { _ in
            finding(.deadEnd, file: Int32(random.next() % 3), start: Int32(random.next() % 50))
        }
        var byPlace: [SourceSpan: [Diagnostic]] = [:]
        for f in findings { byPlace[SourceSpan(file: f.span.file, start: f.span.start, end: 0), default: []].append(f) }
        var places = FindingPlaces(findings)
        for _ in 0..<400 {
            let span = SourceSpan(file: Int32(random.next() % 4), start: Int32(random.next() % 60), end: 5)
            let expected = byPlace.removeValue(forKey: SourceSpan(file: span.file, start: span.start, end: 0)) ?? []
            #expect(places.take(span) == expected)
        }
    }
}
