// The one Swift file that calls FreeType (through the CDarkroomFreeType shim).
import CDarkroomFreeType
import Synchronization

/// A font file opened for reading glyph outlines, safe to share across threads.
///
/// Outlines are read unscaled and unhinted (font units, y up) and cached per glyph,
/// so a glyph costs one FreeType call per process. FreeType faces are not
/// thread-safe; a mutex serialises the calls, and cached glyphs are read under it.
public final class FontFace: Sendable {
  /// The file the face was read from.
  public let path: String
  /// The face's index in its file (0 unless the file is a collection).
  public let index: UInt32
  /// The same face opened for shaping.
  let shaping: ShapingFont
  /// A number no other face of this process has, for caches keyed by face.
  let serial: Int
  private static let nextSerial = Atomic<Int>(0)
  /// Face-wide metrics, in font units.
  public let metrics: FontMetrics
  /// Which ASCII characters the face has, one bit each: most text is ASCII, and
  /// choosing a face for it should not take a lock.
  private let asciiCoverage: UInt128

  private struct State: ~Copyable {
    let handle: OpaquePointer
    var glyphs: [UInt32: Glyph] = [:]
    var indices: [UInt32: UInt32] = [:]
  }
  private let state: Mutex<State>

  /// Opens face `index` of a font file (a collection such as a `.ttc` holds several).
  ///
  /// - Throws: ``FontError/cannotOpen(path:reason:)`` when FreeType or HarfBuzz
  ///   cannot read it.
  public init(path: String, index: UInt32 = 0) throws(FontError) {
    var message = [CChar](repeating: 0, count: 256)
    let handle = message.withUnsafeMutableBufferPointer {
      CDarkroomFreeType_open(path, index, $0.baseAddress, $0.count)
    }
    guard let handle else {
      let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      throw .cannotOpen(path: path, reason: reason)
    }
    guard let shaping = ShapingFont(path: path, index: index) else {
      CDarkroomFreeType_close(handle)
      throw .cannotOpen(path: path, reason: "HarfBuzz cannot read it")
    }
    let m = CDarkroomFreeType_face_metrics(handle)
    self.path = path
    self.index = index
    self.shaping = shaping
    self.serial = Self.nextSerial.add(1, ordering: .relaxed).newValue
    self.metrics = FontMetrics(
      unitsPerEm: Int(m.units_per_em), ascender: Int(m.ascender), descender: Int(m.descender),
      lineHeight: Int(m.height), underlinePosition: Int(m.underline_position),
      underlineThickness: Int(m.underline_thickness), strikeoutPosition: Int(m.strikeout_position),
      strikeoutThickness: Int(m.strikeout_size), capHeight: Int(m.cap_height))
    var coverage: UInt128 = 0
    for code in UInt32(0)..<128 where CDarkroomFreeType_glyph_index(handle, code) != 0 { coverage |= 1 << UInt128(code) }
    self.asciiCoverage = coverage
    self.state = Mutex(State(handle: handle))
  }

  deinit {
    state.withLock { CDarkroomFreeType_close($0.handle) }
  }

  /// The glyph for a Unicode scalar; glyph 0 (the font's missing-glyph box) when the
  /// face has none.
  public func glyph(for scalar: Unicode.Scalar) -> Glyph {
    glyph(at: glyphIndex(for: scalar))
  }

  /// The index of the face's glyph for a scalar; 0 when it has none.
  public func glyphIndex(for scalar: Unicode.Scalar) -> UInt32 {
    state.withLock { state in
      if let known = state.indices[scalar.value] { return known }
      let index = CDarkroomFreeType_glyph_index(state.handle, scalar.value)
      state.indices[scalar.value] = index
      return index
    }
  }

  /// Whether the face has a glyph for the scalar.
  public func covers(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.value < 128 { return asciiCoverage & (1 << UInt128(scalar.value)) != 0 }
    return glyphIndex(for: scalar) != 0
  }

  /// The glyph at an index of the face (as shaping returns them).
  public func glyph(at index: UInt32) -> Glyph {
    state.withLock { state in
      if let glyph = state.glyphs[index] { return glyph }
      let glyph = Self.load(index, from: state.handle)
      state.glyphs[index] = glyph
      return glyph
    }
  }

  private static func load(_ index: UInt32, from handle: OpaquePointer) -> Glyph {
    var verbs = [UInt8](repeating: 0, count: 64)
    var coordinates = [Int32](repeating: 0, count: 384)
    var advance: Int32 = 0
    var verbCount = 0, coordinateCount = 0
    for _ in 0..<2 {
      let status = verbs.withUnsafeMutableBufferPointer { v in
        coordinates.withUnsafeMutableBufferPointer { c in
          CDarkroomFreeType_outline(
            handle, index, &advance, v.baseAddress, v.count, &verbCount, c.baseAddress, c.count,
            &coordinateCount)
        }
      }
      if status == 1 {
        verbs = [UInt8](repeating: 0, count: verbCount)
        coordinates = [Int32](repeating: 0, count: coordinateCount)
        continue
      }
      if status != 0 { return Glyph(index: index, advance: 0, outline: Path()) }
      break
    }
    if index == 0 { return missingGlyphBox(advance: Int(advance), unitsPerEm: Int(CDarkroomFreeType_face_metrics(handle).units_per_em)) }
    var path = Path()
    var c = 0
    func next() -> Point {
      defer { c += 2 }
      return Point(x: Double(coordinates[c]), y: Double(coordinates[c + 1]))
    }
    for verb in verbs.prefix(verbCount) {
      switch Int32(verb) {
      case Int32(CDarkroomFreeType_move): path.move(to: next())
      case Int32(CDarkroomFreeType_line): path.line(to: next())
      case Int32(CDarkroomFreeType_quad):
        let control = next()
        path.quad(control: control, to: next())
      default:
        let c1 = next()
        let c2 = next()
        path.cubic(control1: c1, control2: c2, to: next())
      }
    }
    return Glyph(index: index, advance: Int(advance), outline: path)
  }
}

