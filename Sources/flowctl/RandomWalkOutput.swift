import FlowDSL
import FlowEngine

/// `simulate --random N --seed S`: runs the walk and reports it, with the
/// routes and handlers it reached and those it never did (`WalkCoverage`).
enum RandomWalkOutput {
    static func run(_ navigator: inout Navigator, steps: Int, seed: UInt64, maxDepth: Int, systemEvents: Bool = false,
                    links: Bool = false, guards: Bool = false, trace: Bool, json: Bool,
                    console: inout Console) -> ExitCode {
        var lines = ""
        let clock = ContinuousClock()
        let start = clock.now
        let summary = RandomWalk.run(&navigator, steps: steps, seed: seed, maxDepth: maxDepth, reach: true,
                                     firesSystemEvents: systemEvents, links: links, guards: guards,
                                     onStep: trace ? { step in
                                         lines += "[\(step.number)] \(step.event)"
                                         if let rejection = step.rejection { lines += ": rejected: \(rejection.description)" }
                                         if step.restarted { lines += " (restart)" }
                                         lines += "\n"
                                     } : nil)
        let elapsed = start.duration(to: clock.now)
        let coverage = WalkCoverage(program: navigator.program, reach: summary.reach)
        if json {
            var writer = JSONWriter()
            writer.beginObject()
            writer.field("steps", summary.steps)
            writer.field("rejected", summary.rejected)
            writer.field("restarts", summary.restarts)
            writer.field("seed", String(seed))
            coverage.write(to: &writer)
            writer.key("brokenInvariant")
            if let broken = summary.brokenInvariant {
                writer.beginObject()
                writer.field("step", broken.step)
                writer.key("problems")
                writer.beginArray()
                for problem in broken.problems { writer.string(problem) }
                writer.endArray()
                writer.endObject()
            } else {
                writer.null()
            }
            writer.field("stack", navigator.stackDescription)
            writer.endObject()
            console.out(writer.output + "\n")
        } else {
            console.out(lines)
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            let rate = seconds > 0 ? Int(Double(summary.steps) / seconds) : 0
            console.out("random walk: \(summary.steps) steps (seed \(seed)), \(summary.rejected) rejected, \(summary.restarts) restarts, \(rate) steps/s\n")
            console.out(coverage.text)
            console.out(ScreenText.wrapped("final: ", navigator, width: console.width) + "\n")
        }
        if let broken = summary.brokenInvariant {
            console.err("flowctl simulate: invariant broken after step \(broken.step) (seed \(seed)):\n")
            for problem in broken.problems { console.err("  \(problem)\n") }
            return .failure
        }
        return .success
    }
}
