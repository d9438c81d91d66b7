import FlowEngine
import FlowKit

/// What an app pays at launch to have its program, for each of `paths`:
/// compiling the `.flow` text (what generated code did before it embedded
/// the compiled image) against reading the image `generate swift` embeds
/// (Base64, the tables, and the check of the generated cases).
func measureLaunch(_ paths: [String], repeats: Int) throws {
    let clock = ContinuousClock()
    for path in paths {
        let fileSystem = DiskFileSystem()
        let loaded = try SourceLoader.load(path, from: fileSystem)
        let textBytes = loaded.files.reduce(0) { $0 + $1.bytes.count }
        let program = Compiler.compile(loaded).program
        let interface = try ProgramInterface(program)
        let image = ProgramImage.embeddedText(program)
        let events = interface.eventSignatures(program)
        let guards = interface.guards.map { program.name($0) }
        let tabs = interface.tabs.map { program.name(program.flows[Int($0)].name) }
        var checksum = 0
        var best = (compile: Duration.seconds(1_000), read: Duration.seconds(1_000))
        for _ in 0..<repeats {
            let compile = try clock.measure {
                let program = Compiler.compile(try SourceLoader.load(path, from: fileSystem)).program
                checksum &+= try ProgramInterface(program).routes.count
            }
            let read = try clock.measure {
                let definition = FlowDefinition(image: image, routes: interface.routes, events: events, guards: guards, tabs: tabs)
                checksum &+= try definition.program().routes.count
            }
            best = (min(best.compile, compile), min(best.read, read))
        }
        print("\(path): \(program.routes.count) routes, \(textBytes) bytes of text, \(image.utf8.count) bytes of image text")
        print("  compile the text (read, parse, compile)    " + microseconds(best.compile))
        print("  read the embedded image (FlowDefinition)   " + microseconds(best.read))
        print("  checksum \(checksum)")
    }
}

private func microseconds(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    let value = Double(seconds) * 1e6 + Double(attoseconds) / 1e12
    return String(format: "%10.1f µs", value)
}
