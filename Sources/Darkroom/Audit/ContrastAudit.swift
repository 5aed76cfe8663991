import DarkroomFoundation
import DarkroomRaster
import DarkroomRendering
/// One label checked in one snapshot: its colour against the pixels actually behind
/// it, where it shows.
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
  /// Where the node that drew the text is written, when the drawing says.
  public var location: SourceLocation? = nil
  /// The text colour's name as written (`` `secondaryText` ``, ``UIKit's `secondaryLabel` ``);
  /// nil for a hex value.
  public var foregroundName: String? = nil
  /// The name of the colour filled behind the text where it is hardest to read,
  /// when that pixel is exactly a named fill's colour (or the layout's background).
  public var backgroundName: String? = nil

  /// Whether the label is readable enough.
  public var passes: Bool { ratio >= required }

  /// The text colour as the audit names it: its name, else its hex value.
  public var foregroundLabel: String { foregroundName ?? foreground.hex }
  /// The background as the audit names it: its name, else its hex value.
  public var backgroundLabel: String { backgroundName ?? background.hex }

  /// One line for a terminal, a log or the report: where the label is written, the
  /// snapshot, the text, position and size, the ratio against what it needs, and
  /// the colours by name and value.
  /// `Layouts/feed.yml:9:11: feed/light: "3d" at 331,52.5 (13 pt): 3.439:1 < 4.5:1, UIKit's `secondaryLabel` #8a8a8e on `background` #ffffff`
  public var description: String {
    let where_ = DisplayList.number(origin.x) + "," + DisplayList.number(origin.y)
    let measured = String(format3(ratio)) + ":1"
    func colour(_ name: String?, _ value: RGBA8) -> String { name.map { $0 + " " + value.hex } ?? value.hex }
    return (location.map { "\($0): " } ?? "") + snapshot + ": \"" + Quoted.text(text, limit: nil) + "\" at " + where_ + " ("
      + DisplayList.number(size) + " pt"
      + (bold ? " bold" : "") + "): " + measured + (passes ? " ≥ " : " < ") + DisplayList.number(required) + ":1, "
      + colour(foregroundName, foreground) + " on " + colour(backgroundName, background)
  }
}

/// Checks the contrast of every label of a display list against what is drawn
/// behind it, where the label shows.
///
/// The snapshot is rendered once without its text, and each label's colour is
/// compared with every pixel under the label's line box (the text's width, from the
/// ascent to the descent) that a person sees the text at, translucent text
/// composited over each. The lowest ratio counts, so a label over a gradient or an
/// image is judged where it is hardest to read. A pixel is not seen when it lies
/// outside the canvas or the containers that clip the text, or when something drawn
/// later covers it: an opaque fill (a bar's own background, a sheet, a card, the
/// home indicator) or a material's blur (a bar over content). Text seen nowhere —
/// hidden under a bar, below the screen — is not judged at all.
public enum ContrastAudit {
  /// The checks of every label in `list` that shows, in drawing order.
  public static func check(
    _ list: DisplayList, snapshot: String, context: RenderContext = RenderContext()
  ) throws -> [ContrastCheck] {
    let s = list.scale
    let canvas = PixelRect(left: 0, top: 0, right: list.pixelWidth, bottom: list.pixelHeight)
    var walk = Walk(scale: s, canvas: canvas)
    let backdrop = DisplayList(
      width: list.width, height: list.height, scale: list.scale, background: list.background,
      commands: walk.withoutText(list.commands))
    let pixels = try Renderer.render(backdrop, context: context)
    let sources = Sources(list.sources)
    var checks: [ContrastCheck] = []
    for text in walk.texts {
      // The pixels whose centres are inside the line box: a neighbour that only
      // touches the box's edge is not behind the text.
      let box = PixelRect(
        left: max(0, Int((text.origin.x * s).rounded())),
        top: max(0, Int(((text.origin.y - text.line.ascent) * s).rounded())),
        right: min(pixels.width, Int(((text.origin.x + text.line.width) * s).rounded())),
        bottom: min(pixels.height, Int(((text.origin.y + text.line.descent) * s).rounded())))
      guard !box.isEmpty else { continue }
      let hidden = walk.covers[text.coversAfter...].filter { $0.intersects(box) }
      var worst: (ratio: Double, foreground: RGBA8, background: RGBA8, x: Int, y: Int)? = nil
      var seen: Set<UInt32> = []
      var previous: UInt32? = nil
      for y in box.y..<box.bottom {
        for x in box.x..<box.right {
          guard Self.shows(x, y, clips: text.clips, hidden: hidden) else { continue }
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
          if ratio < worst?.ratio ?? .infinity { worst = (ratio, foreground, background, x, y) }
        }
      }
      // Seen nowhere: nothing to judge.
      guard let worst else { continue }
      // WCAG's bold is 700 and heavier: Inter Bold, ExtraBold and Black.
      let bold = FontWeight.allCases.filter { $0 >= .bold }.contains { text.line.face.path.hasSuffix("/" + $0.fileName) }
      let source = sources.text(text.line.text, at: text.origin)
      let behind = Point(x: (Double(worst.x) + 0.5) / s, y: (Double(worst.y) + 0.5) / s)
      checks.append(
        ContrastCheck(
          snapshot: snapshot, text: text.line.text, origin: text.origin, size: text.line.size, bold: bold,
          foreground: worst.foreground, background: worst.background, ratio: worst.ratio,
          required: Contrast.required(size: text.line.size, bold: bold), location: source?.location,
          foregroundName: source?.colour,
          backgroundName: sources.fill(
            at: behind, drawn: worst.background, canvas: list.background, before: source?.fillsBefore ?? 0)))
    }
    return checks
  }

