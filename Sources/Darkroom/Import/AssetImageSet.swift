import Foundation

/// One `.imageset` of an asset catalog: its PNG files by appearance and scale,
/// as a dynamic image.
struct AssetImageSet {
  /// The image set folder.
  let folder: String

  func load(_ root: YAMLNode) throws(DarkroomError) -> DynamicImage {
    let name = ((folder as NSString).lastPathComponent as NSString).deletingPathExtension
    guard let list = try root.mapping("an image set")["images"] else {
      throw DarkroomError("image set '\(name)' has no 'images' list", at: root.location)
    }
    var files: [VariantKey: [DynamicImage.Representation]] = [:]
    var order: [VariantKey] = []
    for item in try list.sequence("images") {
      let fields = try item.mapping("an image entry")
      // Entries without a file are empty wells in Xcode's editor.
      guard let fileNode = fields["filename"] else { continue }
      let idiom = try fields["idiom"]?.string("idiom") ?? "universal"
      guard idiom == "universal" || idiom == "iphone" else { continue }
      let file = try fileNode.string("filename")
      guard file.lowercased().hasSuffix(".png") else {
        throw DarkroomError("image set '\(name)': '\(file)' is not a PNG file (Darkroom draws PNG images)", at: fileNode.textLocation)
      }
      var scale = 1
      if let scaleNode = fields["scale"] {
        let word = try scaleNode.word("scale", from: ["1x", "2x", "3x"])
        scale = Int(word.dropLast()) ?? 1
      }
      let key = try AssetAppearance.key(fields["appearances"])
      if files[key] == nil { order.append(key) }
      if files[key, default: []].contains(where: { $0.scale == scale }) {
        throw DarkroomError("image set '\(name)' has two \(scale)x files for appearance '\(key)'", at: item.location)
      }
      let path = (folder as NSString).appendingPathComponent(file)
      let image = try ImageFile.check(path: path, named: file, at: fileNode.textLocation)
      files[key, default: []].append(DynamicImage.Representation(scale: scale, file: path, image: image))
    }
    guard !order.isEmpty else {
      throw DarkroomError("image set '\(name)' has no PNG file for iPhone", at: list.location)
    }
    var keys = order
    // Apple's order for increased contrast, as for colour sets.
    for addition in ColorDefinition.appleOrderAdditions(among: order) {
      files[addition.key] = files[addition.from]
      keys.append(addition.key)
    }
    try Theme.checkVariants(keys, what: "image set '\(name)'", at: root.location)
    return DynamicImage(
      variants: keys.map { key in
        DynamicImage.Variant(key: key, representations: (files[key] ?? []).sorted { $0.scale < $1.scale })
      })
  }
}
