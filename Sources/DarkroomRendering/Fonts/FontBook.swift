import DarkroomFoundation
import DarkroomRaster
import Foundation

/// Opens the faces a run sets text in, once per run (it belongs to a
/// ``RenderContext``), and builds the chain of faces a label is set with: the
/// theme's font for the weight (if the label names one), the system font for the
/// weight and size (``SystemFont``: the project's SF Pro, else Inter), then the
/// fallback families that are found — each looked up in the project's fonts first,
/// then this machine's (``FontLibrary``).
public final class FontBook: Sendable {
  /// Where faces are found.
  public let library: FontLibrary
  /// The families tried for characters the text face lacks, in order.
  public let fallbackFamilies: [String]
  private let faces: BoundedCache<String, FontFace>
  private let chains: BoundedCache<String, FontChain>

  /// A font book over `library` (default: this machine's folders) falling back to
  /// `fallbackFamilies`; it keeps up to `budgets.fontFaces` faces open.
  public init(
    library: FontLibrary = FontLibrary(), fallbackFamilies: [String] = FontLibrary.fallbackFamilies,
    budgets: CacheBudgets = CacheBudgets()
  ) {
    self.library = library
    self.fallbackFamilies = fallbackFamilies
    faces = BoundedCache(budget: budgets.fontFaces)
    chains = BoundedCache(budget: budgets.fontFaces)
  }

  /// The system font's face for a weight in `family` (the one ``SystemFont`` chooses
  /// for a size: SF Pro's cut when the project brings it, else Inter), the
  /// project's copy when it has one.
  ///
  /// - Throws: ``/DarkroomFoundation/DarkroomError`` when the family is nowhere, saying where it was
  ///   looked for and how to get it.
  public func face(
    _ weight: FontWeight, family: String = FontLibrary.textFamily, italic: Bool = false, project: [FontFile] = []
  ) throws(DarkroomError) -> FontFace {
    guard let file = library.face(of: family, weight: weight, italic: italic, project: project) else {
      let folders = library.folders.isEmpty ? "none" : library.folders.joined(separator: ", ")
      // The Debian package of each family Darkroom itself reaches for.
      let package = FontLibrary.key(family) == FontLibrary.key(SystemFont.monospacedFallbackFamily) ? "fonts-dejavu-core" : "fonts-inter"
      throw DarkroomError(
        "no face of the font family '\(family)' in the project's fonts or this machine's (\(folders)); install it (Scripts/install-deps installs Debian's \(package)) or vendor it into the project where it is installed: darkroom fonts vendor")
    }
    return try open(file.path, from: file.working, index: file.face.index)
  }

  /// The faces a label of this weight is set with: `brand` first when given, then
  /// the system font's face in `family` (``face(_:family:italic:project:)``), its
  /// italic when asked.
  public func chain(
    _ weight: FontWeight, family: String = FontLibrary.textFamily, italic: Bool = false, brand: BrandFont? = nil,
    project: [FontFile] = []
  ) throws(DarkroomError) -> FontChain {
    let projectKey = project.map { "\($0.path)#\($0.face.index)" }.joined(separator: "|")
    let key =
      weight.rawValue + "|" + family + (italic ? "|italic|" : "|") + (brand.flatMap { $0.file(for: weight) } ?? "") + "|"
      + projectKey
    if let known = chains.value(for: key) { return known }
    var chain: [FontFace] = []
    if let brand, let file = brand.file(for: weight) {
      chain.append(try open(file, from: brand.working, index: brand.index(for: weight)))
    }
    chain.append(try face(weight, family: family, italic: italic, project: project))
    for fallback in fallbackFamilies {
      // Fallback families have regular and bold: a bold label takes the bold.
      guard let file = library.face(of: fallback, weight: weight.isBold ? .bold : .regular, project: project) else { continue }
      if let face = try? open(file.path, from: file.working, index: file.face.index) { chain.append(face) }
    }
    let made = FontChain(chain)
    chains.insert(made, for: key, cost: 1)
    return made
  }

  /// The fallback families that are nowhere: text that needs one of them cannot be
  /// drawn as meant.
  public func missingFallbacks(project: [FontFile] = []) -> [String] {
    fallbackFamilies.filter { library.faces(of: $0, project: project).isEmpty }
  }

  /// The face of a file (relative: inside `working`), opened once.
  func open(_ path: String, from working: WorkingFolder, index: UInt32) throws(DarkroomError) -> FontFace {
    let disk = working.resolve(path)
    let key = "\(disk)#\(index)"
    do {
      return try faces.value(for: key, cost: { _ in 1 }) { () throws(FontError) in try FontFace(path: disk, index: index) }
    } catch {
      throw DarkroomError(error.naming(path).description)
    }
  }
}
