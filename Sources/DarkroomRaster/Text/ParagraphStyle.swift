/// How a paragraph of text is set: size, spacing, wrapping, truncation, alignment
/// and decorations. Lengths are in the caller's unit (points).
public struct ParagraphStyle: Sendable, Hashable {
  /// Where lines sit in the paragraph's width.
  public enum Alignment: String, Sendable, CaseIterable {
    /// At the start of the writing direction: left for left-to-right text, right
    /// for right-to-left.
    case leading
    /// In the middle.
    case center
    /// At the end of the writing direction.
    case trailing
    /// Filling the width by widening spaces, except on a paragraph's last line.
    case justified
  }

  /// Where text that does not fit gives way to an ellipsis.
  public enum Truncation: String, Sendable, CaseIterable {
    /// The end is cut: "A long ti…".
    case tail
    /// The middle: "A lo…title".
    case middle
    /// The start: "…ong title".
    case head
  }

  /// Size per em.
  public var size: Double
  /// Added after every character (cluster), as tracking; may be negative.
  public var letterSpacing = 0.0
  /// Baseline to baseline; nil uses the first face's recommended line height.
  public var lineHeight: Double? = nil
  /// Default: `.leading`.
  public var alignment = Alignment.leading
  /// The most lines; 0 for no limit. Default: 1, as UILabel.
  public var lines = 1
  /// Default: `.tail`.
  public var truncation = Truncation.tail
  /// The paragraph's direction; nil takes it from the first strong character.
  public var rightToLeft: Bool? = nil
  /// The direction of the interface the text sits in; when set, leading and trailing
  /// follow it rather than each paragraph's own direction, as UIKit's natural
  /// alignment does (English text in an Arabic interface aligns right). Nil: each
  /// paragraph's direction.
  public var interfaceRightToLeft: Bool? = nil
  /// Draw a line under the text.
  public var underline = false
  /// Draw a line through the text.
  public var strikethrough = false

  /// A style of the given size, other settings at their defaults.
  public init(size: Double) { self.size = size }
}

/// Faces tried in order for each character: the first that has a glyph for it
/// draws it.
public struct FontChain: Sendable {
  /// The faces, the primary one first.
  public let faces: [FontFace]

  /// A chain of faces; it must not be empty.
  public init(_ faces: [FontFace]) {
    precondition(!faces.isEmpty, "a font chain needs a face")
    self.faces = faces
  }

  /// The primary face.
  public var primary: FontFace { faces[0] }

  /// Which faces the chain holds, as numbers no other face opened by this process
  /// has: equal identities set text identically, so layouts may be shared by it.
  public var identity: [Int] { faces.map(\.serial) }

  /// The first face with a glyph for the scalar, or nil when none has one.
  func face(for scalar: Unicode.Scalar) -> FontFace? {
    faces.first { $0.covers(scalar) }
  }
}
