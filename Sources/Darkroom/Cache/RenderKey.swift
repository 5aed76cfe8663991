import DarkroomRaster
import DarkroomRendering

/// Everything that decides a display list's pixels, as one hash: every command
/// with its numbers bit for bit, the bytes of the fonts its text is set in and of
/// the images it draws, and the Darkroom build (``BuildIdentity``). Two display
/// lists with the same key draw the same pixels; a changed colour, glyph position,
/// font file, image file or build changes the key.
///
/// It is not the display list's text form, which rounds numbers for reading.
enum RenderKey {
  /// The version of this encoding: bumped when it changes, so old keys miss.
  private static let format = "darkroom-render-key-1"

  /// The key of `list` drawn by `build`, or nil when the build or a font cannot be
  /// identified (then the snapshot is simply drawn); fonts are hashed through
  /// `fonts`, which remembers each file's digest.
  static func of(_ list: DisplayList, fonts: FontDigests, build: ContentHash? = BuildIdentity.current) -> ContentHash? {
    guard let build else { return nil }
    var writer = Writer()
    writer.add(format)
    writer.add(build)
    writer.add(list.width)
    writer.add(list.height)
    writer.add(list.scale)
    writer.add(list.background)
    writer.add(list.commands)
    guard let digests = writer.fontDigests(fonts) else { return nil }
    for digest in digests { writer.add(digest) }
    return ContentHash(writer.bytes)
  }

  /// The commands' fields as fixed-width bytes, tagged by kind.
  private struct Writer: DisplayListVisitor {
    var bytes: [UInt8] = []
    /// The faces the text uses, in order of first use; glyphs refer to them by number.
    /// A face is known by its file and index, not its object: two objects of one
    /// file draw the same glyphs.
    private var faces: [FontFace] = []
    private var faceNumbers: [String: Int] = [:]

    init() { bytes.reserveCapacity(16 << 10) }

    mutating func add(_ value: UInt64) {
      withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }
    mutating func add(_ value: Int) { add(UInt64(bitPattern: Int64(value))) }
    mutating func add(_ value: Double) { add(value.bitPattern) }
    mutating func add(_ value: ContentHash) {
      add(value.high)
      add(value.low)
    }
    mutating func add(_ text: String) {
      add(text.utf8.count)
      bytes.append(contentsOf: text.utf8)
    }
    mutating func add(_ color: RGBA8) { bytes.append(contentsOf: [color.r, color.g, color.b, color.a]) }
    mutating func add(_ point: Point) {
      add(point.x)
      add(point.y)
    }
    mutating func add(_ rect: Rect) {
      add(rect.x)
      add(rect.y)
      add(rect.width)
      add(rect.height)
    }
    mutating func add(_ shape: RoundedRect) {
      add(shape.rect)
      add(shape.radii.topLeft)
      add(shape.radii.topRight)
      add(shape.radii.bottomRight)
      add(shape.radii.bottomLeft)
      add(shape.curve.rawValue)
    }
    mutating func add(_ paint: Paint) {
      switch paint {
      case .solid(let color):
        bytes.append(1)
        add(color)
      case .linearGradient(let gradient):
        bytes.append(2)
        add(gradient.start)
        add(gradient.end)
        add(gradient.stops.count)
        for stop in gradient.stops {
          add(stop.location)
          add(stop.color)
        }
      }
    }
    mutating func add(_ line: TextLine) {
      add(line.size)
      add(line.glyphs.count)
      for glyph in line.glyphs {
        add(faceNumber(glyph.face))
        add(Int(glyph.index))
        add(glyph.x)
        add(glyph.y)
      }
      add(line.rules.count)
      for rule in line.rules {
        add(rule.x)
        add(rule.y)
        add(rule.width)
        add(rule.height)
      }
    }

    // Each command as a tag and its fields. A group's children and a nested screen's
    // commands are part of the key (layout depth is limited to 64, and a nested list
    // holds no snapshot of its own, so the recursion is bounded).
    mutating func fill(_ shape: RoundedRect, paint: Paint, at index: Int) {
      bytes.append(1)
      add(shape)
      add(paint)
    }
    mutating func border(_ shape: RoundedRect, width: Double, dashes: [Double], color: RGBA8, at index: Int) {
      bytes.append(2)
      add(shape)
      add(width)
      add(dashes.count)
      for dash in dashes { add(dash) }
      add(color)
    }
    mutating func text(_ line: TextLine, origin: Point, color: RGBA8, at index: Int) {
      bytes.append(3)
      add(line)
      add(origin)
      add(color)
    }
    mutating func shadow(_ shape: RoundedRect, _ shadow: DisplayList.Shadow, at index: Int) {
      bytes.append(4)
      add(shape)
      add(shadow.color)
      add(shadow.x)
      add(shadow.y)
      add(shadow.blur)
      add(shadow.spread)
    }
    mutating func icon(_ icon: Icon, frame: Rect, lineWidth: Double, color: RGBA8, at index: Int) {
      bytes.append(5)
      add(icon.rawValue)
      add(frame)
      add(lineWidth)
      add(color)
    }
    mutating func symbol(_ symbol: DisplayList.Symbol, frame: Rect, color: RGBA8, at index: Int) {
      // A mirrored symbol has a tag of its own, so no other symbol's key changes.
      bytes.append(symbol.mirrored ? 12 : 11)
      add(symbol.template.name)
      add(symbol.template.digest)
      add(symbol.design)
      add(frame)
      add(color)
    }
    mutating func line(from: Point, to: Point, width: Double, color: RGBA8, at index: Int) {
      bytes.append(6)
      add(from)
      add(to)
      add(width)
      add(color)
    }
    mutating func image(_ image: ResolvedImage, frame: RoundedRect, at index: Int) {
      bytes.append(7)
      add(image.image.digest)
      add(image.image.width)
      add(image.image.height)
      add(frame)
    }
    mutating func group(clip: RoundedRect?, opacity: Double, commands: [DisplayList.Command], at index: Int) {
      bytes.append(8)
      if let clip {
        bytes.append(1)
        add(clip)
      } else {
        bytes.append(0)
      }
      add(opacity)
      add(commands)
    }
    mutating func backdropBlur(_ shape: RoundedRect, sigma: Double, at index: Int) {
      bytes.append(9)
      add(shape)
      add(sigma)
    }
    mutating func snapshot(_ list: DisplayList, frame: RoundedRect, at index: Int) {
      bytes.append(10)
      add(frame)
      add(list.width)
      add(list.height)
      add(list.scale)
      add(list.background)
      add(list.commands)
    }

    mutating func add(_ commands: [DisplayList.Command]) {
      add(commands.count)
      descend(into: commands)
    }

    private mutating func faceNumber(_ face: FontFace) -> Int {
      let id = "\(face.index)#\(face.path)"
      if let number = faceNumbers[id] { return number }
      faces.append(face)
      faceNumbers[id] = faces.count - 1
      return faces.count - 1
    }

    /// Each face's file digest and index, in the order the glyphs numbered them.
    func fontDigests(_ known: FontDigests) -> [ContentHash]? {
      var digests: [ContentHash] = []
      for face in faces {
        guard let digest = known.digest(of: face.path) else { return nil }
        digests.append(digest)
        digests.append(ContentHash(high: 0, low: UInt64(face.index)))
      }
      return digests
    }
  }
}
