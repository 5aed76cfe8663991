// The `darkroom` executable: the commands live in DarkroomCommands, where tests
// call them in-process; this file only hands them the process's arguments, after
// taking over SIGINT and SIGTERM so a stopped run leaves nothing half-written.
import Darkroom
import DarkroomCommands
import Foundation

Console.standard.interruption.install()
Platform.reuseLargeAllocations()
exit(DarkroomCommand.run(Array(CommandLine.arguments.dropFirst())))
