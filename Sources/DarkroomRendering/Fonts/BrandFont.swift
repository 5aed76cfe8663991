import DarkroomFoundation
import DarkroomRaster
import Foundation

/// A font family labels choose with `font:`: a file (and the face in it) per weight,
/// tried before the text family.
///
/// A theme names its fonts in two ways, which mix:
///
/// ```yaml
/// fonts:
///   files: [fonts]                # font files, or folders of them: every face, by
///                                 # the family and weight it says it has
///   brand: { regular: fonts/Brand-Regular.ttf, bold: fonts/Brand-Bold.ttf }
/// ```
///
/// Faces read from `files:` are the project's own: the text family (Inter) and the
/// fallback families are taken from them before this machine's, so a project that
/// vendors its fonts draws the same on every machine.
public struct BrandFont: Sendable, Equatable {
  /// The family's name in the theme.
  public let name: String
  /// Its files by weight, as paths the process can open.
  public let files: [FontWeight: String]
  /// The face of each file (0 unless it is a collection).
  public var indices: [FontWeight: UInt32] = [:]

  /// A family of files by weight.
  public init(name: String, files: [FontWeight: String], indices: [FontWeight: UInt32] = [:]) {
    self.name = name
    self.files = files
    self.indices = indices
  }

  /// The weight whose file a label of `weight` is set in: that weight's, else the
  /// nearest one (the lighter of two equally near).
  func nearest(_ weight: FontWeight) -> FontWeight? {
    let order = FontWeight.allCases
    guard let target = order.firstIndex(of: weight) else { return nil }
    return files.keys.min { a, b in
      let da = abs((order.firstIndex(of: a) ?? 0) - target), db = abs((order.firstIndex(of: b) ?? 0) - target)
      return da != db ? da < db : a < b
    }
  }

  /// The file for a weight: that weight's, else the nearest one.
  public func file(for weight: FontWeight) -> String? { nearest(weight).flatMap { files[$0] } }

  /// The face index in that file.
  func index(for weight: FontWeight) -> UInt32 { nearest(weight).flatMap { indices[$0] } ?? 0 }
}

extension Theme {
  /// What `fonts:` declares: the families labels may choose, and the project's own
  /// font files.
  struct DeclaredFonts {
    var families: [String: BrandFont] = [:]
    var files: [FontFile] = []
  }

  /// Reads `fonts:`: `files:` (font files or folders of them, relative to the
  /// theme) and family names mapped to `weight: file`. Every file is opened now, so
  /// a missing or unreadable font stops the run with its line and column.
  static func parseFonts(_ node: YAMLNode, folder: String) throws(DarkroomError) -> DeclaredFonts {
    var declared = DeclaredFonts()
    for family in try node.mapping("fonts") {
      if family.key == "files" {
        declared.files = try parseFontFiles(family.value, folder: folder)
        continue
      }
      var files: [FontWeight: String] = [:]
      let what = "font '\(family.key)'"
      for entry in try family.value.mapping(what) {
        guard let weight = FontWeight(rawValue: entry.key) else {
          throw DarkroomError(
            "unknown weight '\(entry.key)' in \(what)", at: entry.keyNode.location,
            suggestion: Suggestion.closest(to: entry.key, in: FontWeight.allCases.map(\.rawValue)))
        }
        let file = try entry.value.string("a font file")
        let path = resolve(file, in: folder)
        guard FileManager.default.fileExists(atPath: path) else {
          throw DarkroomError("\(what): no such file '\(file)'", at: entry.value.textLocation)
        }
        do {
          // FreeType opens the file itself: the boundary is checked first.
          try InputBoundary.current?.check(path)
          _ = try FontFace(path: path)
        } catch let error as DarkroomError {
          throw DarkroomError(error.message, at: entry.value.textLocation)
        } catch {
          throw DarkroomError("\(what): \(error)", at: entry.value.textLocation)
        }
        files[weight] = path
      }
      if files.isEmpty { throw DarkroomError("\(what) names no file", at: family.value.location) }
      declared.families[family.key] = BrandFont(name: family.key, files: files)
    }
    // Each family of the project's files may be chosen by its own name too.
    for (family, faces) in Dictionary(grouping: declared.files.filter { !$0.face.italic }, by: \.face.family)
    where declared.families[family] == nil {
      var files: [FontWeight: String] = [:]
      var indices: [FontWeight: UInt32] = [:]
      for face in faces.sorted(by: { ($0.face.width != 5 ? 1 : 0, $0.path) < ($1.face.width != 5 ? 1 : 0, $1.path) })
      where files[face.weight] == nil {
        files[face.weight] = face.path
        indices[face.weight] = face.face.index
      }
      declared.families[family] = BrandFont(name: family, files: files, indices: indices)
    }
    return declared
  }

  /// The faces of `files:`: each entry a font file, or a folder whose font files
  /// (to any depth) are all read.
  private static func parseFontFiles(_ node: YAMLNode, folder: String) throws(DarkroomError) -> [FontFile] {
    var found: [FontFile] = []
    for item in try node.sequence("fonts' files") {
      let name = try item.string("a font file or folder")
      let path = resolve(name, in: folder)
      var paths: [String] = []
      switch FileStore.kind(of: path) {
      case .missing:
        throw DarkroomError("no such font file or folder \(Excerpt.quoted(name))", at: item.textLocation)
      case .folder:
        let walker = FileManager.default.enumerator(atPath: path)
        while let relative = walker?.nextObject() as? String {
          let lower = relative.lowercased()
          if lower.hasSuffix(".otf") || lower.hasSuffix(".ttf") || lower.hasSuffix(".ttc") { paths.append(path + "/" + relative) }
        }
        paths.sort()
        if paths.isEmpty { throw DarkroomError("the folder \(Excerpt.quoted(name)) holds no font file (.otf, .ttf, .ttc)", at: item.textLocation) }
      case .file, .other:
        paths = [path]
      }
      for file in paths {
        do {
          try InputBoundary.current?.check(file)
          for face in try FontFace.descriptions(ofFileAt: file) {
            found.append(FontFile(path: file, face: face, origin: .project))
          }
        } catch let error as DarkroomError {
          throw DarkroomError(error.message, at: item.textLocation)
        } catch {
          throw DarkroomError("\(Excerpt.quoted((file as NSString).lastPathComponent)): \(error)", at: item.textLocation)
        }
      }
    }
    return found
  }

  private static func resolve(_ file: String, in folder: String) -> String {
    file.hasPrefix("/") || folder.isEmpty ? file : (folder as NSString).appendingPathComponent(file)
  }
}
