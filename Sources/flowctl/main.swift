#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

MallocArenas.useOne()
var console = Console.process()
let status = FlowCtl.main(Array(CommandLine.arguments.dropFirst()), console: &console)
exit(status.rawValue)
