import ArgumentParser
import Darkroom
import Foundation

/// The `darkroom` command: develops themed snapshots of YAML layouts.
@main
struct DarkroomCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "darkroom",
    abstract: "Develops themed snapshots: renders YAML layouts in every appearance mode and checks them against golden PNGs.",
    discussion: """
      Exit status: 0 when everything matches, 1 when a snapshot differs or has no golden,
      2 for bad input (with file:line:column where there is one).
      """,
    subcommands: [Render.self, Record.self, Verify.self, Diff.self, Sheet.self, Prune.self, MergeReports.self, Audit.self, Palette.self, LintCommand.self, Export.self, Bench.self])

  /// Runs the command, turning every error into one line and exit status 2 (bad
  /// input) unless it is a help or version request.
  static func main() {
    do {
      var command = try parseAsRoot()
      try command.run()
    } catch let error as DarkroomError {
      Terminal.fail(error.description)
    } catch let error as PNGError {
      Terminal.fail(error.description)
    } catch let error as RasterError {
      Terminal.fail(error.description)
    } catch let exit as ExitCode {
      Foundation.exit(exit.rawValue)
    } catch {
      // Help and version requests exit 0 through the parser's own path.
      if exitCode(for: error) == .success { exit(withError: error) }
      // Usage errors are bad input too: one line, then the usage hint, status 2.
      let message = fullMessage(for: error)
      FileHandle.standardError.write(Data((message + "\n").utf8))
      Foundation.exit(2)
    }
  }
}
