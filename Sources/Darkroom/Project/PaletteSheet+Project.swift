import DarkroomFoundation
import DarkroomRendering

extension PaletteSheet {
  /// A project of the palette sheet alone, for the theme in `themeFile` (relative:
  /// inside `working`).
  ///
  /// - Throws: ``/DarkroomFoundation/DarkroomError`` for a bad theme, or one with no semantic colours.
  public static func project(themeFile: String, from working: WorkingFolder) throws(DarkroomError) -> Project {
    let folder = FileStore.parent(of: themeFile)
    let boundary = InputBoundary.project(containing: folder.isEmpty ? "." : folder, from: working)
    let theme = try Theme.load(file: themeFile, reader: InputReader(boundary: boundary, working: working))
    let pages = layouts(for: theme, file: themeFile)
    guard !pages.isEmpty else {
      throw DarkroomError("the theme has no semantic colours to show", file: themeFile)
    }
    return Project(
      directory: folder, working: working, theme: theme, layouts: pages, screenshots: nil, inputs: nil)
  }
}
