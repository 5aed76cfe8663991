import DarkroomRaster
import Foundation

/// A folder of layouts and the theme beside them, loaded and checked.
///
/// Loading reads and checks every file before anything is rendered, so bad input is
/// reported before a single file is written.
public struct Project: Sendable {
  /// The folder the layouts were read from.
  public let directory: String
  /// The theme (`theme.yml` in the folder).
  public let theme: Theme
  /// The layouts (every other `.yml` file), sorted by name.
  public let layouts: [Layout]

  /// Loads `theme.yml` and every other `.yml` file of a folder.
  ///
  /// - Throws: ``DarkroomError`` for a missing folder or theme, a folder with no
  ///   layouts, or the first problem in any file.
  public static func load(layoutsDirectory directory: String) throws(DarkroomError) -> Project {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
      throw DarkroomError("no layouts folder at '\(directory)'", file: directory)
    }
    let themeFile = (directory as NSString).appendingPathComponent("theme.yml")
    guard FileManager.default.fileExists(atPath: themeFile) else {
      throw DarkroomError("the layouts folder has no theme.yml", file: directory)
    }
    let theme = try Theme.load(file: themeFile)
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: directory)
        .filter { $0.hasSuffix(".yml") && $0 != "theme.yml" && !$0.hasPrefix(".") }
        .sorted()
    } catch {
      throw DarkroomError("cannot list the layouts folder: \(error.localizedDescription)", file: directory)
    }
    guard !names.isEmpty else {
      throw DarkroomError("the layouts folder has no layout (.yml files besides theme.yml)", file: directory)
    }
    let parser = LayoutParser()
    var layouts: [Layout] = []
    for name in names {
      let file = (directory as NSString).appendingPathComponent(name)
      if PaletteSheet.isSheetName(String(name.dropLast(4))) {
        throw DarkroomError(
          "'\(name.dropLast(4))' is the name of a page of the theme's palette sheet; give this layout another name", file: file)
      }
      let layout = try parser.load(file: file)
      try layout.check(against: theme)
      layouts.append(layout)
    }
    // The palette sheet is a snapshot like the layouts, after them.
    layouts += PaletteSheet.layouts(for: theme, file: themeFile)
    return Project(directory: directory, theme: theme, layouts: layouts)
  }

  /// The theme's modes named in `names`, in the theme's order; every mode when nil.
  ///
  /// - Throws: ``DarkroomError`` for an unknown name, with the closest known one.
  public func modes(named names: [String]?) throws(DarkroomError) -> [Mode] {
    try theme.modes(named: names)
  }

  /// Every layout × mode pair, layouts in name order, modes in theme order.
  public func snapshots(modes: [Mode]) -> [Snapshot] {
    layouts.flatMap { layout in modes.map { Snapshot(layout: layout, mode: $0) } }
  }
}

/// One picture to take: a layout in a mode.
public struct Snapshot: Sendable {
  /// The layout.
  public let layout: Layout
  /// The mode.
  public let mode: Mode

  /// A layout in one mode.
  public init(layout: Layout, mode: Mode) {
    self.layout = layout
    self.mode = mode
  }

  /// Whether the contrast audit reads its labels: not on the palette sheet, whose
  /// labels show pairs as they are, readable or not.
  public var isAudited: Bool { !PaletteSheet.isSheet(layout) }

  /// `layout/mode`, the snapshot's name and its path under a golden folder.
  public var name: String { "\(layout.name)/\(mode.name)" }

  /// Lays out the snapshot: its draw commands in this mode.
  public func displayList(theme: Theme) throws(DarkroomError) -> DisplayList {
    try LayoutEngine(theme: theme, traits: mode.traits).displayList(for: layout)
  }

  /// Lays out and rasterizes the snapshot.
  public func render(theme: Theme) throws -> PixelBuffer {
    try Renderer.render(try displayList(theme: theme))
  }
}
