/// "Did you mean" suggestions by edit distance.
package enum Suggestion {
    /// The candidate closest to `word` by Levenshtein distance, if it is close
    /// enough to be a plausible typo (at most a third of the word's length).
    /// - Complexity: O(candidates × length²); call it only to explain an error.
    package static func closest<S: Sequence>(to word: String, among candidates: S) -> String? where S.Element == String {
        let target = Array(word.unicodeScalars)
        let limit = max(1, target.count / 3)
        var best: (String, Int)?
        for candidate in candidates where candidate != word {
            let c = Array(candidate.unicodeScalars)
            guard abs(c.count - target.count) <= limit else { continue }
            let d = distance(target, c)
            if d <= limit, d < (best?.1 ?? Int.max) { best = (candidate, d) }
        }
        return best?.0
    }

    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...max(1, a.count) where !a.isEmpty {
            current[0] = i
            for j in 1...max(1, b.count) where !b.isEmpty {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return a.isEmpty ? b.count : (b.isEmpty ? a.count : previous[b.count])
    }
}
