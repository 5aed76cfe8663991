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
        let project = try Project.load(layoutsDirectory: try options.settings().layouts)
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
        let layouts = try options.settings().layouts
        let project = try Project.load(layoutsDirectory: layouts)
        let themeFile = layouts + "/theme.yml"
        let text = try String(decoding: FileStore.read(themeFile, what: "the theme"), as: UTF8.self)
        let names = text.split(separator: "\n").contains { $0.hasPrefix("fonts:") }
        // Checked before anything is written: a theme that names fonts is edited by hand.
        if names, project.theme.fontFiles.isEmpty {
          throw DarkroomError(
            "theme.yml already has 'fonts:'; add `files: [\(folder)]` under it, then run darkroom fonts vendor again",
            at: SourceLocation(file: themeFile, line: 1, column: 1))
        }
        let written = try FontInventory(theme: project.theme).vendor(into: layouts + "/" + folder)
        for file in written { Console.line("vendored \(file)") }
        if !names {
          try FileStore.writeAtomically(
            Array((text + (text.hasSuffix("\n") ? "" : "\n") + "\n# The faces text is set in, copied by darkroom fonts vendor.\nfonts:\n  files: [\(folder)]\n").utf8),
            to: themeFile)
          Console.line("theme.yml names them: fonts: { files: [\(folder)] }")
        }
        Console.line("fonts vendor: \(written.count) files in \(layouts)/\(folder)")
      }
    }
  }
}
