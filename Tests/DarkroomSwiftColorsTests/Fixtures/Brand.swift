import SwiftUI
import UIKit

/* The brand's colours, /* nested comment */ as an extension of Color. */
extension Color {
  static let brand = Color(red: 0.2, green: 0.4, blue: 0.6)
  static let brandFaded = brand.opacity(0.5)
  static let ink = Color(white: 0.25)
  static let wide = Color(.displayP3, red: 1, green: 0, blue: 0, opacity: 0.8)
  static let linear = Color(.sRGBLinear, red: 0.5, green: 0.5, blue: 0.5)
  static let paper = Color(hue: 0.5, saturation: 0.5, brightness: 1)
  static let web = Color(hex: "#3C64F4")
  static let short: Color = .init(hex: "#abc")
  static let accentish = Color.accentColor
  static let label = Color(.label)
  static let background = Color(uiColor: .systemBackground)
  static let catalogued = Color("Brand/Primary")
  static let surface = Color(light: .white, dark: Color(red: 0.1, green: 0.1, blue: 0.1))
  static var heading: Color { Color.primary }
  static var caption: Color {
    return .secondary.opacity(0.8)
  }
  static let stopSign = Color.red
}

extension UIColor {
  static let legacy = UIColor(red: 60 / 255, green: 100 / 255, blue: 244 / 255, alpha: 1)
  static let grey = UIColor(white: 0.5, alpha: 0.6)
  static let p3 = UIColor(displayP3Red: 0, green: 1, blue: 0, alpha: 1)
  static let named = UIColor(named: "Tint")!
  static let namedOr = UIColor(named: "Missing") ?? .white
  static let pureRed = UIColor.red
  static let halfBrand = UIColor.legacy.withAlphaComponent(0.5)
  static let cardBackground = UIColor { traits in
    traits.userInterfaceStyle == .dark ? UIColor(white: 0.1, alpha: 1) : .white
  }
  static let cardBorder = UIColor(dynamicProvider: { traitCollection in
    if traitCollection.userInterfaceStyle == .light {
      return .separator
    } else {
      return UIColor(red: 1, green: 1, blue: 1, alpha: 0.2)
    }
  })
  static let literal = #colorLiteral(red: 0.5, green: 0.25, blue: 0, alpha: 1)
}

enum Theme {
  enum Colors {
    static let primary = Color.brand
    static let secondary = Colors.primary.opacity(0.6)
    static let tertiary: Color = Theme.Colors.primary
  }
  static let inherit = Colors.primary
}