extension FontFace {
  /// Glyph 0 drawn the same way for every face: a hollow box, so a character no
  /// font has is seen, whatever the font's own missing glyph looks like (some are
  /// empty).
  static func missingGlyphBox(advance: Int, unitsPerEm: Int) -> Glyph {
    let em = Double(unitsPerEm)
    let width = Double(advance > 0 ? advance : unitsPerEm / 2)
    let outer = Rect(x: width * 0.1, y: 0, width: width * 0.8, height: em * 0.7)
    let stroke = em * 0.06
    var path = Path()
    path.addRect(outer)
    path.addRect(
      Rect(x: outer.x + stroke, y: stroke, width: outer.width - 2 * stroke, height: outer.height - 2 * stroke), reversed: true)
    return Glyph(index: 0, advance: Int(width), outline: path)
  }
}

/// Face-wide vertical metrics, in font units.
public struct FontMetrics: Sendable, Equatable {
  /// Font units per em (the font size).
  public let unitsPerEm: Int
  /// Height above the baseline, positive.
  public let ascender: Int
  /// Depth below the baseline, negative.
  public let descender: Int
  /// The recommended distance between baselines.
  public let lineHeight: Int
  /// The underline's centre, negative below the baseline.
  public var underlinePosition = 0
  /// The underline's thickness.
  public var underlineThickness = 0
  /// The strikethrough's bottom edge above the baseline (0 when the font has none).
  public var strikeoutPosition = 0
  /// The strikethrough's thickness (0 when the font has none).
  public var strikeoutThickness = 0
  /// The height of capital letters (0 when the font does not say).
  public var capHeight = 0
}

/// One glyph's outline and advance, unscaled (font units, y up).
public struct Glyph: Sendable {
  /// The glyph's index in its font; 0 is the missing-glyph box.
  public let index: UInt32
  /// How far the pen moves after the glyph.
  public let advance: Int
  /// The outline; empty for a space.
  public let outline: Path
}

/// Why a font could not be used.
public enum FontError: Error, Sendable, Equatable {
  /// FreeType could not open the file.
  case cannotOpen(path: String, reason: String)
}

extension FontError: CustomStringConvertible {
  /// A one-line explanation.
  public var description: String {
    switch self {
    case .cannotOpen(let path, let reason): "cannot open font \(path): \(reason)"
    }
  }

  /// The error naming the file `path`: as the user wrote it, where it was opened
  /// by the path it resolves to.
  package func naming(_ path: String) -> FontError {
    switch self {
    case .cannotOpen(_, let reason): .cannotOpen(path: path, reason: reason)
    }
  }
}

/// What a face in a font file says about itself, read without opening it for
/// drawing: how a project's fonts and the system's are found by family and weight.
public struct FontDescription: Sendable, Equatable, Hashable {
  /// The face's index in its file.
  public let index: UInt32
  /// The family name (`Inter`, `Noto Sans CJK JP`).
  public let family: String
  /// The style name (`Regular`, `Semi Bold`, `Book`).
  public let style: String
  /// The name table's version string (`Version 3.019`), or empty.
  public let version: String
  /// The OS/2 weight class, 100–900.
  public let weight: Int
  /// The OS/2 width class, 1–9 (5 is normal).
  public let width: Int
  /// Whether the face is italic or oblique.
  public let italic: Bool

  /// Describes a face.
  public init(index: UInt32, family: String, style: String, version: String, weight: Int, width: Int, italic: Bool) {
    self.index = index
    self.family = family
    self.style = style
    self.version = version
    self.weight = weight
    self.width = width
    self.italic = italic
  }
}

extension FontFace {
  /// Every face of the font file at `path` (one, or each of a collection's),
  /// described by FreeType; at most `limit` faces are read.
  ///
  /// - Throws: ``FontError/cannotOpen(path:reason:)`` when FreeType cannot read the
  ///   file's first face.
  public static func descriptions(ofFileAt path: String, limit: Int = 64) throws(FontError) -> [FontDescription] {
    var descriptions: [FontDescription] = []
    var count = 1
    var index: UInt32 = 0
    while Int(index) < min(count, limit) {
      var message = [CChar](repeating: 0, count: 256)
      let handle = message.withUnsafeMutableBufferPointer { CDarkroomFreeType_open(path, index, $0.baseAddress, $0.count) }
      guard let handle else {
        guard index > 0 else {
          throw .cannotOpen(path: path, reason: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        break
      }
      var d = CDarkroomFreeType_description()
      CDarkroomFreeType_describe(handle, &d)
      CDarkroomFreeType_close(handle)
      func text<T>(_ tuple: T) -> String {
        withUnsafeBytes(of: tuple) { bytes in String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self) }
      }
      count = max(1, Int(d.face_count))
      descriptions.append(
        FontDescription(
          index: index, family: text(d.family), style: text(d.style), version: text(d.version), weight: Int(d.weight_class),
          width: Int(d.width_class), italic: d.italic != 0))
      index += 1
    }
    return descriptions
  }
}
