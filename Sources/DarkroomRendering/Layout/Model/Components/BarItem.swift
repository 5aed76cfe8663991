import DarkroomFoundation
import DarkroomRaster

/// An item of a navigation bar, as UIKit's `UIBarButtonItem` shows one: an icon, a
/// text button, or an image (an account's avatar).
public enum BarItem: Sendable, Equatable {
  /// A built-in icon in the bar's tint (`gear`); the theme's symbol of that name
  /// when it has one.
  case icon(Icon)
  /// One of the theme's symbols in the bar's tint (`square.and.pencil`).
  case symbol(String)
  /// A text button in the bar's tint, 17 points: regular, or semibold for the done
  /// style (`{ text: Done, style: done }`).
  case text(LocalizedText, done: Bool)
  /// A theme image drawn in a circle of `size` points (`{ image: avatar, size: 32 }`).
  case image(String, size: Double)

  /// The image's diameter when none is given: SwiftUI's toolbar avatars are 32 points.
  static let defaultImageSize = 32.0
}

extension BarItem: SpecValue {
  /// `gear`, `{ icon: gear }`, `{ text: Done, style: done }` or `{ image: avatar, size: 32 }`.
  package static func read(_ node: YAMLNode, key: String, reader: inout SpecReader) throws(DarkroomError) -> BarItem {
    guard case .mapping = node.node else { return named(try node.string("icon")) }
    var r = try SpecReader(
      node, what: "a bar item", at: node.location, prefix: reader.prefix + key + ".", depth: reader.depth,
      budget: reader.budget)
    let item: BarItem
    if let icon = r.value("icon") {
      item = named(try icon.string("icon"))
    } else if let text = r.value("text") {
      let title = try LocalizedText.read(text, key: "text", reader: &r)
      var style = ItemStyle.plain
      try r.read("style", into: &style)
      item = .text(title, done: style == .done)
    } else if let image = r.value("image") {
      var size = defaultImageSize
      try r.read("size", into: &size)
      guard (8...44).contains(size) else {
        throw DarkroomError("a bar item's image size must be between 8 and 44, found \(YAMLNode.format(size))", at: r.valueLocation("size"))
      }
      item = .image(try image.string("image"), size: size)
    } else {
      throw DarkroomError("a bar item is an icon, { icon }, { text } or { image }", at: node.location)
    }
    try r.finish()
    return item
  }

  /// The built-in icon of `name`, else the theme's symbol of it (checked against
  /// the theme with the bar).
  private static func named(_ name: String) -> BarItem {
    Icon(rawValue: name).map(BarItem.icon) ?? .symbol(name)
  }

  /// A text button's style, as `UIBarButtonItem.Style`.
  enum ItemStyle: String, SpecWord, CaseIterable {
    case plain, done
    static var what: String { "bar item style" }
  }
}
