import DarkroomFoundation
import DarkroomRaster
import Foundation
import Synchronization

/// Where a run finds the faces it sets text in, by family and weight: the project's
/// own fonts first (the theme's `fonts: { files: … }`), then the folders of this
/// machine's fonts — `DARKROOM_FONT_DIR` when set, then the platform's
/// (``/DarkroomFoundation/Platform/fontFolders(environment:)``). No face is found by a hard-coded path:
/// the text face (Inter) and the fallback faces (DejaVu Sans, Noto Sans CJK) are
/// families looked up like any other, so a project that vendors them draws with its
/// own copies on every machine.
public final class FontLibrary: Sendable {
  /// The family labels are set in unless a theme's font is chosen.
  public static let textFamily = "Inter"
  /// The families tried, in order, for characters the text face lacks: DejaVu Sans
  /// (Latin extensions, Greek, Cyrillic, Arabic, Hebrew, symbols), Noto Sans CJK
  /// (its Japanese face first).
  public static let fallbackFamilies = ["DejaVu Sans", "Noto Sans CJK JP"]

  /// The folders searched after the project's fonts, in order.
  public let folders: [String]
  /// Faces found so far, by family key; a family not in the map has not been looked
  /// for yet.
  private let found = Mutex<[String: [FontFile]]>([:])
  /// Every font file under the folders, listed once.
  private let files = Mutex<[(path: String, folder: String, tokens: [String])]?>(nil)
  /// ``stamp``, once taken.
  private let stamped = Mutex<ContentHash?>(nil)

  /// A library over `folders`.
  public init(folders: [String]) { self.folders = folders }

  /// A library over this machine's font folders, with `DARKROOM_FONT_DIR` first.
  public convenience init(environment: [String: String] = ProcessInfo.processInfo.environment) {
    self.init(folders: Platform.fontFolders(environment: environment))
  }

  /// The faces of `family`: the project's when it has any, else this machine's.
  public func faces(of family: String, project: [FontFile] = []) -> [FontFile] {
    let key = Self.key(family)
    let own = project.filter { Self.key($0.face.family) == key }
    if !own.isEmpty { return own }
    if let known = found.withLock({ $0[key] }) { return known }
    let faces = systemFaces(of: family)
    found.withLock { $0[key] = faces }
    return faces
  }

  /// The face of `family` a label of `weight` is set in: upright (or italic when
  /// asked, upright when the family has no italic), normal width, the weight
  /// nearest (the lighter of two equally near); nil when the family is nowhere.
  public func face(of family: String, weight: FontWeight, italic: Bool = false, project: [FontFile] = []) -> FontFile? {
    faces(of: family, project: project).min { a, b in
      func cost(_ f: FontFile) -> (Int, Int, Int, Int, String, UInt32) {
        (
          f.face.italic == italic ? 0 : 1, abs(f.face.width - 5), abs(f.face.weight - weight.weightClass), f.face.weight, f.path,
          f.face.index
        )
      }
      return cost(a) < cost(b)
    }
  }

  /// Whether a fallback family is the one meant for `scalar`: Noto Sans CJK for
  /// Chinese, Japanese and Korean (CJK blocks, kana, Hangul, full-width forms),
  /// DejaVu Sans for the rest; any other family for everything.
  static func family(_ family: String, covers scalar: Unicode.Scalar) -> Bool {
    let cjk: [ClosedRange<UInt32>] = [
      0x1100...0x11FF, 0x2E80...0x9FFF, 0xA960...0xA97F, 0xAC00...0xD7FF, 0xF900...0xFAFF, 0xFE30...0xFE4F,
      0xFF00...0xFFEF, 0x20000...0x3FFFF,
    ]
    let isCJK = cjk.contains { $0.contains(scalar.value) }
    switch key(family) {
    case key("Noto Sans CJK JP"): return isCJK
    case key("DejaVu Sans"): return !isCJK
    default: return true
    }
  }

  /// A family name as compared: case and spaces ignored.
  package static func key(_ family: String) -> String {
    String(family.lowercased().unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) })
  }

  /// The words of a name, split at case changes, digits and punctuation:
  /// `NotoSansCJK-Regular` → noto, sans, cjk, regular.
  static func tokens(_ name: String) -> [String] {
    var words: [String] = []
    var current = ""
    var previous: Character? = nil
    for character in name {
      let startsWord = character.isUppercase && (previous?.isLowercase ?? false)
      if !(character.isLetter || character.isNumber) || startsWord {
        if !current.isEmpty { words.append(current.lowercased()) }
        current = character.isLetter || character.isNumber ? String(character) : ""
      } else {
        current.append(character)
      }
      previous = character
    }
    if !current.isEmpty { words.append(current.lowercased()) }
    return words
  }

  /// The faces of `family` in the first of the machine's folders that has it (so
  /// `DARKROOM_FONT_DIR` overrides the system's copy, and two versions of a family
  /// are never mixed). Only files whose names start like the family's (its first
  /// two words) are opened: a machine has hundreds of font files, and a family's
  /// files are named after it.
  private func systemFaces(of family: String) -> [FontFile] {
    let wanted = Self.key(family)
    let prefix = Array(Self.tokens(family).prefix(2))
    var faces: [FontFile] = []
    for file in fontFiles() where Array(file.tokens.prefix(prefix.count)) == prefix {
      guard let descriptions = try? FontFace.descriptions(ofFileAt: file.path) else { continue }
      for face in descriptions where Self.key(face.family) == wanted {
        faces.append(FontFile(path: file.path, face: face, origin: .system(folder: file.folder)))
      }
    }
    guard let first = folders.first(where: { folder in faces.contains { $0.origin == .system(folder: folder) } }) else {
      return []
    }
    return faces.filter { $0.origin == .system(folder: first) }
  }

  /// One hash of every font file the library can choose from — its path, size,
  /// times and inode — taken once: a face installed, removed or replaced changes
  /// it, so text set by an earlier run is not trusted (`InputKey`, in `Darkroom`).
  package var stamp: ContentHash {
    if let known = stamped.withLock({ $0 }) { return known }
    var hasher = ContentHasher()
    hasher.update("darkroom-font-library-1")
    for folder in folders { hasher.update(folder) }
    for file in fontFiles() {
      hasher.update(file.path)
      for part in Platform.stamp(of: file.path) ?? [] { hasher.update(part) }
    }
    let stamp = hasher.finalize()
    stamped.withLock { $0 = stamp }
    return stamp
  }

  /// Every `.otf`, `.ttf` and `.ttc` file under the folders, with its name's words.
  private func fontFiles() -> [(path: String, folder: String, tokens: [String])] {
    if let listed = files.withLock({ $0 }) { return listed }
    var listed: [(path: String, folder: String, tokens: [String])] = []
    for folder in folders {
      guard let walker = FileManager.default.enumerator(atPath: folder) else { continue }
      for case let relative as String in walker {
        let lower = relative.lowercased()
        guard lower.hasSuffix(".otf") || lower.hasSuffix(".ttf") || lower.hasSuffix(".ttc") else { continue }
        let name = (relative as NSString).lastPathComponent
        listed.append(("\(folder)/\(relative)", folder, Self.tokens(String(name.dropLast(4)))))
      }
    }
    listed.sort { $0.path < $1.path }
    files.withLock { $0 = listed }
    return listed
  }
}
