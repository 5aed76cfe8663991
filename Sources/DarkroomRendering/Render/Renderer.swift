import DarkroomFoundation
import DarkroomRaster

/// Rasterizes display lists.
///
/// A group drawn at an opacity is drawn on a layer of its own, composited once, so
/// its children do not show through each other. The layer covers only the group's
/// pixels (``DisplayBounds``), not the whole canvas: a disabled button's layer is
/// the button. Masks (clips, shadows) are always made over the whole canvas, and a
/// layer holds every pixel its paths touch, so the coverage of every pixel is the
/// same as if the group were drawn on a canvas-sized layer.
public enum Renderer {
  /// Draws a display list into a new pixel buffer of its pixel size, with the memos
  /// of `context` (default: a context of its own).
  ///
  /// - Throws: ``/DarkroomFoundation/DarkroomError`` when the size is outside the buffer limits, or an
  ///   image file changed on disk since the theme was loaded.
  public static func render(_ list: DisplayList, context: RenderContext = RenderContext()) throws(DarkroomError) -> PixelBuffer {
    try render(list, context: context, leavingOutCovered: true)
  }

  /// Draws a display list, leaving out what later commands cover or (only to test
  /// that leaving it out changes nothing) painting everything, and handing on the
  /// coverage of shapes already scanned or (only to test that the memo changes
  /// nothing) scanning every shape.
  static func render(
    _ list: DisplayList, context: RenderContext = RenderContext(), leavingOutCovered: Bool,
    rememberingShapes: Bool = true
  ) throws(DarkroomError) -> PixelBuffer {
    let bounds = PixelRect(left: 0, top: 0, right: list.pixelWidth, bottom: list.pixelHeight)
    let cover = Occluders(
      list.commands, clipped: false, scale: list.scale, canvas: bounds, after: [], enabled: leavingOutCovered)
    var buffer: PixelBuffer
    do {
      // What the commands paint over completely is not painted with the background
      // first (``Occluders``).
      buffer = try PixelBuffer(width: list.pixelWidth, height: list.pixelHeight, fill: list.background, skipping: cover.all)
    } catch {
      throw sizeError(list, error)
    }
    let canvas = Canvas(
      width: buffer.width, height: buffer.height, scale: list.scale, context: context,
      shapes: rememberingShapes ? context.coverage : nil)
    try draw(list.commands, into: &buffer, canvas: canvas, clip: nil, cover: cover)
    return buffer
  }

  /// What a list whose canvas cannot be made says.
  static func sizeError(_ list: DisplayList, _ error: RasterError) -> DarkroomError {
    DarkroomError("cannot draw a \(list.pixelWidth)×\(list.pixelHeight) snapshot: \(error)")
  }

  /// The whole canvas, which masks are made over, pixels per point, and the memos
  /// drawing uses.
  struct Canvas {
    let width: Int
    let height: Int
    let scale: Double
    let context: RenderContext
    /// The context's coverage memo, or none.
    let shapes: CoverageMemo?
  }

  /// Draws `commands`, leaving out what `cover` says later commands paint over.
  ///
  /// Drawing a band of the target (``digest(of:context:bandRows:)``), `bands` holds the
  /// rows each command reaches, so the band draws only those that reach it, and
  /// `scanning` the rows of the whole target, which every shape is scanned over.
  static func draw(
    _ commands: [DisplayList.Command], into buffer: inout PixelBuffer, canvas: Canvas, clip: AlphaMask?,
    cover: Occluders, bands: BandedCommands? = nil, scanning: Range<Int>? = nil
  ) throws(DarkroomError) {
    let rows = buffer.canvasBounds.top..<buffer.canvasBounds.bottom
    // The buffer is moved into the painter and back, never copied.
    var painter = Painter(
      buffer: consume buffer, canvas: canvas, clip: clip, cover: cover, bands: bands, scanning: scanning, rows: rows)
    do {
      for (index, command) in commands.enumerated() {
        if let bands, !bands.rows[index].overlaps(rows) { continue }
        try command.accept(&painter, at: index)
      }
    } catch {
      buffer = painter.buffer
      throw error
    }
    buffer = painter.buffer
  }

