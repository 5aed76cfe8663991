import ArgumentParser
import Darkroom
import Foundation

extension DarkroomCommand {
  /// `darkroom fonts`: the faces a run uses, and copying them into the project.
  struct Fonts: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "fonts",
      abstract: "List every face a run sets text in: family, style, version, identity, file and where it was found.",
      discussion: """
        Goldens record the faces they were drawn with; another machine with other faces \
        stops verify with one line per face. `darkroom fonts vendor` copies the faces \
        into the project so its goldens verify on any machine.
        """,
      subcommands: [List.self, Vendor.self], defaultSubcommand: List.self)

    /// `darkroom fonts list` (the default).
    struct List: ParsableCommand {
      static let configuration = CommandConfiguration(commandName: "list", abstract: "List the faces a run uses.")

      @OptionGroup var options: ProjectOptions

      func run() throws {
        let project = try options.settings().loadProject()
        let inventory = FontInventory(theme: project.theme)
        for entry in inventory.entries { Console.line(entry.line) }
        for family in inventory.missing {
          Console.report(Diagnostic(.warning, "no face of the fallback family '\(family)': text that needs it cannot be drawn"))
        }
        Console.line("fonts: \(inventory.entries.count) faces")
      }
    }

    /// `darkroom fonts vendor [DIR]`.
    struct Vendor: ParsableCommand {
      static let configuration = CommandConfiguration(
        commandName: "vendor",
        abstract: "Copy the faces a run uses (and their licence files) into the project and name them in theme.yml.")

      @OptionGroup var options: ProjectOptions

      @Argument(help: "The folder, relative to the layouts folder (default: fonts).")
      var folder = "fonts"

      func run() throws {
        let project = try options.settings().loadProject()
        let vendored = try FontInventory.vendor(
          project, into: folder, projectFolder: .current(), interruption: Console.current.interruption)
        for file in vendored.written { Console.line("vendored \(file)") }
        if vendored.themeEdited { Console.line("theme.yml names them: fonts: { files: ['\(folder)'] }") }
        Console.line(
          "fonts vendor: \(vendored.faces) faces and \(vendored.written.count - vendored.faces) licence files in \(project.directory)/\(folder)")
      }
    }
  }
}
