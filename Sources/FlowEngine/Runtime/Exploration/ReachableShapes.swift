import FlowModel

/// What the screens of a program's reachable states are made of, as facts
/// a saved state is checked against: each screen entry with what stands
/// under it. A restore accepts a state only when each of its entries is
/// one the program's own states show in the same place
/// (docs/releases.md#saved-states).
///
/// An entry's place is its layer's kind, the tab whose stack holds it, and
/// what it stands on: the entry below it in its stack, or, for a layer's
/// root, the top of the layer under it. Arguments are left out (they come
/// from the app's data, and the states are explored with sample values),
/// and so are guards (the app's facts). The facts are collected from the
/// state graph (`StateGraph`), which runs the engine itself, so a state
/// the engine reached always passes; a stack that grows without bound
/// passes at any depth, because its facts repeat. A state that passes
/// was reachable piece by piece: the facts are local, and a combination
/// of places that each exist elsewhere is accepted.
public struct ReachableShapes: Sendable {
    /// One entry's place. `below` is the route under it (-1: none, the
    /// base layer's root); `relation` how its flow instance stands to the
    /// one below (0: the same, 1: its child, 2: another).
    struct Fact: Hashable {
        var route: RouteID
        var below: RouteID
        var tab: FlowID
        /// Layer kind code, then bit 3: the layer's root, bits 4–5: relation.
        var bits: Int32
    }

    private var facts: Set<Fact> = []
    /// Whether every reachable state was explored; when not, nothing is refused.
    public private(set) var isComplete = true
    /// Why the states were not all explored, for a note.
    public private(set) var incompleteReason: String?
    /// The program's names as saved states use them (nil for `unexplored`),
    /// built once for every restore with these shapes.
    private(set) var names: SavedNames?

    /// Shapes that refuse nothing: a restore with them checks names, types
    /// and the flow tree only, and says that reachability was not checked.
    public static let unexplored = ReachableShapes(unexplored: "the program's states were not explored")

    package init(unexplored reason: String) {
        isComplete = false
        incompleteReason = reason
    }

    /// The facts of `states`, a program's reachable states (all of them
    /// when `isComplete`; otherwise nothing is refused, for the reason given).
    package init<States: Sequence<NavigationState>>(program: Program, states: States, isComplete: Bool, incompleteReason: String?) {
        names = SavedNames(program)
        self.isComplete = isComplete
        self.incompleteReason = isComplete ? nil : incompleteReason ?? "the exploration stopped at its limit"
        for state in states {
            var anchor: Entry?
            for layer in state.layers {
                let tabs = layer.container >= 0 ? program.tabs(of: state.instances[Int(layer.container)].flow) : []
                for (s, stack) in layer.stacks.enumerated() {
                    let tab = s < tabs.count ? tabs[tabs.startIndex + s] : -1
                    var below = anchor
                    for (i, entry) in stack.enumerated() {
                        facts.insert(Self.fact(entry, over: below, isRoot: i == 0, kind: layer.kind, tab: tab, in: state))
                        below = entry
                    }
                }
                anchor = layer.stacks[layer.selected].last ?? anchor
            }
        }
    }

    /// Whether the program's states show `entry` over `below` (nil: the
    /// app's first screen), in a layer of `kind`, in the stack of `tab`
    /// (-1: none). True for everything when the exploration was incomplete.
    package func contains(_ entry: Entry, over below: Entry?, isRoot: Bool, kind: LayerKind, tab: FlowID, in state: NavigationState) -> Bool {
        !isComplete || facts.contains(Self.fact(entry, over: below, isRoot: isRoot, kind: kind, tab: tab, in: state))
    }

    private static func fact(_ entry: Entry, over below: Entry?, isRoot: Bool, kind: LayerKind, tab: FlowID, in state: NavigationState) -> Fact {
        var relation: Int32 = 2
        if let below {
            if below.instance == entry.instance {
                relation = 0
            } else if state.instances[Int(entry.instance)].parent == below.instance {
                relation = 1
            }
        }
        return Fact(route: entry.route, below: below?.route ?? -1, tab: tab,
                    bits: Int32(kind.code) | (isRoot ? 8 : 0) | relation << 4)
    }
}
