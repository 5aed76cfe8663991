import DarkroomRaster
import Foundation

/// Reads the `images:` section of a theme: names mapped to a PNG file, or to
/// variants (`any: a.png`, `dark: a-dark.png`). Next to each file, `name@2x.png`
/// and `name@3x.png` are picked up as its 2x and 3x versions.
///
/// Every file is decoded when the theme loads, with the decoder's limits, so a
/// missing, corrupt or hostile image stops the run before anything is drawn.
struct ThemeImageLoader {
  /// The folder file names are relative to.
  let folder: String

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
    guard name.lowercased().hasSuffix(".png") else {
      throw DarkroomError("image '\(image)': '\(name)' is not a .png file", at: node.textLocation)
    }
    let stem = String(name.dropLast(4))
    let written = Self.scale(of: stem)
    var result = [DynamicImage.Representation(scale: written.scale, file: name, buffer: try decode(name, at: node))]
    if written.scale == 1 {
      for scale in [2, 3] {
        let sibling = "\(stem)@\(scale)x.png"
        if FileManager.default.fileExists(atPath: path(sibling)) {
          result.append(DynamicImage.Representation(scale: scale, file: sibling, buffer: try decode(sibling, at: node)))
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

  private func decode(_ file: String, at node: YAMLNode) throws(DarkroomError) -> PixelBuffer {
    try Self.decode(path: path(file), named: file, at: node.textLocation)
  }

  /// Reads and decodes the PNG file at `path`; errors name it as `name` at `location`.
  static func decode(path: String, named name: String, at location: SourceLocation) throws(DarkroomError) -> PixelBuffer {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw DarkroomError("cannot read image '\(name)'", at: location)
    }
    do {
      return try PixelBuffer(pngData: [UInt8](data))
    } catch {
      throw DarkroomError("image '\(name)': \(error)", at: location)
    }
  }
}
