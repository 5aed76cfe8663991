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
  /// A number no other face of this process has, for caches keyed by face.
  let serial: Int
  private static let nextSerial = Atomic<Int>(0)
  /// Face-wide metrics, in font units.
  public let metrics: FontMetrics

  private struct State: ~Copyable {
    let handle: OpaquePointer
    var glyphs: [UInt32: Glyph] = [:]
    var indices: [UInt32: UInt32] = [:]
  }
  private let state: Mutex<State>

  /// Opens a font file.
  ///
  /// - Throws: ``FontError/cannotOpen(path:reason:)`` when FreeType cannot read it.
  public init(path: String) throws(FontError) {
    var message = [CChar](repeating: 0, count: 256)
    let handle = message.withUnsafeMutableBufferPointer {
      CDarkroomFreeType_open(path, $0.baseAddress, $0.count)
    }
    guard let handle else {
      let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      throw .cannotOpen(path: path, reason: reason)
    }
    let m = CDarkroomFreeType_face_metrics(handle)
    self.path = path
    self.serial = Self.nextSerial.add(1, ordering: .relaxed).newValue
    self.metrics = FontMetrics(
      unitsPerEm: Int(m.units_per_em), ascender: Int(m.ascender), descender: Int(m.descender),
      lineHeight: Int(m.height))
    self.state = Mutex(State(handle: handle))
  }

  deinit {
    state.withLock { CDarkroomFreeType_close($0.handle) }
  }

  /// The glyph for a Unicode scalar; glyph 0 (the font's missing-glyph box) when the
  /// face has none.
  public func glyph(for scalar: Unicode.Scalar) -> Glyph {
    state.withLock { state in
      let index: UInt32
      if let known = state.indices[scalar.value] {
        index = known
      } else {
        index = CDarkroomFreeType_glyph_index(state.handle, scalar.value)
        state.indices[scalar.value] = index
      }
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
}
