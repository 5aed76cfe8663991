import DarkroomFoundation
import Foundation

/// One `.imageset` of an asset catalog: its files by appearance and scale, as a
/// dynamic image — or, when Darkroom cannot draw it, why.
///
/// Entries are chosen as for an iPhone in portrait: `universal` and `iphone`
/// entries (an `iphone` one wins over a `universal` one for the same appearance and
/// scale), no other device's, no wide-gamut-only ones, and of entries for a size
/// class only those for a compact width and a regular height, which win over the
/// entries for any size. An entry whose file is missing is passed over, as Xcode
/// does. PNG and JPEG files are drawn (decoded when the catalog loads, so a damaged
/// or hostile file is an error then), and SVG and PDF drawings (parsed then, and
/// drawn at the size they are shown at); a set holding another format — a HEIC
/// photo — or no file for iPhone is *unavailable*: the catalog's
/// colours and other images load, and a layout that draws it gets a located error
/// naming the format.
struct AssetImageSet {
  /// The image set folder.
  let folder: String
  /// How its files are read: inside the project, each noted.
  let reader: InputReader

  /// What the set gives.
  enum Outcome {
    case image(DynamicImage)
    case unavailable(String)
  }

  func load(_ root: YAMLNode) throws(DarkroomError) -> Outcome {
    let name = ((folder as NSString).lastPathComponent as NSString).deletingPathExtension
    let quoted = Quoted.text(name)
    guard let list = try root.mapping("an image set")["images"] else {
      return .unavailable("image set '\(quoted)' has no 'images' list")
    }
    struct Chosen {
      let rank: Int
      let file: String
      let path: String
      let location: SourceLocation
    }
    var chosen: [VariantKey: [Int: Chosen]] = [:]
    var order: [VariantKey] = []
    for item in try list.sequence("images") {
      let fields = try item.mapping("an image entry")
      // Entries without a file are empty wells in Xcode's editor.
      guard let fileNode = fields["filename"] else { continue }
      let idiom = try fields["idiom"]?.string("idiom") ?? "universal"
      guard idiom == "universal" || idiom == "iphone" else { continue }
      if let gamut = fields["display-gamut"], try gamut.string("display-gamut") != "sRGB" { continue }
      let width = try fields["width-class"]?.string("width-class"), height = try fields["height-class"]?.string("height-class")
      guard width == nil || width == "compact", height == nil || height == "regular" else { continue }
      let file = try fileNode.string("filename")
      let path = (folder as NSString).appendingPathComponent(file)
      guard reader.exists(path) else { continue }
      var scale = 1
      if let scaleNode = fields["scale"] {
        let word = try scaleNode.word("scale", from: ["1x", "2x", "3x"])
        scale = Int(word.dropLast()) ?? 1
      }
      let key = try AssetAppearance.key(fields["appearances"])
      let rank = (idiom == "iphone" ? 2 : 0) + (width != nil || height != nil ? 1 : 0)
      if chosen[key] == nil { order.append(key) }
      if let existing = chosen[key]?[scale] {
        if existing.rank > rank { continue }
        if existing.rank == rank {
          throw DarkroomError(
            "image set '\(quoted)' has two \(scale)x files for appearance '\(key)' ('\(Quoted.text(existing.file))' and '\(Quoted.text(file))')",
            at: item.location)
        }
      }
      chosen[key, default: [:]][scale] = Chosen(rank: rank, file: file, path: path, location: fileNode.textLocation)
    }
    guard !order.isEmpty else { return .unavailable("image set '\(quoted)' has no image for iPhone") }
    for entries in chosen.values {
      for entry in entries.values.sorted(by: { $0.file < $1.file }) {
        let ext = ImageFile.format(of: entry.file)
        guard ImageFile.drawableFormats.contains(ext) else {
          return .unavailable(
            "image set '\(quoted)' is \(Self.format(ext)) ('\(Quoted.text(entry.file))'); Darkroom draws \(ImageFile.drawableFormatsInWords)")
        }
      }
    }
    var files: [VariantKey: [DynamicImage.Representation]] = [:]
    for key in order {
      for (scale, entry) in (chosen[key] ?? [:]).sorted(by: { $0.key < $1.key }) {
        let image = try ImageFile.check(path: entry.path, named: entry.file, at: entry.location, reader: reader)
        files[key, default: []].append(DynamicImage.Representation(scale: scale, file: entry.path, image: image))
      }
    }
    var keys = order
    // Apple's order for increased contrast, as for colour sets.
    for addition in ColorDefinition.appleOrderAdditions(among: order) {
      files[addition.key] = files[addition.from]
      keys.append(addition.key)
    }
    do {
      try Theme.checkVariants(keys, what: "image set '\(quoted)'", at: root.location)
    } catch {
      return .unavailable(error.message)
    }
    return .image(
      DynamicImage(
        variants: keys.map { key in DynamicImage.Variant(key: key, representations: files[key] ?? []) }))
  }

  /// A file format in words, with its article: "a PDF", "an SVG", "a HEIC file".
  static func format(_ ext: String) -> String {
    switch ext {
    case "pdf": "a PDF"
    case "svg": "an SVG"
    case "heic", "heif": "a HEIC image"
    case "": "a file without an extension"
    default: (["a", "e", "i", "o"].contains(ext.prefix(1)) ? "an " : "a ") + ext.uppercased() + " file"
    }
  }
}
