import DarkroomRaster

/// What a loaded project was made from, as hashes of the files read: the theme's
/// (the theme file and every source, string file and image it reads), each layout
/// file's, and the store screenshots'. A snapshot whose hashes, fonts and build are those of an earlier
/// run lays out into the same drawing (``InputKey``).
///
/// Only ``Project/load(layoutsDirectory:boundary:)`` knows them; a project made in
/// Swift has none.
public struct ProjectInputs: Sendable, Equatable {
  /// The hash of every file the theme was loaded from.
  public let theme: ContentHash
  /// The hash of each layout's file, by layout name.
  public let layouts: [String: ContentHash]
  /// The hash of every file the store screenshots were loaded from, when the
  /// project has them.
  public let screenshots: ContentHash?
}
