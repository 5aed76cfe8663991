import DarkroomRaster
import Foundation

/// A font family a theme names in `fonts:`, with a file per weight; labels choose it
/// with `font:`, and it is tried before Inter.
///
/// ```yaml
/// fonts:
///   brand: { regular: fonts/Brand-Regular.ttf, bold: fonts/Brand-Bold.ttf }
/// ```
public struct BrandFont: Sendable, Equatable {
  /// The family's name in the theme.
  public let name: String
  /// Its files by weight, as paths the process can open.
  public let files: [FontWeight: String]

  /// The file for a weight: that weight's, else the nearest one (the lighter of two
  /// equally near).
  public func file(for weight: FontWeight) -> String? {
    let order = FontWeight.allCases
    guard let target = order.firstIndex(of: weight) else { return nil }
    let nearest = files.keys.min { a, b in
      let da = abs((order.firstIndex(of: a) ?? 0) - target), db = abs((order.firstIndex(of: b) ?? 0) - target)
      return da != db ? da < db : a < b
    }
    return nearest.flatMap { files[$0] }
  }
}

extension Theme {
  /// Reads `fonts:`: family names mapped to `weight: file`; every file is opened
  /// now, so a missing or unreadable font stops the run with its line and column.
  static func parseFonts(_ node: YAMLNode, folder: String) throws(DarkroomError) -> [String: BrandFont] {
    var fonts: [String: BrandFont] = [:]
    for family in try node.mapping("fonts") {
      var files: [FontWeight: String] = [:]
      let what = "font '\(family.key)'"
      for entry in try family.value.mapping(what) {
        guard let weight = FontWeight(rawValue: entry.key) else {
          throw DarkroomError(
            "unknown weight '\(entry.key)' in \(what)", at: entry.keyNode.location,
            suggestion: Suggestion.closest(to: entry.key, in: FontWeight.allCases.map(\.rawValue)))
        }
        let file = try entry.value.string("a font file")
        let path = file.hasPrefix("/") || folder.isEmpty ? file : (folder as NSString).appendingPathComponent(file)
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
      fonts[family.key] = BrandFont(name: family.key, files: files)
    }
    return fonts
  }
}
