import Foundation
import PackagePlugin

/// The FlowKit build-tool plugin: turns a target's `.flow` files into Swift.
///
/// For every program among the target's `.flow` files (see `FlowBuildPlan`) it adds a build
/// command running `flowctl generate swift`, with the program's files as inputs and one Swift
/// file in the plugin's work directory as output. A program with errors fails the build; the
/// generator prints them as `path:line:col: error: message [F203]`, which SwiftPM and Xcode show
/// on the `.flow` line. A file without an entry flow (a library nobody imports) is still checked
/// and yields a Swift file with no declarations.
@main
struct FlowKitPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let module = target.sourceModule else { return [] }
        return try Self.commands(
            flowFiles: module.sourceFiles.map(\.url),
            workDirectory: context.pluginWorkDirectoryURL,
            flowctl: context.tool(named: "flowctl").url
        )
    }

    /// The commands for the `.flow` files among `files`.
    static func commands(flowFiles files: [URL], workDirectory: URL, flowctl: URL) -> [Command] {
        let flowFiles = files.filter { $0.pathExtension == "flow" }
        let plan = FlowBuildPlan(flowFiles: flowFiles, outputDirectory: workDirectory.appendingPathComponent("Generated"))
        return plan.programs.map { program in
            .buildCommand(
                displayName: "Generating Swift from \(program.file.lastPathComponent)",
                executable: flowctl,
                arguments: [
                    "generate", "swift", program.file.path,
                    "-o", program.output.path,
                    "--access", "public",
                    "--if-program",
                ],
                inputFiles: program.inputs,
                outputFiles: [program.output]
            )
        }
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension FlowKitPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        Self.commands(
            flowFiles: target.inputFiles.map(\.url),
            workDirectory: context.pluginWorkDirectoryURL,
            flowctl: try context.tool(named: "flowctl").url
        )
    }
}
#endif
