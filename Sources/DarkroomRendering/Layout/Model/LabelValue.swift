import DarkroomFoundation

/// Text a label computes in the mode being drawn.
package enum LabelValue: Sendable {
  /// The colour's hex value, with its alpha when not opaque.
  case hex(ColorExpression)
  /// Which variant of a semantic colour applies, and what it is made of.
  case variant(String)
  /// A title followed by the name of the brand theme being drawn, if it is one
  /// (`Palette · sunset`).
  case titled(String)
  /// The WCAG contrast ratio of a foreground on a background, with AA / AAA marks.
  case contrast(foreground: ColorExpression, background: ColorExpression)
}
