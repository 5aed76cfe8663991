import DarkroomFoundation
import DarkroomRaster

/// A project's own SF Symbol: the SVG template the SF Symbols app exports and Xcode
/// keeps in a `.symbolset` — up to 27 designs of one symbol (9 weights × 3 scales,
/// groups named `Regular-M`), guides for the baseline and cap height of each scale
/// (`Baseline-S`, `Capline-S`), and each design's left and right margins.
///
/// A symbol is drawn as iOS draws one beside text: at the text's point size (a
/// template is drawn for 100 points), in the design of the weight and scale asked
/// for — else the nearest weight the template has, and its small scale when it has
/// no other (a template may hold only the three small designs, from which Apple's
/// tools make the others) — tinted with one colour, as a template image is.
public struct SymbolTemplate: Sendable, Equatable {
  /// A symbol's scale beside text: `UIImage.SymbolScale`.
  public enum Scale: String, Sendable, CaseIterable {
    /// Smaller than the text's capitals.
    case small
    /// The default.
    case medium
    /// Larger.
    case large

    /// The letter its groups and guides are named with.
    var letter: String {
      switch self {
      case .small: "S"
      case .medium: "M"
      case .large: "L"
      }
    }
  }

  /// The writing direction the symbol is drawn for, when it is directional (an
  /// asset catalog symbol's `language-direction`): a layout of the other direction
  /// shows it mirrored. Nil: the same in both.
  public var direction: LanguageDirection? = nil

  /// A directional symbol's direction.
  public enum LanguageDirection: String, Sendable, CaseIterable {
    /// Drawn as it is left to right; mirrored right to left.
    case leftToRight = "left-to-right"
    /// Drawn as it is right to left; mirrored left to right.
    case rightToLeft = "right-to-left"
  }

  /// Whether a layout of this direction shows the symbol mirrored.
  public func isMirrored(rightToLeft: Bool) -> Bool {
    switch direction {
    case nil: false
    case .leftToRight: rightToLeft
    case .rightToLeft: !rightToLeft
    }
  }

  /// The symbol's name (its set's or file's name).
  public let name: String
  /// The template file.
  public let file: String
  private let document: SVGDocument
  /// The template's bytes' digest: two templates are equal when their files are.
  package let digest: ContentHash
  /// The designs the template has, each placed.
  private let designs: [Design: Placed]
  /// The point size a template is drawn for.
  static let templatePointSize = 100.0

  private struct Design: Hashable {
    let weight: FontWeight
    let scale: Scale
    var id: String { "\(Self.names[weight] ?? "Regular")-\(scale.letter)" }
    /// The weights' names in a template.
    static let names: [FontWeight: String] = [
      .ultraLight: "Ultralight", .thin: "Thin", .light: "Light", .regular: "Regular", .medium: "Medium",
      .semibold: "Semibold", .bold: "Bold", .heavy: "Heavy", .black: "Black",
    ]
  }

  /// A design placed: what to draw and its box, in the template's units.
  struct Placed: Sendable {
    /// The design's group.
    let id: String
    /// From the left margin to the right, and the design's top to its bottom.
    let box: Rect
  }

  /// Reads the template `bytes` of symbol `name` from `file`.
  ///
  /// - Throws: ``/DarkroomFoundation/DarkroomError`` naming the file when it is not an SVG file or
  ///   holds no design a template names.
  public init(name: String, file: String, bytes: [UInt8]) throws(DarkroomError) {
    let document: SVGDocument
    do {
      document = try SVGDocument(bytes)
    } catch {
      throw DarkroomError("cannot read symbol '\(Quoted.text(name))': \(error.description)", file: file)
    }
    var designs: [Design: Placed] = [:]
    for weight in FontWeight.allCases {
      for scale in Scale.allCases {
        let design = Design(weight: weight, scale: scale)
        if document.has(design.id) { designs[design] = try Self.place(design.id, in: document, name: name, file: file) }
      }
    }
    guard !designs.isEmpty else {
      throw DarkroomError(
        "symbol '\(Quoted.text(name))' is not a symbol template: it has no design group (Regular-M, Regular-S, … as the SF Symbols app exports)",
        file: file)
    }
    self.name = name
    self.file = file
    self.document = document
    self.designs = designs
    digest = ContentHash(bytes)
  }

  /// Whether two symbols are the same name read from the same bytes of the same file.
  public static func == (a: SymbolTemplate, b: SymbolTemplate) -> Bool {
    a.name == b.name && a.file == b.file && a.digest == b.digest && a.direction == b.direction
  }

  /// The design drawn for `weight` and `scale`: that scale's, else the small one's
  /// (the scale a template must have), else any; of those the weight nearest (the
  /// lighter of two equally near).
  func placed(weight: FontWeight, scale: Scale) -> Placed {
    let order = FontWeight.allCases
    let rank = { (weight: FontWeight) in order.firstIndex(of: weight) ?? 3 }
    let scales = [scale, .small, .medium, .large]
    let chosen = scales.first { s in designs.keys.contains { $0.scale == s } } ?? .small
    let candidates = designs.filter { $0.key.scale == chosen }.sorted { rank($0.key.weight) < rank($1.key.weight) }
    let target = rank(weight)
    let nearest = candidates.min { abs(rank($0.key.weight) - target) < abs(rank($1.key.weight) - target) }
    // The initialiser refuses a template without designs, so there is a nearest.
    return nearest?.value ?? Placed(id: "", box: Rect(x: 0, y: 0, width: 1, height: 1))
  }

