import DarkroomFoundation

/// A foreground colour and the background it is read on, as a theme declares them
/// (`pairs: ["primaryText on background"]`): the palette sheet shows each pair as
/// text on its background with its contrast ratio.
public struct ColorPair: Sendable, Equatable {
  /// The text colour's name.
  public let foreground: String
  /// The background colour's name.
  public let background: String
  /// Where the theme writes the pair (its card on the palette sheet is written there).
  public var location: SourceLocation? = nil
}

extension Theme {
  /// Reads `pairs:`, a list of `"<foreground> on <background>"`, every name checked.
  static func parsePairs(_ node: YAMLNode, names: Theme) throws(DarkroomError) -> [ColorPair] {
    var pairs: [ColorPair] = []
    let known = Set(names.colorNames)
    for item in try node.sequence("pairs") {
      let text = try item.string("a pair")
      let parts = text.components(separatedBy: " on ")
      guard parts.count == 2 else {
        throw DarkroomError("a pair is written \"<foreground> on <background>\", found \"\(text)\"", at: item.textLocation)
      }
      var offset = 0
      for part in parts {
        let name = part.trimmingCharacters(in: .whitespaces)
        let leading = part.prefix { $0 == " " }.count
        if !known.contains(name) {
          try names.checkColor(named: name, at: item.textLocation.advanced(by: offset + leading), in: " in a pair")
        }
        offset += part.unicodeScalars.count + " on ".count
      }
      pairs.append(
        ColorPair(
          foreground: parts[0].trimmingCharacters(in: .whitespaces),
          background: parts[1].trimmingCharacters(in: .whitespaces), location: item.textLocation))
    }
    return pairs
  }
}
