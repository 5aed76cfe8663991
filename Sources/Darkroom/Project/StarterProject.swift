import DarkroomFoundation
import DarkroomRaster
import DarkroomRendering
import Foundation

/// The project `darkroom init` writes: a theme with a small semantic palette in
/// light, dark and elevated, one example screen, and `darkroom.yml` — or a theme
/// that reads an app's existing asset catalog.
///
/// Everything is checked before anything is written: the files it would write must
/// not exist, the catalog must load, and the starter theme and layout must parse,
/// so `darkroom record` and `darkroom verify` work on what it leaves.
public struct StarterProject: Sendable {
  /// A file to write, relative to the project folder.
  public struct File: Sendable, Equatable {
    /// The path, relative to the project folder.
    public let path: String
    /// The contents.
    public let text: String
  }

  /// The files, in the order they are written.
  public let files: [File]
  /// What the starter chose where the input did not say, one line each (a catalog
  /// with no usable accent, and the accent taken instead): `init` prints them.
  public let notices: [String]
  /// The layouts folder, relative to the project folder.
  public let layouts: String

  /// The folder `.gitignore` gains a line for: every run's report and cache.
  public static let ignoredFolder = ".darkroom/"

  /// The starter project for the folder `directory` (an absolute path), with its layouts in `layouts`
  /// and, when `catalog` is given (a path relative to `directory`, or absolute),
  /// a theme that reads that asset catalog.
  ///
  /// - Throws: ``/DarkroomFoundation/DarkroomError`` for a file that exists already, a layouts folder
  ///   with other files in it, or a catalog that does not load.
  public init(directory: String, layouts: String = "Layouts", catalog: String? = nil) throws(DarkroomError) {
    self.layouts = layouts
    var theme = Self.starterTheme
    // The theme as it is checked: a catalog by its absolute path, as the layouts
    // folder its relative path starts from may not exist yet.
    var checked = theme
    var names = OwnColours.usual
    var notices: [String] = []
    var systemTint = false
    if let catalog {
      let working = WorkingFolder(directory)
      let full = ProjectFolder.lexical(Self.path(catalog, in: directory), from: working)
      let folder = ProjectFolder.lexical(Self.path(layouts, in: directory), from: working)
      // The theme reads the catalog on every run, and a run reads nothing outside
      // the project: a catalog elsewhere would make the first record fail.
      let boundary = InputBoundary.project(containing: folder, from: working)
      do {
        try boundary.check(full, from: working)
      } catch {
        throw DarkroomError(
          "\(error.message); the theme reads the catalog on every run, so it must be inside the project: run darkroom init in a folder that holds it",
          file: catalog)
      }
      let made = try Self.theme(readingCatalog: full, within: boundary, themeFile: layouts + "/theme.yml")
      names = made.names
      notices += made.notices
      systemTint = made.systemTint
      theme = made.text(Self.relativePath(from: folder, to: full))
      checked = made.text(full)
    }
    self.notices = notices
    files = [
      File(path: layouts + "/theme.yml", text: theme),
      File(path: layouts + "/welcome.yml", text: Self.welcome(overCatalog: catalog != nil, names: names, systemTint: systemTint)),
      File(path: "darkroom.yml", text: Self.config(layouts: layouts)),
    ]
    for file in files {
      let full = Self.path(file.path, in: directory)
      if FileManager.default.fileExists(atPath: full) {
        throw DarkroomError("exists already; darkroom init never overwrites a file", file: file.path)
      }
    }
    let folder = Self.path(layouts, in: directory)
    if let existing = try? FileManager.default.contentsOfDirectory(atPath: folder), !existing.isEmpty {
      throw DarkroomError(
        "the layouts folder exists and is not empty; choose another with --layouts", file: layouts)
    }
    try check(theme: checked, directory: directory)
  }

  /// Where `path` is: itself when absolute (`--layouts /work/Design`, which was
  /// written under the folder as `work/Design`), else inside `directory`.
  static func path(_ path: String, in directory: String) -> String {
    path.hasPrefix("/") ? path : (directory as NSString).appendingPathComponent(path)
  }