  /// Paints commands into a buffer: each kind as the rasterizer draws it, a group
  /// through its clip (on a layer of its own at an opacity), a nested screen at its
  /// own size, then scaled into its frame.
  private struct Painter: DisplayListVisitor {
    typealias Failure = DarkroomError
    var buffer: PixelBuffer
    let canvas: Canvas
    let clip: AlphaMask?
    let cover: Occluders
    let bands: BandedCommands?
    let scanning: Range<Int>?
    /// The canvas rows of the buffer.
    let rows: Range<Int>

    private var s: Double { canvas.scale }

    mutating func fill(_ shape: RoundedRect, paint: Paint, at index: Int) {
      let pixels = shape.scaled(by: s)
      let hidden = cover.hidden(after: index, .fill(shape, paint: paint))
      if case .solid(let color) = paint, pixels.radii.isZero, clip == nil {
        buffer.fill(pixels.rect, with: color, skipping: hidden, memo: canvas.shapes, scanningRows: scanning)
      } else {
        let (own, origin) = pixels.inOwnFrame()
        buffer.fill(
          named: ShapeName(.roundedRect, own), { path(own) }, from: origin, with: paint.scaled(by: s), clip: clip,
          skipping: hidden, memo: canvas.shapes, scanningRows: scanning)
      }
    }

    mutating func border(_ shape: RoundedRect, width: Double, dashes: [Double], color: RGBA8, at index: Int) {
      // In the shape's own frame, so a border drawn again elsewhere is scanned once.
      let (outer, origin) = shape.scaled(by: s).inOwnFrame()
      let w = min(width * s, outer.rect.width / 2, outer.rect.height / 2)
      let hidden = cover.hidden(after: index, .border(shape, width: width, dashes: dashes, color: color))
      if dashes.isEmpty {
        // A ring: the outer edge clockwise and the inner edge anticlockwise, whose
        // windings cancel inside. The inner radii shrink by the width, as
        // CALayer's border does.
        let ring = {
          var ring = path(outer)
          ring.addRoundedRect(outer.insetBy(w), reversed: true)
          return ring
        }
        buffer.fill(
          named: ShapeName(.ring, outer, [w]), ring, from: origin, with: .solid(color), clip: clip, skipping: hidden,
          memo: canvas.shapes, scanningRows: scanning)
      } else {
        let style = StrokeStyle(width: w, cap: .butt, join: .miter, dashes: dashes.map { $0 * s })
        buffer.stroke(
          named: ShapeName(.dashedRing, outer, [w] + style.dashes), { path(outer.insetBy(w / 2)) }, from: origin,
          style: style, with: .solid(color), clip: clip, skipping: hidden, memo: canvas.shapes, scanningRows: scanning)
      }
    }

    mutating func text(_ line: TextLine, origin: Point, color: RGBA8, at index: Int) {
      buffer.draw(line, baselineOrigin: origin, scale: s, with: .solid(color), clip: clip, caches: canvas.context.text)
    }

    mutating func shadow(_ shape: RoundedRect, _ shadow: DisplayList.Shadow, at index: Int) {
      let pixels = shape.scaled(by: s).insetBy(-shadow.spread * s).offsetBy(dx: shadow.x * s, dy: shadow.y * s)
      let mask = canvas.context.shadows.mask(
        named: ShapeName(.roundedRect, pixels), { path(pixels) }, sigma: shadow.blur * s / 2, width: canvas.width,
        height: canvas.height)
      buffer.fill(mask, with: .solid(shadow.color), clip: clip, skipping: cover.hidden(after: index, .shadow(shape, shadow)))
    }

    mutating func icon(_ icon: Icon, frame: Rect, lineWidth: Double, color: RGBA8, at index: Int) {
      let pixels = frame.scaled(by: s)
      let hidden = cover.hidden(after: index, .icon(icon, frame: frame, lineWidth: lineWidth, color: color))
      buffer.fill(
        named: ShapeName(
          .icon, [Double(Icon.allCases.firstIndex(of: icon) ?? -1), pixels.x, pixels.y, pixels.width, pixels.height, lineWidth]),
        { icon.outline(in: pixels, lineWidth: lineWidth) }, with: .solid(color), clip: clip, skipping: hidden,
        memo: canvas.shapes, scanningRows: scanning)
    }

    mutating func symbol(_ symbol: DisplayList.Symbol, frame: Rect, color: RGBA8, at index: Int) throws(DarkroomError) {
      try drawSymbol(symbol, in: frame, color: color, into: &buffer, canvas: canvas, clip: clip)
    }

