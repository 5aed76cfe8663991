import DarkroomFoundation

/// What a colour source defined and what it left out, with where and why:
/// `darkroom palette` lists it, so a team sees which of its Swift colours Darkroom
/// read and which it did not guess.
public struct ColorSourceReport: Sendable, Equatable {
  /// One colour of the source.
  public struct Entry: Sendable, Equatable {
    /// Its name in the theme (`IceCubeDark.tintColor`).
    public let name: String
    /// Where it is defined.
    public let location: SourceLocation
    /// What it was read as (`srgb(0.733, 0.231, 0.886)`), or why it was skipped.
    public let note: String
  }

  /// The source as the theme names it.
  public let source: String
  /// The colours read, in the source's order.
  public var defined: [Entry] = []
  /// The colours not read, with why.
  public var skipped: [Entry] = []

  /// A report of `source`, empty so far.
  public init(source: String) { self.source = source }
}
