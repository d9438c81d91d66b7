import FlowDSL
import FlowEngine

/// The simulator's trace, for people (text) and for tools (JSON).
enum TraceOutput {
    /// One block per step: number, step, what it did, and the screen after it.
    static func text(_ runner: ScenarioRunner, initial: String?) -> String {
        var out = ""
        if let initial { out += "start: \(initial)\n" }
        for line in runner.trace {
            out += "[\(line.step)] \(line.text)\n"
            out += line.rejected ? "    rejected: \(line.outcome)\n" : "    \(line.outcome)\n"
            out += "    = \(line.stack)\n"
        }
        return out
    }

    /// `{"steps": [...], "passed": bool, "failure": {...}|null, "stack": "..."}`.
    static func json(_ runner: ScenarioRunner) -> String {
        var json = JSONWriter()
        json.beginObject()
        json.key("steps")
        json.beginArray()
        for line in runner.trace {
            json.beginObject()
            json.field("step", line.step)
            if line.line > 0 { json.field("line", line.line) }
            json.field("input", line.text)
            json.field("rejected", line.rejected)
            json.field(line.rejected ? "error" : "effects", line.outcome)
            json.field("stack", line.stack)
            json.endObject()
        }
        json.endArray()
        json.field("passed", runner.failure == nil)
        json.key("failure")
        if let failure = runner.failure {
            json.beginObject()
            json.field("line", failure.line)
            json.field("message", failure.message)
            json.endObject()
        } else {
            json.null()
        }
        json.field("stack", runner.navigator.stackDescription)
        json.endObject()
        return json.output + "\n"
    }
}
