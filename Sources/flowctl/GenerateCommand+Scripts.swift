import FlowDSL
import FlowEngine
import Foundation

/// `flowctl generate scripts FILE -o DIR`: journeys that together fire
/// every handler the entry can reach, as scenario scripts.
extension GenerateCommand {
    static func scripts(_ arguments: ParsedArguments, _ console: inout Console) throws(UsageError) -> ExitCode {
        guard arguments.positionals.count == 2 else {
            throw UsageError(message: arguments.positionals.count < 2 ? "missing the .flow file to generate from" : "generate takes one file")
        }
        for option in ["--name", "--access"] where arguments.value(option) != nil {
            throw UsageError(message: "\(option) is for 'generate swift', not 'generate scripts'")
        }
        guard let directory = arguments.value("--output") else {
            throw UsageError(message: "generate scripts needs -o <directory> to write the scripts to")
        }
        let path = arguments.positionals[1]
        let validation: Validation
        switch RunnableProgram.load(path, command: "generate", console: &console) {
        case .success(let loaded): validation = loaded
        case .failure(let status): return status
        }
        var explorer: Explorer
        do throws(NavigationError) {
            explorer = try Explorer(program: validation.program, budget: Coverage.explorationBudget(validation.program))
        } catch {
            console.err("flowctl generate: \(error.description)\n")
            return .failure
        }
        explorer.explore()
        let journeys: Journeys
        do throws(NavigationError) {
            journeys = try Journeys(exploring: explorer)
        } catch {
            // The explorer took these very steps: a failure here is FlowKit's bug, said as one.
            console.err("flowctl generate: internal error: a journey failed on replay: \(error.description)\n")
            return .failure
        }
        let source = path.split(separator: "/").last.map(String.init) ?? path
        let files = zip(journeys.scripts, journeys.fileNames).map { journey, name in
            (name: name, text: Journeys.text(of: journey, program: validation.program, source: source))
        }
        let manager = FileManager.default
        do {
            try manager.createDirectory(atPath: directory, withIntermediateDirectories: true)
            for old in try manager.contentsOfDirectory(atPath: directory) where old.hasSuffix(".script") {
                try manager.removeItem(atPath: directory + "/" + old)
            }
            for file in files {
                try Data(file.text.utf8).write(to: URL(fileURLWithPath: directory + "/" + file.name), options: .atomic)
            }
        } catch {
            console.err("flowctl generate: cannot write to '\(directory)': \((error as NSError).localizedDescription)\n")
            return .usage
        }
        let steps = journeys.scripts.reduce(0) { $0 + $1.steps.count }
        console.out("\(files.count) scripts (\(steps) steps) written to \(directory)\n")
        if explorer.exhausted {
            console.err("flowctl generate: note: the exploration stopped at its budget (a program this deep copies too much): the scripts cover what it found\n")
        }
        return .success
    }
}
