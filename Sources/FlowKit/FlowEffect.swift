/// What a step did, in order: the story an app logs or animates. Screens
/// carry their arguments: each is the very entry the step added or removed.
/// A host that rebuilds its screen follows `FlowReconciler` instead, whose
/// operations are complete and name their layer and tab.
public enum FlowEffect<P: FlowProgram>: Hashable, Sendable {
    case pushed(P.Screen)
    case popped(P.Screen)
    case replaced(old: P.Screen, new: P.Screen)
    case presented(FlowLayerKind, P.Screen)
    case dismissed(FlowLayerKind)
    /// A stack (or the tabs of a container) was set to these roots.
    case stackSet([P.Screen])
    case tabSelected(P.Tab)
    /// A child flow started, by the flow's name.
    case flowStarted(String)
    /// A child flow finished with a result: the flow's name and the result's.
    case flowFinished(String, result: String)
    /// A flow whose screens were all removed ended without a result.
    case flowEnded(String)
    case guardSet(P.Guard, Bool)
    /// A custom transition named by `with`.
    case transition(String)
    /// A gated link's guard did not hold: the URL waits.
    case linkPending(String)
    /// The pending URL opened.
    case linkOpened(String)
    /// The pending URL was dropped.
    case linkDropped(String)
}
