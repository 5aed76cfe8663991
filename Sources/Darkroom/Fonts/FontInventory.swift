import DarkroomRaster
import Foundation

/// The faces a project's runs may set text in — the theme's own font files, the
/// text family (Inter) in every weight a label may ask for, and the fallback
/// families — with what each says about itself and where it was found; and the
/// copy of them into the project (`darkroom fonts vendor`), so its goldens verify
/// on any machine.
public struct FontInventory: Sendable {
  /// One face, as `darkroom fonts` lists it.
  public struct Entry: Sendable {
    /// The face.
    public let file: FontFile
    /// Its identity (``FaceIdentity``), or nil when the file cannot be read.
    public let identity: ContentHash?

    /// `Inter Regular  Version 3.019  1146e49…  /usr/share/fonts/…/Inter-Regular.otf  (system: /usr/share/fonts)`.
    public var line: String {
      let where_ = file.origin == .project ? "project" : "system: \(file.origin)"
      let digest = identity.map { String("\($0)".prefix(12)) + "…" } ?? "unreadable"
      return "\(file.face.family) \(file.face.style)  \(file.face.version)  \(digest)  \(file.path)  (\(where_))"
    }
  }

  /// Every face, the project's first, then the text family's, then the fallbacks'.
  public let entries: [Entry]
  /// Fallback families this machine does not have.
  public let missing: [String]

  /// The faces `theme`'s runs would use on this machine, with `library`.
  public init(theme: Theme, library: FontLibrary = FontLibrary()) {
    var files: [FontFile] = []
    var seen: Set<String> = []
    func add(_ file: FontFile) {
      if seen.insert("\(file.face.index)#\(file.path)").inserted { files.append(file) }
    }
    for file in theme.fontFiles { add(file) }
    for weight in FontWeight.allCases {
      if let file = library.face(of: FontLibrary.textFamily, weight: weight, project: theme.fontFiles) { add(file) }
    }
    var missing: [String] = []
    for family in FontLibrary.fallbackFamilies {
      let regular = library.face(of: family, weight: .regular, project: theme.fontFiles)
      let bold = library.face(of: family, weight: .bold, project: theme.fontFiles)
      if regular == nil { missing.append(family) }
      for file in [regular, bold].compactMap({ $0 }) { add(file) }
    }
    self.missing = missing
    entries = files.map { file in
      let bytes = try? FileStore.read(file.path, what: "a font")
      return Entry(file: file, identity: bytes.flatMap { FaceIdentity.of($0, index: file.face.index) })
    }
  }

  /// Names of the licence files kept beside fonts.
  static func isLicence(_ name: String) -> Bool {
    let lower = name.lowercased()
    return ["license", "licence", "ofl", "copying", "copyright"].contains { lower.hasPrefix($0) }
  }

  /// Copies every face found on this machine into `folder` (the licence files
  /// beside each face too, when its folder has them) and returns the files written,
  /// checking every source before the first write. Faces the project already has
  /// stay where they are.
  public func vendor(into folder: String) throws(DarkroomError) -> [String] {
    var copies: [(from: String, to: String)] = []
    var targets: Set<String> = []
    for entry in entries where entry.file.origin != .project {
      let name = (entry.file.path as NSString).lastPathComponent
      if targets.insert(name).inserted { copies.append((entry.file.path, folder + "/" + name)) }
      let source = (entry.file.path as NSString).deletingLastPathComponent
      for licence in (try? FileManager.default.contentsOfDirectory(atPath: source)) ?? [] where Self.isLicence(licence) {
        if targets.insert(licence).inserted { copies.append((source + "/" + licence, folder + "/" + licence)) }
      }
    }
    var contents: [(bytes: [UInt8], to: String)] = []
    for copy in copies { contents.append((try FileStore.read(copy.from, what: "a font"), copy.to)) }
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
      throw DarkroomError("cannot make the folder \(Excerpt.quoted(folder)): \(error.localizedDescription)")
    }
    for content in contents { try FileStore.writeAtomically(content.bytes, to: content.to) }
    return contents.map(\.to)
  }
}
