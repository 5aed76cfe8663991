import DarkroomFoundation
import DarkroomRaster
/// What a layout looks like in one mode: concrete drawing instructions in points,
/// with every colour and image resolved. The rasterizer needs nothing else.
///
/// Its ``description`` is a stable text form, one command a line (a group's
/// commands indented under it), for tests and for reading what a layout turned into.
public struct DisplayList: Sendable, CustomStringConvertible {
  /// One drawing instruction.
  public indirect enum Command: Sendable {
    /// Fill a rounded rectangle with a colour or gradient.
    case fill(RoundedRect, paint: Paint)
    /// Draw a border of `width` inside a rounded rectangle's edge; dashed when
    /// `dashes` is not empty (then drawn along the middle of the border).
    case border(RoundedRect, width: Double, dashes: [Double], color: RGBA8)
    /// Draw a line of text with its baseline starting at `origin`.
    case text(TextLine, origin: Point, color: RGBA8)
    /// Draw the blurred shadow of a rounded rectangle.
    case shadow(RoundedRect, Shadow)
    /// Draw a built-in icon in a square frame.
    case icon(Icon, frame: Rect, lineWidth: Double, color: RGBA8)
    /// Draw one of the project's symbols as large as fits a frame, centred, in one
    /// colour (a template image's tint).
    case symbol(Symbol, frame: Rect, color: RGBA8)
    /// Draw a straight line of `width` with round ends (an activity indicator's
    /// spoke).
    case line(from: Point, to: Point, width: Double, color: RGBA8)
    /// Draw an image scaled to cover a frame (aspect fill, overflow cut evenly),
    /// cut to the frame's rounded corners.
    case image(ResolvedImage, frame: RoundedRect)
    /// Draw commands together: through a clip, and composited at an opacity.
    case group(clip: RoundedRect?, opacity: Double, commands: [Command])
    /// Blur what is drawn so far under a rounded rectangle (within the clip) by
    /// `sigma` points: the backdrop of a material (``Material``), before its tint.
    case backdropBlur(RoundedRect, sigma: Double)
    /// Draw another display list — a device's screen on a store page — at its own
    /// size and scale, as the device shows it, then scale its pixels into a frame
    /// (the tent filter images are scaled with) cut to the frame's rounded corners.
    case snapshot(DisplayList, frame: RoundedRect)
  }

  /// A shadow with its colour resolved, in points.
  public struct Shadow: Sendable, Hashable {
    /// The shadow's colour (its alpha is the shadow's strength).
    public var color: RGBA8
    /// How far right the shadow falls.
    public var x: Double
    /// How far down the shadow falls.
    public var y: Double
    /// The blur radius, as in CSS and Figma: the Gaussian's standard deviation is
    /// half of it.
    public var blur: Double
    /// How much larger than the shape the shadow is, on every side.
    public var spread: Double
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
  /// What the layout pass warns about (characters no installed font has).
  public var warnings: [Diagnostic] = []
  /// The nodes that drew something, in drawing order, with where each was written:
  /// not needed to draw, kept to explain what changed between two lists.
  public var placements: [Placement] = []
  /// The labels whose text did not all show, for the truncation audit.
  public var truncations: [Truncation] = []
  /// The theme colours its commands were resolved from, by name (and the colours
  /// those are made of): not needed to draw, kept so an explanation names a colour
  /// only where it is drawn.
  public var colourNames: Set<String> = []
  /// Where its texts and fills come from, for the contrast audit.
  public var sources = DrawingSources()

  /// A node that drew something: its kind, its text (a label's or button's text, an
  /// icon's or image's name), its frame in points and where it was written.
  public struct Placement: Sendable {
    /// `label`, `button`, `box`, `stack`, `icon`, `image`, `divider`, `activity`.
    public var kind: String
    /// What the node shows, or empty.
    public var text: String
    /// Where it was placed, in points.
    public var frame: Rect
    /// The node's kind key in its layout file (a component's, for what it is
    /// made of).
    public var location: SourceLocation
    /// Reads the colours the node names: kept so they are read only when a summary
    /// needs them (the layout engine knows how).
    let readColours: @Sendable () -> [String: String]

