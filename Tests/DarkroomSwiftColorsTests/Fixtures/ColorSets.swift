import SwiftUI

// A palette kept the way IceCubes keeps its colour sets: a struct per appearance,
// each colour a stored property with its value written out.
public protocol ColorSet {
  var tintColor: Color { get set }
  var labelColor: Color { get set }
}

public struct OceanDark: ColorSet {
  public var name = "Ocean - Dark"
  public var tintColor: Color = .init(red: 187 / 255, green: 59 / 255, blue: 226 / 255)
  public var primaryBackgroundColor: Color = .init(red: 16 / 255, green: 21 / 255, blue: 35 / 255)
  public var secondaryBackgroundColor: Color = .init(hex: 0x654868)
  public var labelColor: Color = .white

  public init() {}
}

public struct OceanLight: ColorSet {
  public var tintColor: Color = .init(red: 187 / 255, green: 59 / 255, blue: 226 / 255)
  public var primaryBackgroundColor: Color = .white
  public var secondaryBackgroundColor: Color = .init(hex: 0xF0F1F2)
  public var labelColor: Color = .black

  public init() {}
}

extension Color {
  init(hex: Int, opacity: Double = 1.0) {
    let red = Double((hex & 0xFF0000) >> 16) / 255.0
    self.init(.sRGB, red: red, green: 0, blue: 0, opacity: opacity)
  }
}
