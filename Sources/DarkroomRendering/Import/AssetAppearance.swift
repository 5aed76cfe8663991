import DarkroomFoundation

/// The `appearances` of an asset catalog entry — luminosity light or dark, contrast
/// high — as the variant key Darkroom resolves it with.
enum AssetAppearance {
  /// The key for an entry's `appearances` list (none: `any`).
  static func key(_ node: YAMLNode?) throws(DarkroomError) -> VariantKey {
    guard let node else { return .any }
    var words: [String] = []
    for item in try node.sequence("appearances") {
      let fields = try item.mapping("an appearance")
      guard let kind = fields["appearance"], let value = fields["value"] else {
        throw DarkroomError("an appearance needs 'appearance' and 'value'", at: item.location)
      }
      switch try kind.word("appearance", from: ["luminosity", "contrast"]) {
      case "luminosity":
        words.append(try value.word("luminosity", from: ["light", "dark"]))
      default:
        _ = try value.word("contrast", from: ["high"])
        words.append("high-contrast")
      }
    }
    // Style before contrast, as variant keys are written.
    let text = words.sorted { $0 == "high-contrast" ? false : $1 == "high-contrast" }.joined(separator: "-")
    guard let key = VariantKey(text.isEmpty ? "any" : text) else {
      throw DarkroomError("appearances name the same trait twice", at: node.location)
    }
    return key
  }
}
