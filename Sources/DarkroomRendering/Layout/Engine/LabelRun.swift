import DarkroomFoundation

/// A stretch of a label's text and the style it is drawn in.
struct LabelRun {
  /// The characters, Markdown's marks left out.
  var text: String
  var weight: FontWeight
  var italic: Bool
  var monospaced: Bool
  var underline: Bool
  var strikethrough: Bool
  /// Its colour: the run's, the label's, or the label's tint for a link.
  var color: ColorExpression

  /// A copy with the fields `change` sets.
  func with(_ change: (inout LabelRun) -> Void) -> LabelRun {
    var copy = self
    change(&copy)
    return copy
  }
}