  /// The symbol's size in points at `pointSize`.
  func size(weight: FontWeight, scale: Scale, pointSize: Double) -> (width: Double, height: Double) {
    let box = placed(weight: weight, scale: scale).box
    let factor = pointSize / Self.templatePointSize
    return (box.width * factor, box.height * factor)
  }

  /// The symbol as large as fits `columns` × `rows` pixels, centred, in `color`.
  func image(weight: FontWeight, scale: Scale, columns: Int, rows: Int, color: RGBA8) throws(DarkroomError) -> PixelBuffer {
    let placed = placed(weight: weight, scale: scale)
    let factor = min(Double(columns) / placed.box.width, Double(rows) / placed.box.height)
    let offset = Point(
      x: (Double(columns) - placed.box.width * factor) / 2 - placed.box.x * factor,
      y: (Double(rows) - placed.box.height * factor) / 2 - placed.box.y * factor)
    var mask: PixelBuffer
    do {
      mask = try document.draw(placed.id, scale: factor, offset: offset, width: columns, height: rows)
    } catch {
      throw DarkroomError("cannot draw symbol '\(Quoted.text(name))': \(error.description)", file: file)
    }
    mask.tint(color)
    return mask
  }

  /// The box of the pixels design `id` covers, drawn around its geometry (strokes
  /// and their caps reach past it) at one pixel a unit — fewer for a design larger
  /// than a template's, so the drawing stays small: librsvg 2.54's own ink box of a
  /// design drawn with strokes alone also holds the origin. Nil: it covers none.
  private static func ink(of id: String, around geometry: Rect, in document: SVGDocument) throws(VectorFailure) -> Rect? {
    // As far again as the design is large, and more for a thin one's strokes.
    let reach = max(geometry.width, geometry.height) / 2 + 16
    let region = Rect(
      x: geometry.x - reach, y: geometry.y - reach, width: geometry.width + 2 * reach, height: geometry.height + 2 * reach)
    guard [region.x, region.y, region.width, region.height].allSatisfy(\.isFinite) else {
      throw VectorFailure(description: "its design '\(id)' lies at no finite place")
    }
    let scale = min(1, inkSide / max(region.width, region.height))
    let left = (region.x * scale).rounded(.down), top = (region.y * scale).rounded(.down)
    let width = Int((region.width * scale).rounded(.up)) + 1, height = Int((region.height * scale).rounded(.up)) + 1
    let pixels = try document.draw(id, scale: scale, offset: Point(x: -left, y: -top), width: width, height: height)
    var minX = width, minY = height, maxX = -1, maxY = -1
    for y in 0..<height {
      for x in 0..<width where pixels.bytes[(y * width + x) * 4 + 3] > 0 {
        minX = min(minX, x)
        maxX = max(maxX, x)
        minY = min(minY, y)
        maxY = max(maxY, y)
      }
    }
    guard maxX >= minX, maxY >= minY else { return nil }
    return Rect(
      x: (left + Double(minX)) / scale, y: (top + Double(minY)) / scale, width: Double(maxX - minX + 1) / scale,
      height: Double(maxY - minY + 1) / scale)
  }

  /// The most units a design may span: the SF Symbols app's template is 3300 × 2200
  /// units, each design about 100 of them.
  static let maximumDesign = 3300.0

  /// The most pixels a side of the drawing that measures a design's ink has: a
  /// template's designs, about 100 units, are measured to the unit.
  private static let inkSide = 512.0

  /// Where design `id` is drawn: from its left margin to its right (its ink's
  /// sides when the template gives none), and its ink's top to its bottom, to the
  /// unit.
  private static func place(
    _ id: String, in document: SVGDocument, name: String, file: String
  ) throws(DarkroomError) -> Placed {
    do {
      guard let geometry = try document.bounds(of: id)?.geometry,
        let ink = try Self.ink(of: id, around: geometry, in: document)
      else {
        throw DarkroomError("symbol '\(Quoted.text(name))' draws nothing in its design '\(id)'", file: file)
      }
      // A margin is a vertical line: its geometry's middle.
      let left = try document.bounds(of: "left-margin-" + id).map { $0.geometry.x + $0.geometry.width / 2 } ?? ink.x
      let right = try document.bounds(of: "right-margin-" + id).map { $0.geometry.x + $0.geometry.width / 2 } ?? ink.maxX
      guard right > left, right - left <= maximumDesign, ink.height <= maximumDesign else {
        throw DarkroomError(
          "symbol '\(Quoted.text(name))': its design '\(id)' must be wider than nothing and at most \(Int(maximumDesign)) units across and down (a template's designs are about 100), from its margins or its ink",
          file: file)
      }
      return Placed(id: id, box: Rect(x: left, y: ink.y, width: right - left, height: ink.height))
    } catch let failure as VectorFailure {
      throw DarkroomError("cannot measure symbol '\(Quoted.text(name))': \(failure.description)", file: file)
    } catch let error as DarkroomError {
      throw error
    } catch {
      throw DarkroomError("cannot measure symbol '\(Quoted.text(name))'", file: file)
    }
  }
}
