import SwiftUI
import UIKit

func colorValue(_ value: Int) -> Double { Double(value) / 255 }

extension Color {
  static let brand = Color(red: 0.2, green: 0.4, blue: 0.6)
  static let surface = Color(light: .white, dark: Color(white: 0.15))
  static let computed = Color(red: colorValue(195), green: 0, blue: 0)
}
