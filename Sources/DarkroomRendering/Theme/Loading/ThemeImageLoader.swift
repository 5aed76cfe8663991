import DarkroomFoundation
import DarkroomRaster
import Foundation

/// Reads the `images:` section of a theme: names mapped to a PNG, JPEG, SVG or PDF file, or to
/// variants (`any: a.png`, `dark: a-dark.png`). Next to each file, `name@2x.png`
/// and `name@3x.png` (`.jpg`, `.jpeg` alike) are picked up as its 2x and 3x versions.
///
/// Every file is decoded when the theme loads, once however many names use it, with
/// the decoder's limits, so a missing, corrupt or hostile image stops the run before
/// anything is drawn (``ImageFile``).
final class ThemeImageLoader {
  /// The folder file names are relative to.
  let folder: String
  /// The files checked so far, by path.
  private var checked: [String: ImageFile] = [:]

  /// How the image files are read.
  let reader: InputReader

  init(folder: String, reader: InputReader) {
    self.folder = folder
    self.reader = reader
  }

  func load(_ node: YAMLNode) throws(DarkroomError) -> [String: DynamicImage] {
    var images: [String: DynamicImage] = [:]
    for entry in try node.mapping("images") {
      var variants: [DynamicImage.Variant] = []
      if case .mapping = entry.value.node {
        var seen: Set<VariantKey> = []
        for variant in try entry.value.mapping("image '\(entry.key)'") {
          let key = try Theme.parseVariantKey(variant.key, at: variant.keyNode.location, in: "image '\(entry.key)'")
          guard seen.insert(key).inserted else {
            throw DarkroomError("variant '\(key)' appears twice in image '\(entry.key)'", at: variant.keyNode.location)
          }
          variants.append(DynamicImage.Variant(key: key, representations: try files(variant.value, image: entry.key)))
        }
      } else {
        variants = [DynamicImage.Variant(key: .any, representations: try files(entry.value, image: entry.key))]
      }
      try Theme.checkVariants(variants.map(\.key), what: "image '\(entry.key)'", at: entry.keyNode.location)
      images[entry.key] = DynamicImage(variants: variants)
    }
    return images
  }

  /// The file written at `node` and its @2x/@3x siblings.
  private func files(_ node: YAMLNode, image: String) throws(DarkroomError) -> [DynamicImage.Representation] {
    let name = try node.string("image '\(image)'")
    guard let dot = name.lastIndex(of: "."), ImageFile.drawableFormats.contains(name[dot...].dropFirst().lowercased()) else {
      throw DarkroomError(
        "image '\(image)': '\(Quoted.text(name))' is not a .png, .jpg, .svg or .pdf file (Darkroom draws \(ImageFile.drawableFormatsInWords))",
        at: node.textLocation)
    }
    let stem = String(name[..<dot]), suffix = String(name[dot...])
    let written = Self.scale(of: stem)
    var result = [DynamicImage.Representation(scale: written.scale, file: name, image: try check(name, at: node))]
    if written.scale == 1 {
      for scale in [2, 3] {
        let sibling = "\(stem)@\(scale)x\(suffix)"
        if reader.exists(path(sibling)) {
          result.append(DynamicImage.Representation(scale: scale, file: sibling, image: try check(sibling, at: node)))
        }
      }
    }
    return result
  }

  private static func scale(of stem: String) -> (scale: Int, base: String) {
    for scale in [2, 3] where stem.hasSuffix("@\(scale)x") { return (scale, String(stem.dropLast(3))) }
    return (1, stem)
  }

  private func path(_ file: String) -> String {
    file.hasPrefix("/") ? file : (folder as NSString).appendingPathComponent(file)
  }

  private func check(_ file: String, at node: YAMLNode) throws(DarkroomError) -> ImageFile {
    let full = path(file)
    if let known = checked[full] { return known }
    let image = try ImageFile.check(path: full, named: file, at: node.textLocation, reader: reader)
    checked[full] = image
    return image
  }
}