    mutating func line(from: Point, to: Point, width: Double, color: RGBA8, at index: Int) {
      let (a, b) = (Point(x: from.x * s, y: from.y * s), Point(x: to.x * s, y: to.y * s))
      let hidden = cover.hidden(after: index, .line(from: from, to: to, width: width, color: color))
      buffer.stroke(
        named: ShapeName(.line, [a.x, a.y, b.x, b.y, width * s]),
        {
          var line = Path()
          line.move(to: a)
          line.line(to: b)
          return line
        }, style: StrokeStyle(width: width * s, cap: .round), with: .solid(color), clip: clip, skipping: hidden,
        memo: canvas.shapes, scanningRows: scanning)
    }

    mutating func image(_ image: ResolvedImage, frame: RoundedRect, at index: Int) throws(DarkroomError) {
      try drawImage(image, in: frame, into: &buffer, canvas: canvas, clip: clip)
    }

    mutating func snapshot(_ list: DisplayList, frame: RoundedRect, at index: Int) throws(DarkroomError) {
      try drawSnapshot(list, in: frame, into: &buffer, canvas: canvas, clip: clip)
    }

    mutating func backdropBlur(_ shape: RoundedRect, sigma: Double, at index: Int) {
      // The backdrop is what is drawn so far under the shape (inside a translucent
      // group's layer, what the layer holds), within the clip.
      let mask = AlphaMask(path(shape.scaled(by: s)), width: canvas.width, height: canvas.height)
      buffer.blurBackdrop(under: clip.map { $0.intersected(with: mask) } ?? mask, sigma: sigma * s)
    }

    mutating func group(clip shape: RoundedRect?, opacity: Double, commands children: [DisplayList.Command], at index: Int)
      throws(DarkroomError)
    {
      let command = DisplayList.Command.group(clip: shape, opacity: opacity, commands: children)
      // Drawn in bands, a group's clip and cover are the same in every band: made
      // in the first, and kept while they fit the bands' budget.
      let (inner, inside) = bands?.kept(index) ?? {
        var inner = clip
        if let shape {
          let mask = AlphaMask(path(shape.scaled(by: s)), width: canvas.width, height: canvas.height)
          inner = clip.map { $0.intersected(with: mask) } ?? mask
        }
        // The children are left out where the list's later commands cover them too.
        let inside = cover.children(of: index, command, children, clipped: inner != nil)
        bands?.keep(inner, inside, at: index, madeClip: shape != nil)
        return (inner, inside)
      }()
      let nested = bands?.children[index]
      if opacity >= 1 {
        try draw(children, into: &buffer, canvas: canvas, clip: inner, cover: inside, bands: nested, scanning: scanning)
        return
      }
      // Group opacity: the children are drawn together on a clear layer, which is
      // then composited once, so overlapping children do not show through each other.
      guard let area = DisplayBounds.pixels(of: children, scale: s, within: (0, 0, canvas.width, canvas.height)) else {
        return
      }
      // A band holds the layer's rows in it; its shapes are scanned over the whole
      // layer's, as they are without bands.
      let top = bands == nil ? area.top : max(area.top, rows.lowerBound)
      let bottom = bands == nil ? area.bottom : min(area.bottom, rows.upperBound)
      guard top < bottom else { return }
      var layer: PixelBuffer
      do {
        layer = try PixelBuffer(layerAt: PixelOrigin(x: area.left, y: top), width: area.right - area.left, height: bottom - top)
      } catch {
        throw DarkroomError("cannot make a layer for a group at \(opacity) opacity: \(error)")
      }
      try draw(
        children, into: &layer, canvas: canvas, clip: inner, cover: inside, bands: nested,
        scanning: bands == nil ? nil : area.top..<area.bottom)
      buffer.composite(
        layer, opacity: UInt8((min(1, max(0, opacity)) * 255).rounded()), skipping: cover.hidden(after: index, command))
    }
  }

  /// Where a picture drawn into a frame lands: the frame in pixels, its whole
  /// pixel size, and the columns and rows of it that fall on the target (only
  /// those are resampled).
  private struct FramePlacement {
    let pixels: RoundedRect
    let left: Int, top: Int, width: Int, height: Int
    let columns: Range<Int>, rows: Range<Int>

