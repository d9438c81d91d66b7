import FlowModel

/// Shapes collected by exploring a program's states with the engine.
extension ReachableShapes {
    /// Explores `program` with `validate`'s limits and collects the facts.
    public init(program: Program) {
        let size = program.declarationCount
        guard size <= StateGraph.Limits.largestExploredProgram else {
            self.init(unexplored: "the program has \(size) declarations, more than the \(StateGraph.Limits.largestExploredProgram) whose states are explored")
            return
        }
        do throws(NavigationError) {
            self.init(graph: try StateGraph(program: program, limits: StateGraph.Limits.forValidation(of: program)))
        } catch {
            self.init(unexplored: "the program cannot start: \(error.description)")
        }
    }

    /// The facts of the states `graph` holds.
    public init(graph: StateGraph) {
        self.init(program: graph.program, states: graph.states, isComplete: graph.isComplete, incompleteReason: graph.limitHit)
    }
}
