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
  /// The folder relative ``files`` start from.
  package var working = WorkingFolder.process

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
