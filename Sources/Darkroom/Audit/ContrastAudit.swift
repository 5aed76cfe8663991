import DarkroomRaster
/// One label checked in one snapshot: its colour against the pixels actually behind
/// it.
public struct ContrastCheck: Sendable, Equatable {
  /// `layout/mode`.
  public let snapshot: String
  /// The label's text.
  public let text: String
  /// Where its baseline starts, in points.
  public let origin: Point
  /// Its size in points.
  public let size: Double
  /// Whether it is set in bold (which makes 14 points large text).
  public let bold: Bool
  /// The text colour as seen: composited over the background when translucent.
  public let foreground: RGBA8
  /// The background pixel that gives the lowest ratio.
  public let background: RGBA8
  /// The lowest contrast ratio over the pixels behind the text.
  public let ratio: Double
  /// What the text needs: 4.5, or 3 for large text.
  public let required: Double

  /// Whether the label is readable enough.
  public var passes: Bool { ratio >= required }

  /// One line for a terminal or a log.
  public var description: String {
    let where_ = DisplayList.number(origin.x) + "," + DisplayList.number(origin.y)
    let measured = String(format3(ratio)) + ":1"
    let verdict = passes ? "ok" : "FAIL"
    return verdict + " " + snapshot + ": \"" + Quoted.text(text, limit: nil) + "\" at " + where_ + " ("
      + DisplayList.number(size) + " pt"
      + (bold ? " bold" : "") + "): " + measured + (passes ? " ≥ " : " < ") + DisplayList.number(required) + ":1, "
      + foreground.hex + " on " + background.hex
  }
}

/// Three decimals, the precision WCAG ratios are quoted with.
func format3(_ v: Double) -> String {
  let thousandths = Int((v * 1000).rounded())
  let fraction = String(thousandths % 1000)
  return String(thousandths / 1000) + "." + String(repeating: "0", count: 3 - fraction.count) + fraction
}

/// Checks the contrast of every label of a display list against what is drawn
/// behind it.
///
/// The snapshot is rendered once without its text, and each label's colour is
/// compared with every pixel under the label's line box (the text's width, from the
/// ascent to the descent), translucent text composited over each. The lowest ratio
/// counts, so a label over a gradient or an image is judged where it is hardest to
/// read.
public enum ContrastAudit {
  /// The checks of every label in `list`, in drawing order.
  public static func check(
    _ list: DisplayList, snapshot: String, context: RenderContext = RenderContext()
  ) throws -> [ContrastCheck] {
    var texts: [(line: TextLine, origin: Point, color: RGBA8)] = []
    let backdrop = DisplayList(
      width: list.width, height: list.height, scale: list.scale, background: list.background,
      commands: withoutText(list.commands, opacity: 1, collecting: &texts))
    let pixels = try Renderer.render(backdrop, context: context)
    let s = list.scale
    var checks: [ContrastCheck] = []
    for text in texts {
      // The pixels whose centres are inside the line box: a neighbour that only
      // touches the box's edge is not behind the text.
      let left = max(0, Int((text.origin.x * s).rounded()))
      let right = min(pixels.width, Int(((text.origin.x + text.line.width) * s).rounded()))
      let top = max(0, Int(((text.origin.y - text.line.ascent) * s).rounded()))
      let bottom = min(pixels.height, Int(((text.origin.y + text.line.descent) * s).rounded()))
      guard left < right, top < bottom else { continue }
      var worst = (ratio: Double.infinity, foreground: text.color, background: list.background)
      var seen: Set<UInt32> = []
      var previous: UInt32? = nil
      for y in top..<bottom {
        for x in left..<right {
          let p = pixels[x, y]
          // Most pixels repeat, mostly their left neighbour; each background colour
          // is judged once.
          let packed = UInt32(p.r) | UInt32(p.g) << 8 | UInt32(p.b) << 16 | UInt32(p.a) << 24
          guard packed != previous else { continue }
          previous = packed
          guard seen.insert(packed).inserted else { continue }
          // A transparent canvas is judged as if over white paper.
          let background = Contrast.composite(p.straight, over: RGBA8(r: 255, g: 255, b: 255))
          let foreground = Contrast.composite(text.color, over: background)
          let ratio = Contrast.ratio(foreground, background)
          if ratio < worst.ratio { worst = (ratio, foreground, background) }
        }
      }
      // WCAG's bold is 700 and heavier: Inter Bold, ExtraBold and Black.
      let bold = FontWeight.allCases.filter { $0 >= .bold }.contains { text.line.face.path.hasSuffix("/" + $0.fileName) }
      checks.append(
        ContrastCheck(
          snapshot: snapshot, text: text.line.text, origin: text.origin, size: text.line.size, bold: bold,
          foreground: worst.foreground, background: worst.background, ratio: worst.ratio,
          required: Contrast.required(size: text.line.size, bold: bold)))
    }
    return checks
  }

  /// The commands with every text taken out (and collected, its colour's alpha
  /// multiplied by the opacity of the groups it is in).
  private static func withoutText(
    _ commands: [DisplayList.Command], opacity: Double,
    collecting texts: inout [(line: TextLine, origin: Point, color: RGBA8)]
  ) -> [DisplayList.Command] {
    var kept: [DisplayList.Command] = []
    for command in commands {
      switch command {
      case .text(let line, let origin, let color):
        var seen = color
        seen.a = UInt8((Double(color.a) * opacity).rounded())
        texts.append((line, origin, seen))
      case .group(let clip, let groupOpacity, let children):
        let inner = withoutText(children, opacity: opacity * groupOpacity, collecting: &texts)
        kept.append(.group(clip: clip, opacity: groupOpacity, commands: inner))
      default:
        kept.append(command)
      }
    }
    return kept
  }
}