    /// The colours the node names, by role (`fill`: `key`), as written.
    public var colours: [String: String] { readColours() }
  }

  /// The same list with only its text (`text: true`) or only everything else, groups
  /// kept around what is left: for timing the two parts of a scene apart. A nested
  /// screen is not text: it is kept whole with everything else.
  public func filtered(text: Bool) -> DisplayList {
    var filter = TextFilter(text: text)
    filter.descend(into: commands)
    return DisplayList(width: width, height: height, scale: scale, background: background, commands: filter.kept)
  }

  /// Keeps the text, or everything but the text.
  private struct TextFilter: DisplayListVisitor {
    let text: Bool
    var kept: [Command] = []

    private mutating func other(_ command: Command) { if !text { kept.append(command) } }

    mutating func fill(_ shape: RoundedRect, paint: Paint, at index: Int) { other(.fill(shape, paint: paint)) }
    mutating func border(_ shape: RoundedRect, width: Double, dashes: [Double], color: RGBA8, at index: Int) {
      other(.border(shape, width: width, dashes: dashes, color: color))
    }
    mutating func text(_ line: TextLine, origin: Point, color: RGBA8, at index: Int) {
      if text { kept.append(.text(line, origin: origin, color: color)) }
    }
    mutating func shadow(_ shape: RoundedRect, _ shadow: Shadow, at index: Int) { other(.shadow(shape, shadow)) }
    mutating func icon(_ icon: Icon, frame: Rect, lineWidth: Double, color: RGBA8, at index: Int) {
      other(.icon(icon, frame: frame, lineWidth: lineWidth, color: color))
    }
    mutating func symbol(_ symbol: Symbol, frame: Rect, color: RGBA8, at index: Int) {
      other(.symbol(symbol, frame: frame, color: color))
    }
    mutating func line(from: Point, to: Point, width: Double, color: RGBA8, at index: Int) {
      other(.line(from: from, to: to, width: width, color: color))
    }
    mutating func image(_ image: ResolvedImage, frame: RoundedRect, at index: Int) { other(.image(image, frame: frame)) }
    mutating func backdropBlur(_ shape: RoundedRect, sigma: Double, at index: Int) { other(.backdropBlur(shape, sigma: sigma)) }
    mutating func group(clip: RoundedRect?, opacity: Double, commands: [Command], at index: Int) {
      var inner = TextFilter(text: text)
      inner.descend(into: commands)
      if !inner.kept.isEmpty { kept.append(.group(clip: clip, opacity: opacity, commands: inner.kept)) }
    }
    mutating func snapshot(_ list: DisplayList, frame: RoundedRect, at index: Int) { other(.snapshot(list, frame: frame)) }
  }

  /// The width in whole pixels.
  public var pixelWidth: Int { Int((width * scale).rounded()) }
  /// The height in whole pixels.
  public var pixelHeight: Int { Int((height * scale).rounded()) }

  /// One line per command, numbers with at most two decimals.
  public var description: String {
    var lines = ["canvas \(Self.number(width))×\(Self.number(height)) @\(Self.number(scale))x \(background.hex)"]
    Self.describe(commands, indent: "", into: &lines)
    return lines.joined(separator: "\n")
  }

  /// A number with at most two decimals, as every text form of a drawing writes it.
  package static func number(_ v: Double) -> String {
    let r = (v * 100).rounded() / 100
    return r == r.rounded() ? String(Int(r)) : String(r)
  }

  private static func rect(_ r: Rect) -> String { "\(number(r.x)),\(number(r.y)) \(number(r.width))×\(number(r.height))" }

  private static func shape(_ s: RoundedRect) -> String {
    let r = s.radii
    let values: [Double] = [r.topLeft, r.topRight, r.bottomRight, r.bottomLeft]
    var corners: String = number(r.topLeft)
    if Set(values).count > 1 { corners = "[" + values.map(number).joined(separator: ",") + "]" }
    let curve: String = s.curve == .continuous ? " continuous" : ""
    return rect(s.rect) + " corner " + corners + curve
  }

  private static func paint(_ p: Paint) -> String {
    switch p {
    case .solid(let c): c.hex
    case .linearGradient(let g):
      gradient(g)
    }
  }

