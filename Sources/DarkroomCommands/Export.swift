import ArgumentParser
import Darkroom

extension DarkroomCommand {
  /// `darkroom export xcassets`: the theme's colours as an Xcode asset catalog.
  struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Write the theme's semantic colours as an Xcode asset catalog, so the theme file can be the single source of truth.",
      discussion: """
        Each colour becomes a colour set with its light, dark and increased-contrast \
        values (derived colours as the values they resolve to). Asset catalogs have no \
        elevated level: colours that differ there are listed, and their base values written. \
        A catalog is replaced only if darkroom export wrote it.
        """)

    /// The formats `export` writes.
    enum Format: String, ExpressibleByArgument, CaseIterable, Sendable {
      case xcassets
    }

    @OptionGroup var options: ProjectOptions

    @Argument(help: "What to write: xcassets.")
    var format: Format

    @Option(name: .long, help: "The theme file (default: theme.yml in the layouts folder).")
    var theme: String?

    @Option(name: .long, help: "The catalog folder to write.")
    var out = "Theme.xcassets"

    func run() throws {
      let file = options.themeFile(theme, try options.settings())
      try ProjectFolder.current().checkDestination(out, what: "the catalog folder", given: true)
      let working = Console.current.working
      let loaded = try Theme.load(file: file, reader: InputReader(boundary: nil, working: working))
      let result = try AssetCatalogWriter.write(loaded, to: out, from: working, interruption: Console.current.interruption)
      for name in result.notRepresentable {
        Console.report(
          Diagnostic(
            .warning, "'\(name)' differs at the elevated level, which asset catalogs cannot hold; its base values are written",
            file: file))
      }
      Console.line("export: \(result.colorSets.count) colour sets written to \(out)")
    }
  }
}