    /// Nil when no pixel of the frame falls on the target.
    init?(_ frame: RoundedRect, on buffer: PixelBuffer, scale: Double) {
      pixels = frame.scaled(by: scale)
      left = Int(pixels.rect.x.rounded())
      top = Int(pixels.rect.y.rounded())
      width = Int(pixels.rect.maxX.rounded()) - left
      height = Int(pixels.rect.maxY.rounded()) - top
      let target = buffer.canvasBounds
      // A frame wholly past an edge (pushed below the screen by large text) has no
      // columns or rows on the target: its bounds are checked before a range is made.
      let firstColumn = max(0, target.left - left), endColumn = min(width, target.right - left)
      let firstRow = max(0, target.top - top), endRow = min(height, target.bottom - top)
      guard width > 0, height > 0, firstColumn < endColumn, firstRow < endRow else { return nil }
      columns = firstColumn..<endColumn
      rows = firstRow..<endRow
    }

    /// Draws `scaled` (the part `columns` × `rows` of the picture) into `buffer`,
    /// cut to the frame's corners and to `clip`.
    func draw(_ scaled: PixelBuffer, into buffer: inout PixelBuffer, canvas: Canvas, clip: AlphaMask?) {
      var cut = clip
      if !pixels.radii.isZero {
        let corners = AlphaMask(path(pixels), width: canvas.width, height: canvas.height)
        cut = clip.map { $0.intersected(with: corners) } ?? corners
      }
      buffer.draw(scaled, atX: left + columns.lowerBound, y: top + rows.lowerBound, clip: cut)
    }
  }

  /// An image scaled to cover its frame; only the part on the target is resampled.
  private static func drawImage(
    _ image: ResolvedImage, in frame: RoundedRect, into buffer: inout PixelBuffer, canvas: Canvas, clip: AlphaMask?
  ) throws(DarkroomError) {
    guard let place = FramePlacement(frame, on: buffer, scale: canvas.scale) else { return }
    let scaled = try canvas.context.images.aspectFilled(
      image.image, width: place.width, height: place.height, columns: place.columns, rows: place.rows)
    place.draw(scaled, into: &buffer, canvas: canvas, clip: clip)
  }

  /// One of the project's symbols drawn by librsvg at the frame's pixel size, tinted,
  /// and the part on the target drawn.
  private static func drawSymbol(
    _ symbol: DisplayList.Symbol, in frame: Rect, color: RGBA8, into buffer: inout PixelBuffer, canvas: Canvas,
    clip: AlphaMask?
  ) throws(DarkroomError) {
    let shape = RoundedRect(frame, radii: CornerRadii(0))
    guard let place = FramePlacement(shape, on: buffer, scale: canvas.scale) else { return }
    var whole = try symbol.template.image(
      weight: symbol.weight, scale: symbol.scale, columns: place.width, rows: place.height, color: color)
    if symbol.mirrored { whole = whole.mirroredHorizontally() }
    let part = whole.cropped(
      x: place.columns.lowerBound, y: place.rows.lowerBound, width: place.columns.count, height: place.rows.count)
    place.draw(part, into: &buffer, canvas: canvas, clip: clip)
  }

  /// Another display list drawn at its own pixel size — so what it blurs or clips
  /// ends at its own edges, as on the device — then scaled into its frame, only the
  /// part on the target resampled, and cut to the frame's corners.
  private static func drawSnapshot(
    _ list: DisplayList, in frame: RoundedRect, into buffer: inout PixelBuffer, canvas: Canvas, clip: AlphaMask?
  ) throws(DarkroomError) {
    guard let place = FramePlacement(frame, on: buffer, scale: canvas.scale) else { return }
    let screen = try render(list, context: canvas.context)
    let scaled: PixelBuffer
    do {
      scaled = try screen.resampled(width: place.width, height: place.height, columns: place.columns, rows: place.rows)
    } catch {
      throw DarkroomError(
        "cannot scale a \(screen.width)×\(screen.height) screen to \(place.width)×\(place.height) pixels: \(error)")
    }
    place.draw(scaled, into: &buffer, canvas: canvas, clip: clip)
  }

  static func path(_ shape: RoundedRect) -> Path {
    var path = Path()
    path.addRoundedRect(shape)
    return path
  }
}

extension Paint {
  /// The paint with a gradient's points multiplied by `factor` (points to pixels).
  func scaled(by factor: Double) -> Paint {
    switch self {
    case .solid: self
    case .linearGradient(let g): .linearGradient(g.scaled(by: factor))
    }
  }
}