  /// Writes the files and adds `.darkroom/` to `.gitignore` (creating it when there
  /// is none); returns the paths written or changed, relative to `directory` (an
  /// absolute path).
  public func write(to directory: String, interruption: Interruption) throws(DarkroomError) -> [String] {
    let working = WorkingFolder(directory)
    // The .gitignore is read first: what can fail does so before anything is written.
    let ignore = (directory as NSString).appendingPathComponent(".gitignore")
    var bytes: [UInt8] = []
    do {
      bytes = try FileStore.readIfPresent(ignore, from: working, limit: FileStore.maximumTextBytes) ?? []
    } catch {
      // Named as the other files are, relative to the project.
      throw DarkroomError(error.message, file: ".gitignore")
    }
    guard let existing = String(validating: bytes, as: UTF8.self) else {
      throw DarkroomError("cannot add .darkroom/ to it: the file is not UTF-8 text", file: ".gitignore")
    }
    // Every file is checked to be replaceable (a regular file or nothing, never a
    // link or a folder), and to be reached through no link that leads out of the
    // folder init runs in (a `Layouts` linked elsewhere; `--layouts ../design`
    // names its folder as text and is the caller's), before the first is written:
    // init writes all or nothing.
    let project = ProjectFolder(root: directory, working: working)
    for path in files.map(\.path) + [".gitignore"] {
      let full = Self.path(path, in: directory)
      do {
        try FileStore.checkReplaceable(full, from: working)
      } catch {
        throw DarkroomError(error.message, file: path)
      }
      try project.checkDestination(full, what: "to write", given: true)
    }
    var written: [String] = []
    for file in files {
      try FileStore.writeAtomically(
        Array(file.text.utf8), to: Self.path(file.path, in: directory), from: working, interruption: interruption)
      written.append(file.path)
    }
    let lines = existing.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    if !lines.contains(Self.ignoredFolder) && !lines.contains(".darkroom") {
      let separator = existing.isEmpty || existing.hasSuffix("\n") ? "" : "\n"
      try FileStore.writeAtomically(
        Array((existing + separator + Self.ignoredFolder + "\n").utf8), to: ignore, from: working,
        interruption: interruption)
      written.append(".gitignore")
    }
    return written
  }

  /// Parses the theme and the layout as `darkroom verify` would, so a starter that
  /// does not load is a bug found here rather than in the user's first run.
  private func check(theme text: String, directory: String) throws(DarkroomError) {
    let theme = try Theme.parse(text, file: files[0].path)
    let layout = try LayoutParser().parse(files[1].text, file: files[1].path, name: "welcome")
    try layout.check(against: theme)
  }

  // MARK: The files

  private static func config(layouts: String) -> String {
    """
    # Darkroom's defaults for this project; a command's flags override them.
    layouts: '\(layouts.replacingOccurrences(of: "'", with: "''"))'
    golden: Golden
    report: .darkroom/report

    """
  }

  static let starterTheme = """
    # The colours your layouts name, resolved in every mode.

    # Raw colours by name. Layouts name semantic colours instead (darkroom lint warns
    # when one names a palette colour), so that each mode can pick its own.
    palette:
      ink: "#1b1d24"
      paper: "#ffffff"
      mist: "#f2f3f7"
      slate: "#676c7c"
      night: "#000000"
      nightRaised: "#1c1d22"
      nightSurface: "#26272e"
      nightRaisedSurface: "#32343d"
      moon: "#f2f2f5"
      fog: "#9a9eac"
      blue: "#3c64f4"
      blueNight: "#6d8bff"

    # Semantic colours: one value per appearance. `any` applies unless a more
    # specific variant does; `dark` in dark mode; `dark-elevated` to content
    # presented over other content (a sheet, an alert), which iOS draws a step
    # lighter. Functions of other colours (darken, lighten, alpha, mix) stay dynamic.
    colors:
      background: { any: paper, dark: night, dark-elevated: nightRaised }
      surface: { any: mist, dark: nightSurface, dark-elevated: nightRaisedSurface }
      primaryText: { any: ink, dark: moon }
      secondaryText: { any: slate, dark: fog }
      accent: { any: blue, dark: blueNight }
      onAccent: { any: white, dark: black }
      accentBorder: darken(accent, 0.2)
      accentLip: darken(accent, 0.35)

    # The modes every layout is drawn in, each a set of traits; each mode is a
    # golden, Golden/<layout>/<mode>.png.
    modes:
      light: {}
      dark: { style: dark }
      elevated: { style: dark, level: elevated }

    """

