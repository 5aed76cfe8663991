import SwiftUI

func colorValue(_ value: Int) -> Double { Double(value) / 255 }

struct Skipped {
  static let computed = Color(red: colorValue(195), green: 0, blue: 0)
  static let chosen: Color = Bool.random() ? .red : .blue
  static let stuck: Color = UITraitCollection.current.userInterfaceStyle == .dark ? .black : .white
  @AppStorage("tint") var tint: Color = .blue
  static let eight = Color(hex: 0xFF0000FF)
  static let bright = Color(red: 230, green: 10, blue: 10)
  static let infinite = Color(red: 1e309, green: 0, blue: 0)
  static let zero = Color(red: 1 / 0, green: 0, blue: 0)
  static let missing = Color.nowhere
  static let mixed = Color.brand.mix(with: .white, by: 0.5)
  #if DEBUG
  static let debugOnly = Color.green
  #endif
  #if os(macOS)
  static let macOnly = NSColor.red
  #else
  static let iosOnly = Color.orange
  #endif
  static let p3Colour = NSColor.systemBlue
}

struct NotColours {
  static let shared = NotColours()
  static let font = UIFont.systemFont(ofSize: 12)
  let title = "Colour"
  var count = 3
}
