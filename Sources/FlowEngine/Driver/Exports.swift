// The engine as one import, for the tools at the top of the module graph
// (flowctl, the generator, the release diff, the tests): the model, the
// front end, the runtime, the checks and the tooling (CONTRIBUTING.md,
// "Modules").
@_exported import FlowAnalysis
@_exported import FlowDSL
@_exported import FlowModel
@_exported import FlowRuntime
@_exported import FlowTooling
