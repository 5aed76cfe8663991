/// An image chosen for one mode: the file it comes from. Its pixels are decoded
/// and scaled when the display list is drawn, so a display list stays small.
public struct ResolvedImage: Sendable {
  /// The name the layout used.
  public let name: String
  /// The file's name as written in the theme.
  public let file: String
  /// The checked file: its size, and the hash its pixels are known by.
  public let image: ImageFile
}
