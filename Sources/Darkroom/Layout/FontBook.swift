import DarkroomRaster
import Foundation

/// Finds and opens font files, once per run (it belongs to a ``RenderContext``), and
/// builds the chain of faces a label is set with: the theme's font for the weight (if it names one), Inter for
/// the weight, then the fallback faces that are installed — DejaVu Sans (Latin
/// extensions, Greek, Cyrillic, Arabic, Hebrew, symbols) and Noto Sans CJK.
///
/// Inter is read from `DARKROOM_FONT_DIR` when set, else Debian's
/// `/usr/share/fonts/opentype/inter`. Faces are shared by every thread.
public final class FontBook: Sendable {
  /// A fallback face: its regular and bold files and the face index in them.
  public struct Fallback: Sendable, Equatable {
    /// The regular face's file.
    public let regular: String
    /// The bold face's file, if the family has one.
    public let bold: String?
    /// The face's index in a collection file (`.ttc`).
    public let index: UInt32

    /// Describes a fallback face.
    public init(regular: String, bold: String?, index: UInt32 = 0) {
      self.regular = regular
      self.bold = bold
      self.index = index
    }
  }

  /// Debian's DejaVu Sans and Noto Sans CJK (Japanese face first), tried in order.
  public static let debianFallbacks = [
    Fallback(regular: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", bold: "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"),
    Fallback(regular: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", bold: "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc"),
  ]

  private let faces: BoundedCache<String, FontFace>
  private let chains: BoundedCache<String, FontChain>
  private let fallbacks: [Fallback]
  private let explicitDirectory: String?

  /// A font book reading Inter from `directory` (nil: the default) and falling back
  /// to `fallbacks`, of which the files that exist are used; it keeps up to
  /// `budgets.fontFaces` faces open.
  public init(
    directory: String? = nil, fallbacks: [Fallback] = FontBook.debianFallbacks, budgets: CacheBudgets = CacheBudgets()
  ) {
    faces = BoundedCache(budget: budgets.fontFaces)
    chains = BoundedCache(budget: budgets.fontFaces)
    self.explicitDirectory = directory
    self.fallbacks = fallbacks.filter { FileManager.default.fileExists(atPath: $0.regular) }
  }

  /// The folder Inter is read from.
  public var directory: String {
    explicitDirectory ?? ProcessInfo.processInfo.environment["DARKROOM_FONT_DIR"] ?? "/usr/share/fonts/opentype/inter"
  }

  /// Inter's face for a weight.
  ///
  /// - Throws: ``DarkroomError`` naming the missing file and the package to install.
  public func face(_ weight: FontWeight) throws(DarkroomError) -> FontFace {
    let path = directory + "/" + weight.fileName
    guard FileManager.default.fileExists(atPath: path) else {
      throw DarkroomError(
        "font not found: \(path); install Debian's fonts-inter (Scripts/install-deps does) or set DARKROOM_FONT_DIR")
    }
    return try open(path, index: 0)
  }

  /// The faces a label of this weight is set with: `brand` first when given.
  public func chain(_ weight: FontWeight, brand: BrandFont? = nil) throws(DarkroomError) -> FontChain {
    let key = weight.rawValue + "|" + (brand.flatMap { $0.file(for: weight) } ?? "")
    if let known = chains.value(for: key) { return known }
    var chain: [FontFace] = []
    if let brand, let file = brand.file(for: weight) { chain.append(try open(file, index: 0)) }
    chain.append(try face(weight))
    for fallback in fallbacks {
      let file = weight.isBold ? (fallback.bold ?? fallback.regular) : fallback.regular
      if let face = try? open(file, index: fallback.index) { chain.append(face) }
    }
    let made = FontChain(chain)
    chains.insert(made, for: key, cost: 1)
    return made
  }

  /// The face of a file, opened once.
  func open(_ path: String, index: UInt32) throws(DarkroomError) -> FontFace {
    let key = "\(path)#\(index)"
    do {
      return try faces.value(for: key, cost: { _ in 1 }) { () throws(FontError) in try FontFace(path: path, index: index) }
    } catch {
      throw DarkroomError(error.description)
    }
  }
}
