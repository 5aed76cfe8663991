import DarkroomFoundation
import DarkroomRaster

/// The texts and fills a layout pass drew, with where they come from
/// (``DrawingSources``). Shared by the engine's copies, as the warnings are.
final class DrawingSourceLog {
  private var texts: [DrawingSources.Text] = []
  private var fills: [DrawingSources.Fill] = []

  /// A line of text drawn with its baseline at `origin`, by a node written at
  /// `location`, in the colour named `colour`.
  func text(_ text: String, at origin: Point, written location: SourceLocation, colour: String?) {
    texts.append(
      DrawingSources.Text(text: text, origin: origin, location: location, colour: colour, fillsBefore: fills.count))
  }

  /// A fill of `frame` with `value`, a colour named `colour`.
  func fill(_ frame: Rect, colour: String?, _ value: RGBA8) {
    fills.append(DrawingSources.Fill(frame: frame, colour: colour, value: value))
  }

  /// What was logged, with the name of the colour behind everything.
  func sources(background: String?) -> DrawingSources {
    DrawingSources(texts: texts, fills: fills, background: background)
  }
}

extension LayoutEngine {
  /// How the audit names `expression` (``DrawingSources/name(of:theme:)``).
  func colourName(_ expression: ColorExpression) -> String? { DrawingSources.name(of: expression, theme: theme) }
}