  private static func gradient(_ g: LinearGradient) -> String {
    let stops: [String] = g.stops.map { stop in stop.color.hex + "@" + number(stop.location) }
    let line: String = number(g.start.x) + "," + number(g.start.y) + "→" + number(g.end.x) + "," + number(g.end.y)
    return "gradient " + line + " " + stops.joined(separator: " ")
  }

  private static func describe(_ commands: [Command], indent: String, into lines: inout [String]) {
    var printer = Printer(indent: indent)
    printer.descend(into: commands)
    lines += printer.lines
  }

  /// One line per command; a group's and a nested screen's commands indented under it.
  private struct Printer: DisplayListVisitor {
    let indent: String
    var lines: [String] = []

    mutating func fill(_ s: RoundedRect, paint p: Paint, at index: Int) { lines.append("\(indent)fill \(shape(s)) \(paint(p))") }
    mutating func border(_ s: RoundedRect, width: Double, dashes: [Double], color: RGBA8, at index: Int) {
      let dash = dashes.isEmpty ? "" : " dash \(dashes.map(number).joined(separator: ","))"
      lines.append("\(indent)border \(shape(s)) width \(number(width))\(dash) \(color.hex)")
    }
    mutating func text(_ line: TextLine, origin: Point, color: RGBA8, at index: Int) {
      lines.append("\(indent)text \"\(line.text)\" \(number(line.size))pt at \(number(origin.x)),\(number(origin.y)) \(color.hex)")
    }
    mutating func shadow(_ s: RoundedRect, _ shadow: Shadow, at index: Int) {
      lines.append(
        "\(indent)shadow \(shape(s)) offset \(number(shadow.x)),\(number(shadow.y)) blur \(number(shadow.blur)) spread \(number(shadow.spread)) \(shadow.color.hex)")
    }
    mutating func icon(_ icon: Icon, frame: Rect, lineWidth: Double, color: RGBA8, at index: Int) {
      lines.append("\(indent)icon \(icon.rawValue) \(rect(frame)) weight \(number(lineWidth)) \(color.hex)")
    }
    mutating func symbol(_ symbol: Symbol, frame: Rect, color: RGBA8, at index: Int) {
      lines.append("\(indent)symbol \(symbol.template.name) \(symbol.design) \(rect(frame)) \(color.hex)")
    }
    mutating func line(from: Point, to: Point, width: Double, color: RGBA8, at index: Int) {
      let ends = number(from.x) + "," + number(from.y) + "→" + number(to.x) + "," + number(to.y)
      lines.append(indent + "line " + ends + " width " + number(width) + " " + color.hex)
    }
    mutating func image(_ image: ResolvedImage, frame: RoundedRect, at index: Int) {
      lines.append("\(indent)image \(image.name) \(image.file) \(image.image.width)×\(image.image.height) in \(shape(frame))")
    }
    mutating func backdropBlur(_ s: RoundedRect, sigma: Double, at index: Int) {
      lines.append("\(indent)backdrop blur \(shape(s)) sigma \(number(sigma))")
    }
    mutating func group(clip: RoundedRect?, opacity: Double, commands: [Command], at index: Int) {
      var words = ["group"]
      if let clip { words.append("clip \(shape(clip))") }
      if opacity < 1 { words.append("opacity \(number(opacity))") }
      lines.append(indent + words.joined(separator: " "))
      var inner = Printer(indent: indent + "  ")
      inner.descend(into: commands)
      lines += inner.lines
    }
    mutating func snapshot(_ list: DisplayList, frame: RoundedRect, at index: Int) {
      lines.append(
        "\(indent)snapshot \(number(list.width))×\(number(list.height)) @\(number(list.scale))x \(list.background.hex) in \(shape(frame))")
      var inner = Printer(indent: indent + "  ")
      inner.descend(into: list.commands)
      lines += inner.lines
    }
  }
}

extension DisplayList {
  /// A list of `commands` over `background`, with no warnings, placements or
  /// truncations: what is drawn without a layout pass (a page's frame, a backdrop).
  package init(width: Double, height: Double, scale: Double, background: RGBA8, commands: [Command]) {
    self.width = width
    self.height = height
    self.scale = scale
    self.background = background
    self.commands = commands
  }
}
