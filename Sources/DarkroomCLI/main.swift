// The `darkroom` executable: the commands live in DarkroomCommands, where tests
// call them in-process; this file only hands them the process's arguments.
import DarkroomCommands
import Foundation

exit(DarkroomCommand.run(Array(CommandLine.arguments.dropFirst())))