  /// The example screen: a label, a cell and a lipped button, in the starter
  /// theme's colours, or (over a catalog) in UIKit's and the `accent` alias.
  ///
  /// Over UIKit's own tint the button's title is white, as UIKit's filled buttons
  /// draw it, and bold, so at 17 points it is large text to WCAG, whose 3:1 UIKit's
  /// white on its blue (4.02:1) reaches.
  static func welcome(overCatalog: Bool, names: OwnColours = .usual, systemTint: Bool = false) -> String {
    let note =
      overCatalog
      ? "# Its text and backgrounds are UIKit's system colours; `\(names.accent)` is the theme's\n# alias for a colour of your catalog.\n"
      : ""
    let cellColors =
      overCatalog
      ? "subtitleColor: \(names.secondaryText), iconColor: \(names.accent)"
      : "fill: surface, titleColor: primaryText,\n                subtitleColor: secondaryText, iconColor: accent"
    let button = "text: \(names.onAccent), border: \(names.accentBorder)" + (systemTint ? ", weight: bold" : "")
    let lip = overCatalog ? "lip: 4, corner: 12" : "lip: 4, lipColor: accentLip, corner: 12"
    return """
      # One screen, drawn in every mode of the theme; sizes are in points. The README
      # lists every node kind and its keys.
      \(note)size: [390, 360]
      root:
        vstack:
          spacing: 16
          padding: 20
          children:
            - label: { text: "Welcome to Darkroom", style: title2, weight: bold }
            - label: { text: "Edit this layout and the theme, then run darkroom verify.", style: body,
                       color: \(names.secondaryText), lines: 0 }
            - cell: { title: "Nightly snapshots", subtitle: "Every layout in every mode", icon: list.bullet,
                      accessory: switch, on: true, \(cellColors) }
            - button: { title: "Get started", fill: \(names.accent), \(button),
                        \(lip) }

      """
  }

  /// The names of the colours the starter theme adds over a catalog: the usual
  /// ones, or, where the catalog has a colour of that name, one it has not — the
  /// theme could not define it twice.
  struct OwnColours: Equatable {
    /// The catalog colour the example's button is filled with.
    var accent = "accent"
    /// The button's border, a step darker.
    var accentBorder = "accentBorder"
    /// The button's title: white or black, whichever the accent needs.
    var onAccent = "onAccent"
    /// The paragraph's and the cell's quieter text.
    var secondaryText = "secondaryText"

    /// The names of a starter without a catalog, and of one whose catalog takes none of them.
    static let usual = OwnColours()

    /// Each usual name, or `starter` before it (and a number after, if need be)
    /// where `taken` has it.
    init(avoiding taken: Set<String> = []) {
      func free(_ name: String) -> String {
        guard taken.contains(name) else { return name }
        let prefixed = "starter" + name.prefix(1).uppercased() + name.dropFirst()
        var candidate = prefixed, number = 2
        while taken.contains(candidate) {
          candidate = prefixed + String(number)
          number += 1
        }
        return candidate
      }
      accent = free(accent)
      accentBorder = free(accentBorder)
      onAccent = free(onAccent)
      secondaryText = free(secondaryText)
    }
  }

  /// A theme over an asset catalog, waiting for the path it names the catalog by.
  struct CatalogTheme {
    /// The names of the theme's own colours, which the example layout uses.
    let names: OwnColours
    /// The theme's text, naming the catalog by `source`.
    let text: (_ source: String) -> String
    /// What was chosen for want of the catalog's saying.
    var notices: [String] = []
    /// Whether the accent is UIKit's own tint, for want of one in the catalog.
    var systemTint = false
  }

  /// A theme whose colours are the catalog's, read on every run, with an accent
  /// alias the example layout uses, and a colour for the button's title: white
  /// where it is legible on the accent, black where the accent is too light for it
  /// (a catalog whose accent turns light in dark mode), mode by mode. The catalog
  /// is read as a run reads it, inside `boundary`; `themeFile` names the theme in
  /// messages.
  private static func theme(
    readingCatalog full: String, within boundary: InputBoundary, themeFile: String
  ) throws(DarkroomError) -> CatalogTheme {
    guard full.hasSuffix(".xcassets") else {
      throw DarkroomError("--from xcassets takes an asset catalog folder (…/Name.xcassets)", file: full)
    }
    let reader = InputReader(boundary: boundary, working: .root)
    let catalog = try Theme.load(file: full, reader: reader)
    let names = OwnColours(avoiding: Set(catalog.colorNames))
    let guess = accentGuess(in: catalog.colorOrder)
    let accent = guess ?? SystemColor.blue.name
    var notices: [String] = []
    if guess == nil {
      // Xcode's template leaves AccentColor empty: the app then draws with the system tint.
      let empty = catalog.unavailableColors.keys.sorted().first { Self.isAccentLike($0) }
      let why = empty.map { "its '\($0)' has no colour (Xcode's template leaves the system tint)" }
        ?? "it has no colour named like an accent (AccentColor, Tint, Primary, Brand)"
      notices.append(
        "the catalog has no usable accent: \(why); the example's accent is UIKit's \(accent), with a white title as on UIKit's filled buttons")
    }
    // The accent as each mode resolves it over the screen's background, from a
    // theme that names the catalog by its absolute path (the layouts folder may
    // not exist yet).
    let probe = try Theme.parse(
      catalogTheme(source: full, accent: accent, onAccent: "white", names: names), file: themeFile, reader: reader)
    var variants: [(variant: String, colour: String)] = []
    for mode in probe.modes {
      let traits = mode.traits
      let variant = traits.style == .light ? "any" : traits.level == .elevated ? "dark-elevated" : "dark"
      // A translucent background is judged over white paper, as the audit does.
      let screen = Contrast.composite(probe.resolve(.defaultBackground, in: traits), over: RGBA8(r: 255, g: 255, b: 255))
      // UIKit's own tint takes UIKit's white title, as its filled buttons draw it.
      let colour = guess == nil ? "white" : titleColour(on: Contrast.composite(probe.resolve(names.accent, in: traits), over: screen))
      if variants.last?.colour != colour { variants.append((variant, colour)) }
    }
    let onAccent =
      variants.count == 1
      ? variants[0].colour : "{ " + variants.map { "\($0.variant): \($0.colour)" }.joined(separator: ", ") + " }"
    return CatalogTheme(
      names: names, text: { source in catalogTheme(source: source, accent: accent, onAccent: onAccent, names: names) },
      notices: notices, systemTint: guess == nil)
  }

