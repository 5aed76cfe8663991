import SwiftUI

// Two colour sets, one per appearance, the way IceCubes writes them.
public struct OceanDark {
  public var tintColor: Color = .init(red: 187 / 255, green: 59 / 255, blue: 226 / 255)
  public var primaryBackgroundColor: Color = .init(red: 16 / 255, green: 21 / 255, blue: 35 / 255)
  public init() {}
}

public struct OceanLight {
  public var tintColor: Color = .init(red: 187 / 255, green: 59 / 255, blue: 226 / 255)
  public var primaryBackgroundColor: Color = .init(hex: 0xF0F1F2)
  public init() {}
}
