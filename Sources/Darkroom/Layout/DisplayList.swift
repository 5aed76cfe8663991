/// What a layout looks like in one mode: concrete drawing instructions in points,
/// with every colour resolved. The rasterizer needs nothing else.
///
/// Its ``description`` is a stable text form, one command a line, for tests and for
/// reading what a layout turned into.
public struct DisplayList: Sendable, CustomStringConvertible {
  /// One drawing instruction.
  public enum Command: Sendable {
    /// Fill a rectangle with rounded corners.
    case fill(Rect, corner: Double, color: RGBA8)
    /// Draw a border of `width` inside a rounded rectangle's edge.
    case border(Rect, corner: Double, width: Double, color: RGBA8)
    /// Draw a line of text with its baseline starting at `origin`.
    case text(TextLine, origin: Point, color: RGBA8)
  }

  /// Width in points.
  public let width: Double
  /// Height in points.
  public let height: Double
  /// Pixels per point.
  public let scale: Double
  /// The colour behind everything.
  public let background: RGBA8
  /// The instructions, back to front.
  public let commands: [Command]

  /// The width in whole pixels.
  public var pixelWidth: Int { Int((width * scale).rounded()) }
  /// The height in whole pixels.
  public var pixelHeight: Int { Int((height * scale).rounded()) }

  /// One line per command, numbers with at most two decimals.
  public var description: String {
    func n(_ v: Double) -> String {
      let r = (v * 100).rounded() / 100
      return r == r.rounded() ? String(Int(r)) : String(r)
    }
    func rect(_ r: Rect) -> String { "\(n(r.x)),\(n(r.y)) \(n(r.width))×\(n(r.height))" }
    var lines = ["canvas \(n(width))×\(n(height)) @\(n(scale))x \(background.hex)"]
    for command in commands {
      switch command {
      case .fill(let r, let corner, let color):
        lines.append("fill \(rect(r)) corner \(n(corner)) \(color.hex)")
      case .border(let r, let corner, let width, let color):
        lines.append("border \(rect(r)) corner \(n(corner)) width \(n(width)) \(color.hex)")
      case .text(let line, let origin, let color):
        lines.append("text \"\(line.text)\" \(n(line.size))pt at \(n(origin.x)),\(n(origin.y)) \(color.hex)")
      }
    }
    return lines.joined(separator: "\n")
  }
}