  /// Whether the pixel at column `x`, row `y` shows: inside every clip, and under
  /// none of `hidden`.
  private static func shows(_ x: Int, _ y: Int, clips: [PixelRect], hidden: [PixelRect]) -> Bool {
    for clip in clips where !(x >= clip.x && x < clip.right && y >= clip.y && y < clip.bottom) { return false }
    for cover in hidden where x >= cover.x && x < cover.right && y >= cover.y && y < cover.bottom { return false }
    return true
  }

  /// A text of the list, as the walk found it.
  private struct FoundText {
    let line: TextLine
    let origin: Point
    /// Its colour, its alpha multiplied by the opacity of the groups it is in.
    let color: RGBA8
    /// The pixels of the clips it is drawn through (those whose centres are inside
    /// each clip's rectangle).
    let clips: [PixelRect]
    /// The first of the list's covers drawn after it.
    let coversAfter: Int
  }

  /// The list walked in drawing order: its texts taken out, and what each command
  /// covers so that nothing drawn before it shows there.
  private struct Walk: DisplayListVisitor {
    let scale: Double
    let canvas: PixelRect
    /// The opacity of the groups the commands are in.
    var opacity = 1.0
    /// The pixels of the clips the commands are drawn through.
    var clips: [PixelRect] = []
    /// The commands without their text.
    var kept: [DisplayList.Command] = []
    var texts: [FoundText] = []
    /// What each covering command covers, in drawing order.
    var covers: [PixelRect] = []

    init(scale: Double, canvas: PixelRect) {
      self.scale = scale
      self.canvas = canvas
    }

    /// The commands with every text taken out and collected.
    mutating func withoutText(_ commands: [DisplayList.Command]) -> [DisplayList.Command] {
      descend(into: commands)
      return kept
    }

    mutating func text(_ line: TextLine, origin: Point, color: RGBA8, at index: Int) {
      var seen = color
      seen.a = UInt8((Double(color.a) * opacity).rounded())
      texts.append(FoundText(line: line, origin: origin, color: seen, clips: clips, coversAfter: covers.count))
    }
    mutating func fill(_ shape: RoundedRect, paint: Paint, at index: Int) {
      if paint.isOpaque && opacity >= 1 { cover(shape) }
      kept.append(.fill(shape, paint: paint))
    }
    mutating func backdropBlur(_ shape: RoundedRect, sigma: Double, at index: Int) {
      // A material: what it blurs cannot be read through it.
      cover(shape)
      kept.append(.backdropBlur(shape, sigma: sigma))
    }
    mutating func border(_ shape: RoundedRect, width: Double, dashes: [Double], color: RGBA8, at index: Int) {
      kept.append(.border(shape, width: width, dashes: dashes, color: color))
    }
    mutating func shadow(_ shape: RoundedRect, _ shadow: DisplayList.Shadow, at index: Int) {
      kept.append(.shadow(shape, shadow))
    }
    mutating func icon(_ icon: Icon, frame: Rect, lineWidth: Double, color: RGBA8, at index: Int) {
      kept.append(.icon(icon, frame: frame, lineWidth: lineWidth, color: color))
    }
    mutating func symbol(_ symbol: DisplayList.Symbol, frame: Rect, color: RGBA8, at index: Int) {
      kept.append(.symbol(symbol, frame: frame, color: color))
    }
    mutating func line(from: Point, to: Point, width: Double, color: RGBA8, at index: Int) {
      kept.append(.line(from: from, to: to, width: width, color: color))
    }
    mutating func image(_ image: ResolvedImage, frame: RoundedRect, at index: Int) {
      // An image may be transparent anywhere: it is behind text, never over it.
      kept.append(.image(image, frame: frame))
    }
    mutating func snapshot(_ list: DisplayList, frame: RoundedRect, at index: Int) {
      // A store page's device screen is drawn as it is: its labels are audited in
      // the layout's own snapshots.
      kept.append(.snapshot(list, frame: frame))
    }
    mutating func group(clip: RoundedRect?, opacity groupOpacity: Double, commands: [DisplayList.Command], at index: Int) {
      var inner = Walk(scale: scale, canvas: canvas)
      inner.opacity = opacity * groupOpacity
      inner.clips = clips + (clip.map { [pixels(inside: $0.rect)] } ?? [])
      swap(&inner.texts, &texts)
      swap(&inner.covers, &covers)
      inner.descend(into: commands)
      swap(&inner.texts, &texts)
      swap(&inner.covers, &covers)
      kept.append(.group(clip: clip, opacity: groupOpacity, commands: inner.kept))
    }

