// The typed navigator's cost per step against the bare engine's, on the
// shop (flows/shop.flow): push a product and go back, N times each; or,
// with `launch`, what loading the program costs an app (Launch.swift).
//
//     swift run -c release flowkit-bench [N]
//     swift run -c release flowkit-bench launch [FILE ...]
//
// Not a test: the figures depend on the machine. Shop.swift is the golden
// of Tests/FlowKitTests/Generated (scripts/generate-goldens.sh copies it).
import FlowEngine
import FlowKit

func nanoseconds(_ duration: Duration, per count: Int) -> Double {
    let (seconds, attoseconds) = duration.components
    return (Double(seconds) * 1e9 + Double(attoseconds) / 1e9) / Double(count)
}

func report(_ label: String, _ duration: Duration, steps: Int) {
    let ns = nanoseconds(duration, per: steps)
    print(label.padding(toLength: 54, withPad: " ", startingAt: 0) + String(format: "%8.0f ns/step", ns))
}

func measureSteps(_ n: Int) {
    let clock = ContinuousClock()
    do {
        var bare = try Navigator(program: try Shop.definition.program(), assuming: ["loggedIn"])
        try bare.send("ready")
        var typed = try FlowNavigator<Shop>(assuming: [.loggedIn])
        try typed.send(.ready)
        var checksum = 0

        for _ in 0..<3 {
            let bareTime = try clock.measure {
                for i in 0..<n {
                    try bare.send("select", arguments: ["id": .string(i & 1 == 0 ? "42" : "7")])
                    try bare.back()
                }
            }
            report("bare Navigator: send(String, [String: Value]) + back", bareTime, steps: 2 * n)

            let typedTime = try clock.measure {
                for i in 0..<n {
                    try typed.send(.select(id: i & 1 == 0 ? "42" : "7"))
                    try typed.back()
                }
            }
            report("FlowNavigator<Shop>: send(.select(id:)) + back", typedTime, steps: 2 * n)

            let topTime = clock.measure {
                for _ in 0..<n { if case .shop = typed.top { checksum &+= 1 } }
            }
            report("FlowNavigator.top", topTime, steps: n)

            let layersTime = clock.measure {
                for _ in 0..<n { checksum &+= typed.layers.count }
            }
            report("FlowNavigator.layers (one layer, one screen)", layersTime, steps: n)
        }
        print("checksum \(checksum)")
    } catch {
        print("benchmark failed: \(error)")
    }
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "launch" {
    do {
        try measureLaunch(arguments.count > 1 ? Array(arguments.dropFirst()) : ["flows/shop.flow", "flows/photoshare/app.flow"], repeats: 20)
    } catch {
        print("benchmark failed: \(error)")
    }
} else {
    measureSteps(arguments.first.flatMap { Int($0) } ?? 1_000_000)
}
