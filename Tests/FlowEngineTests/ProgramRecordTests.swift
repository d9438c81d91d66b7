import FlowModel
import Testing

/// A compiled program's handler and action records: their size, which the
/// memory of a million-route program is made of, and the optional fields
/// they keep as numbers and flags, which must read back as written.
@Suite struct ProgramRecordTests {
    @Test func recordsKeepTheirSize() {
        #expect(MemoryLayout<Handler>.stride == 56)
        #expect(MemoryLayout<Action>.stride == 48)
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

    @Test func handlerWithoutGuardReadsNone() {
        let handler = Handler(flow: 0, route: -1, event: EventKey(flow: 4, name: Symbol(5)), parameters: .empty,
                              guardCondition: nil, actions: .empty, span: Self.span)
        #expect(handler.guardCondition == nil)
        #expect(!handler.isSystem)
        #expect(handler.scope == -1)
    }

    @Test func actionOptionalsReadBackAsWritten() {
        var action = Action(kind: .finish, targets: .empty, flow: -1, mode: .push, result: Symbol(0), transition: nil, span: Self.span)
        #expect(action.result == Symbol(0))
        #expect(action.transition == nil)
        #expect(action.assumedGuard == nil)
        action.transition = Symbol(12)
        action.assumedGuard = Guard(name: Symbol(4), negated: true)
        #expect(action.result == Symbol(0))
        #expect(action.transition == Symbol(12))
        #expect(action.assumedGuard == Guard(name: Symbol(4), negated: true))
        action.assumedGuard = Guard(name: Symbol(4), negated: false)
        #expect(action.assumedGuard == Guard(name: Symbol(4), negated: false))
        action.result = nil
        action.assumedGuard = nil
        #expect(action.result == nil)
        #expect(action.assumedGuard == nil)
        #expect(action.transition == Symbol(12))
        #expect(action.kind == .finish && action.mode == .push && action.flow == -1 && action.span == Self.span)
    }
}