    /// The pixels whose centres are inside `rect`, in points.
    func pixels(inside rect: Rect) -> PixelRect {
      let r = rect.scaled(by: scale)
      func centre(_ v: Double) -> Int { Int(max(-1e7, min(1e7, v - 0.5)).rounded(.up)) }
      return PixelRect(left: centre(r.x), top: centre(r.y), right: centre(r.maxX), bottom: centre(r.maxY))
        .intersection(canvas)
    }

    /// Notes the pixels an opaque `shape` paints, through the clips: every pixel it
    /// touches, as a pixel its edge crosses shows its colour too (a rounded end of
    /// the home indicator is not the text's background).
    private mutating func cover(_ shape: RoundedRect) {
      let r = shape.rect.scaled(by: scale)
      guard !r.isEmpty, r.x.isFinite, r.y.isFinite, r.maxX.isFinite, r.maxY.isFinite else { return }
      func whole(_ v: Double, _ rule: FloatingPointRoundingRule) -> Int { Int(max(-1e7, min(1e7, v)).rounded(rule)) }
      var touched = PixelRect(
        left: whole(r.x, .down), top: whole(r.y, .down), right: whole(r.maxX, .up), bottom: whole(r.maxY, .up)
      ).intersection(canvas)
      for clip in clips { touched = touched.intersection(clip) }
      if !touched.isEmpty { covers.append(touched) }
    }
  }

  /// The list's sources, found by what a command draws.
  private struct Sources {
    private let texts: [Key: DrawingSources.Text]
    private let fills: [DrawingSources.Fill]
    private let background: String?

    private struct Key: Hashable {
      let text: String
      let x: UInt64
      let y: UInt64
    }

    init(_ sources: DrawingSources) {
      var texts: [Key: DrawingSources.Text] = [:]
      for text in sources.texts {
        let key = Key(text: text.text, x: text.origin.x.bitPattern, y: text.origin.y.bitPattern)
        if texts[key] == nil { texts[key] = text }
      }
      self.texts = texts
      fills = sources.fills
      background = sources.background
    }

    /// The source of the line `text` drawn at `origin`.
    func text(_ text: String, at origin: Point) -> DrawingSources.Text? {
      texts[Key(text: text, x: origin.x.bitPattern, y: origin.y.bitPattern)]
    }

    /// The name of the colour at `point`, which shows as `drawn`, under a text
    /// drawn after the first `count` fills: the topmost of those fills over the
    /// point — an opaque one only when it is that very colour (else something the
    /// sources do not name, an image or a gradient, is drawn there), a translucent
    /// one as the layer that tints what is under it —, else the canvas's
    /// background when it is that colour.
    func fill(at point: Point, drawn: RGBA8, canvas: RGBA8, before count: Int) -> String? {
      let white = RGBA8(r: 255, g: 255, b: 255)
      for fill in fills.prefix(count).reversed()
      where fill.value.a > 0 && fill.frame.x <= point.x && point.x < fill.frame.maxX && fill.frame.y <= point.y
        && point.y < fill.frame.maxY
      {
        guard fill.value.a == 255 else { return fill.colour }
        return Contrast.composite(fill.value, over: white) == drawn ? fill.colour : nil
      }
      return Contrast.composite(canvas, over: white) == drawn ? background : nil
    }
  }
}
