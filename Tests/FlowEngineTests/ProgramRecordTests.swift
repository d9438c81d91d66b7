import FlowModel
import Testing

/// A compiled program's handler and action records: their size, which the
/// memory of a million-route program is made of, and the optional fields
/// they keep as numbers and flags, which must read back as written (an
/// action's in the one number its kind uses).
@Suite struct ProgramRecordTests {
    @Test func recordsKeepTheirSize() {
        #expect(MemoryLayout<Handler>.stride == 52)
        #expect(MemoryLayout<Action>.stride == 40)
    }

    static let span = SourceSpan(file: 0, start: 3, end: 9)

    @Test func handlerGuardAndSystemFlagAreIndependent() {
        var handler = Handler(flow: 1, route: 2, event: EventKey(name: Symbol(3)), parameters: .empty,
                              guardCondition: Guard(name: Symbol(7), negated: true), actions: .empty, span: Self.span)
        #expect(handler.guardCondition == Guard(name: Symbol(7), negated: true))
        #expect(!handler.isSystem)
        handler.isSystem = true
        #expect(handler.guardCondition == Guard(name: Symbol(7), negated: true))
        #expect(handler.isSystem)
        handler.guardCondition = Guard(name: Symbol(0), negated: false)
        #expect(handler.guardCondition == Guard(name: Symbol(0), negated: false))
        #expect(handler.isSystem)
        handler.guardCondition = nil
        #expect(handler.guardCondition == nil)
        #expect(handler.isSystem)
        handler.isSystem = false
        #expect(!handler.isSystem)
        #expect(handler.flow == 1 && handler.route == 2 && handler.event == EventKey(name: Symbol(3)) && handler.span == Self.span)
    }

    /// The guard's symbol shares a word with the two flags: the largest
    /// symbol it holds reads back whole, beside either flag.
    @Test(arguments: [0, 1, (1 << 30) - 2])
    func handlerGuardKeepsEverySymbol(_ id: Int32) {
        var handler = Handler(flow: 0, route: 0, event: EventKey(name: Symbol(1)), parameters: .empty,
                              guardCondition: Guard(name: Symbol(id), negated: false), actions: .empty, span: Self.span)
        handler.isSystem = true
        #expect(handler.guardCondition == Guard(name: Symbol(id), negated: false) && handler.isSystem)
        handler.guardCondition = Guard(name: Symbol(id), negated: true)
        handler.isSystem = false
        #expect(handler.guardCondition == Guard(name: Symbol(id), negated: true) && !handler.isSystem)
    }

    @Test func handlerWithoutGuardReadsNone() {
        let handler = Handler(flow: 0, route: -1, event: EventKey(flow: 4, name: Symbol(5)), parameters: .empty,
                              guardCondition: nil, actions: .empty, span: Self.span)
        #expect(handler.guardCondition == nil)
        #expect(!handler.isSystem)
        #expect(handler.scope == -1)
    }

    /// What each kind names, and the value written for it.
    static let operands: [(kind: ActionKind, flow: FlowID, result: Symbol?, transition: Symbol?, assumed: Guard?)] = [
        (.start, 6, nil, nil, nil), (.select, 2, nil, nil, nil), (.finish, 6, Symbol(0), nil, nil),
        (.push, 6, nil, Symbol(12), nil), (.sheet, 6, nil, Symbol(13), nil), (.cover, 6, nil, Symbol(14), nil),
        (.assume, 6, nil, nil, Guard(name: Symbol(4), negated: true)), (.replace, 6, nil, nil, nil), (.dismiss, 6, nil, nil, nil),
    ]

    @Test("each kind reads back what it names, and nothing else (the flow is a field of its own)", arguments: operands)
    func actionReadsTheOperandOfItsKind(_ expected: (kind: ActionKind, flow: FlowID, result: Symbol?, transition: Symbol?, assumed: Guard?)) {
        var action = Action(kind: expected.kind, targets: .empty, flow: 6, mode: .sheet, result: Symbol(0),
                            transition: Symbol(12 + (expected.kind == .sheet ? 1 : expected.kind == .cover ? 2 : 0)), span: Self.span)
        if expected.kind == .select { action.flow = 2 }
        action.assumedGuard = Guard(name: Symbol(4), negated: true)
        #expect(action.flow == expected.flow)
        #expect(action.result == expected.result)
        #expect(action.transition == expected.transition)
        #expect(action.assumedGuard == expected.assumed)
        #expect(action.kind == expected.kind && action.mode == .sheet && action.span == Self.span)
    }

    @Test func actionOperandCanBeCleared() {
        var finish = Action(kind: .finish, targets: .empty, flow: -1, mode: .push, result: Symbol(3), transition: nil, span: Self.span)
        finish.transition = Symbol(9)
        #expect(finish.result == Symbol(3) && finish.transition == nil)
        finish.result = nil
        #expect(finish.result == nil)
        var assume = Action(kind: .assume, targets: .empty, flow: -1, mode: .push, result: nil, transition: nil, span: Self.span)
        assume.assumedGuard = Guard(name: Symbol(4), negated: false)
        #expect(assume.assumedGuard == Guard(name: Symbol(4), negated: false))
        assume.assumedGuard = nil
        #expect(assume.assumedGuard == nil && assume.result == nil && assume.transition == nil)
        var push = Action(kind: .push, targets: .empty, flow: 5, mode: .push, result: nil, transition: Symbol(1), span: Self.span)
        #expect(push.flow == 5 && push.transition == Symbol(1) && push.result == nil)
        push.transition = nil
        #expect(push.transition == nil)
    }
}