  /// White, as on UIKit's filled buttons, unless it falls below what WCAG AA asks
  /// of the example button's title over the opaque `fill` (`darkroom audit`'s
  /// threshold) and black does better — as Material's "on primary" is black over a
  /// light primary. UIKit's own blue gives black: white on it is 4.02:1.
  static func titleColour(on fill: RGBA8) -> String {
    // The example's title is a button's default: 17 pt semibold, short of WCAG's
    // bold (700), so AA asks 4.5:1 of it.
    let required = Contrast.required(size: 17, bold: false)
    let white = Contrast.ratio(RGBA8(r: 255, g: 255, b: 255), fill)
    let black = Contrast.ratio(RGBA8(r: 0, g: 0, b: 0), fill)
    return white >= required || white >= black ? "white" : "black"
  }

  /// The text of a theme over the catalog at `source`, with the starter's own
  /// colours under `names`: `accent` is the catalog colour the example fills its
  /// button with, `onAccent` the title's colour (a colour or a `{ any: …, dark: … }`
  /// value).
  private static func catalogTheme(source: String, accent: String, onAccent: String, names: OwnColours) -> String {
    """
    # The colours your layouts name, resolved in every mode. They are read from the
    # app's asset catalog on every run (light, dark and increased contrast), so the
    # snapshots follow the catalog; layouts name them as the catalog does.
    sources:
      - \(source)

    # Semantic colours of the theme's own, built on the catalog's; the example
    # layout uses `\(names.accent)`, and `\(names.onAccent)` for text on it (white, or black where
    # the accent is too light for white). Functions of colours (darken, lighten,
    # alpha, mix) stay dynamic in every mode. The example passes darkroom audit.
    colors:
      \(names.accent): \(accent)
      \(names.accentBorder): darken(\(names.accent), 0.2)
      \(names.onAccent): \(onAccent)
      # UIKit's secondary label, a step darker in light mode, where its own falls
      # below WCAG AA's 4.5:1 on white (darkroom audit).
      \(names.secondaryText): { any: "#6c6c70", dark: \(SystemColor.secondaryLabel.name) }

    # The modes every layout is drawn in, each a set of traits; each mode is a
    # golden, Golden/<layout>/<mode>.png. Asset catalogs have no elevated level:
    # there, the catalog's dark values apply and UIKit's system colours lighten.
    modes:
      light: {}
      dark: { style: dark }
      elevated: { style: dark, level: elevated }

    """
  }

  /// The words a colour named like an app's accent holds, in the order they are tried.
  private static let accentHints = ["accent", "tint", "primary", "brand", "key"]

  /// Whether `name` is named like an accent.
  static func isAccentLike(_ name: String) -> Bool {
    let last = (name.split(separator: "/").last ?? "").lowercased()
    return accentHints.contains { last.contains($0) }
  }

  /// The catalog colour most likely to be the app's accent: one named like an
  /// accent; nil when none is (a text colour such as `label` is no accent), and the
  /// starter takes UIKit's tint, saying so.
  static func accentGuess(in names: [String]) -> String? {
    for hint in accentHints {
      if let name = names.first(where: { ($0.split(separator: "/").last ?? "").lowercased().contains(hint) }) {
        return name
      }
    }
    return nil
  }

  /// `to` written relative to the folder `from` (both absolute).
  static func relativePath(from: String, to: String) -> String {
    let base = from.split(separator: "/"), target = to.split(separator: "/")
    var common = 0
    while common < base.count, common < target.count, base[common] == target[common] { common += 1 }
    let up = Array(repeating: "..", count: base.count - common)
    let parts = up + target[common...].map(String.init)
    return parts.isEmpty ? "." : parts.joined(separator: "/")
  }
}
