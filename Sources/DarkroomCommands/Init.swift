import ArgumentParser
import Darkroom
import Foundation

extension DarkroomCommand {
  /// `darkroom init`: a starter project in the current folder.
  struct Init: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Write a starter project: Layouts/theme.yml, an example layout and darkroom.yml; never overwrites a file.",
      discussion: """
        The theme has a small semantic palette in light, dark and elevated; with \
        --from xcassets PATH it reads an existing asset catalog instead, and the \
        example's accent is the catalog colour named most like one. .darkroom/ (the \
        report and cache) is added to .gitignore.
        """)

    @Option(name: .long, help: "The layouts folder to create (default: Layouts).")
    var layouts = "Layouts"

    @Option(
      name: .long, parsing: .upToNextOption,
      help: ArgumentHelp("Start the theme from an asset catalog: --from xcassets PATH.", valueName: "xcassets> <path"))
    var from: [String] = []

    @Flag(
      name: .long,
      help: "Leave the fonts where this machine installed them (default: copy the faces the example draws with into LAYOUTS/fonts, so its goldens verify on any machine).")
    var noVendorFonts = false

    func validate() throws {
      guard from.isEmpty || (from.count == 2 && from[0] == "xcassets") else {
        throw ValidationError("--from takes a format and a path: --from xcassets App/Assets.xcassets")
      }
    }

    func run() throws {
      let directory = Console.current.working.path
      let starter = try StarterProject(directory: directory, layouts: layouts, catalog: from.last)
      for notice in starter.notices { Console.line("init: \(notice)") }
      for path in try starter.write(to: directory, interruption: Console.current.interruption) {
        Console.line(path == ".gitignore" ? "added \(StarterProject.ignoredFolder) to .gitignore" : "created \(path)")
      }
      if !noVendorFonts {
        // The files are written by now: a face that cannot be copied is a warning, and
        // the project draws with the machine's faces.
        do {
          let project = try Project.load(layoutsDirectory: layouts, from: Console.current.working)
          let vendored = try FontInventory.vendor(
            project, into: "fonts", projectFolder: .current(), interruption: Console.current.interruption)
          Console.line(
            "copied the \(vendored.faces) font files the example draws with\(vendored.written.count > vendored.faces ? ", with their licences," : "") into \(layouts)/fonts (--no-vendor-fonts leaves them out)")
        } catch {
          Console.report(Diagnostic(.warning, "the fonts stay where this machine installed them: \(error.message)"))
        }
      }
      Console.line("next: darkroom record   # draw every layout in every mode into Golden/")
      Console.line("      darkroom verify   # compare them with Golden/ and write .darkroom/report/index.html")
    }
  }
}
