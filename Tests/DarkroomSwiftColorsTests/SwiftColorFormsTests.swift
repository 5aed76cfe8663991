import DarkroomSwiftColors
import Testing

/// The forms colours are written in, read from small Swift files written here
/// (Fixtures/): their names, places and values.
@Suite("Swift colour forms")
struct SwiftColorFormsTests {
  func value(_ colours: [String: SwiftColorDeclaration], _ name: String) -> String {
    guard let declaration = colours[name] else { return "missing" }
    switch declaration.outcome {
    case .color(let value): return value.description
    case .skipped(let why): return "skipped: \(why)"
    }
  }

  @Test func aColourSetPerAppearanceIsReadAsIceCubesWritesIt() throws {
    let colours = try Fixtures.colours("ColorSets.swift")
    #expect(value(colours, "OceanDark.tintColor") == "srgb(0.733, 0.231, 0.886)")
    #expect(value(colours, "OceanDark.secondaryBackgroundColor") == "srgb(0.396, 0.282, 0.408)")
    #expect(value(colours, "OceanLight.secondaryBackgroundColor") == "srgb(0.941, 0.945, 0.949)")
    #expect(value(colours, "OceanDark.labelColor") == "srgb(1, 1, 1)")
    #expect(value(colours, "OceanLight.labelColor") == "srgb(0, 0, 0)")
    // A string, and the protocol's requirements, are not colours.
    #expect(colours["OceanDark.name"] == nil && colours["ColorSet.tintColor"] == nil)
    #expect(colours.count == 8)
    let tint = try #require(colours["OceanDark.tintColor"])
    #expect(tint.location == SwiftSourceLocation(file: "ColorSets.swift", line: 12, column: 14))
  }

  @Test func exactComponentsFromArithmeticOnLiterals() throws {
    let colours = try Fixtures.colours("ColorSets.swift")
    guard case .color(.rgb(.sRGB, let red, let green, let blue, let alpha)) = colours["OceanDark.tintColor"]?.outcome else {
      Issue.record("not an sRGB colour")
      return
    }
    #expect(red == 187.0 / 255 && green == 59.0 / 255 && blue == 226.0 / 255 && alpha == 1)
  }

  @Test func initializersColourSpacesAndHexHelpers() throws {
    let colours = try Fixtures.colours("Brand.swift")
    #expect(value(colours, "Color.brand") == "srgb(0.2, 0.4, 0.6)")
    #expect(value(colours, "Color.ink") == "srgb(white 0.25)")
    #expect(value(colours, "Color.wide") == "display-p3(1, 0, 0, alpha 0.8)")
    #expect(value(colours, "Color.linear") == "linear-srgb(0.5, 0.5, 0.5)")
    #expect(value(colours, "Color.paper") == "hsb(0.5, 0.5, 1)")
    #expect(value(colours, "Color.web") == "srgb(0.235, 0.392, 0.957)")
    #expect(value(colours, "Color.short") == "srgb(0.667, 0.733, 0.8)")
    #expect(value(colours, "UIColor.legacy") == "extended-srgb(0.235, 0.392, 0.957)")
    #expect(value(colours, "UIColor.grey") == "gray(white 0.5, alpha 0.6)")
    #expect(value(colours, "UIColor.p3") == "display-p3(0, 1, 0)")
    #expect(value(colours, "UIColor.literal") == "extended-srgb(0.5, 0.25, 0)")
  }

  @Test func namedSystemColoursAndCatalogNames() throws {
    let colours = try Fixtures.colours("Brand.swift")
    #expect(value(colours, "Color.stopSign") == "UIColor.systemRed", "SwiftUI's red is UIKit's systemRed on iOS")
    #expect(value(colours, "UIColor.pureRed") == "srgb(1, 0, 0)", "UIKit's red is pure red")
    #expect(value(colours, "Color.label") == "UIColor.label")
    #expect(value(colours, "Color.background") == "UIColor.systemBackground")
    #expect(value(colours, "Color.heading") == "UIColor.label")
    #expect(value(colours, "Color.accentish") == "accentColor")
    #expect(value(colours, "Color.catalogued") == "catalog(Brand/Primary)")
    #expect(value(colours, "UIColor.named") == "catalog(Tint)")
    #expect(value(colours, "UIColor.namedOr") == "catalog(Missing) ?? gray(white 1)")
  }

  @Test func referencesOpacityAndAlpha() throws {
    let colours = try Fixtures.colours("Brand.swift")
    #expect(value(colours, "Color.brandFaded") == "Color.brand.opacity(0.5)")
    #expect(value(colours, "Color.caption") == "UIColor.secondaryLabel.opacity(0.8)")
    #expect(value(colours, "UIColor.halfBrand") == "UIColor.legacy.withAlphaComponent(0.5)")
    // Looked up from the type they are written in outwards, as Swift looks names up.
    #expect(value(colours, "Theme.Colors.primary") == "Color.brand")
    #expect(value(colours, "Theme.Colors.secondary") == "Theme.Colors.primary.opacity(0.6)")
    #expect(value(colours, "Theme.Colors.tertiary") == "Theme.Colors.primary")
    #expect(value(colours, "Theme.inherit") == "Theme.Colors.primary")
  }

  @Test func dynamicColoursByTheAppearance() throws {
    let colours = try Fixtures.colours("Brand.swift")
    #expect(value(colours, "Color.surface") == "{ light: srgb(1, 1, 1), dark: srgb(0.1, 0.1, 0.1) }")
    #expect(value(colours, "UIColor.cardBackground") == "{ light: gray(white 1), dark: gray(white 0.1) }")
    #expect(value(colours, "UIColor.cardBorder") == "{ light: UIColor.separator, dark: extended-srgb(1, 1, 1, alpha 0.2) }")
  }

  @Test func aColourNamedInAnotherFileIsFound() throws {
    let text = "import SwiftUI\nenum Palette {\n  static let accent = Color.brand.opacity(0.25)\n  static let alias = accent\n}"
    let colours = try SwiftColorReader.read([try Fixtures.file("Brand.swift"), try SwiftFile(path: "Palette.swift", text: text)])
    let byName = Dictionary(colours.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    #expect(value(byName, "Palette.accent") == "Color.brand.opacity(0.25)")
    #expect(value(byName, "Palette.alias") == "Palette.accent")
  }

  @Test func switchOnTheStyleInAProviderAndLightDarkLabels() throws {
    let text = """
      import UIKit
      extension UIColor {
        static let switched = UIColor { traits in
          switch traits.userInterfaceStyle {
          case .dark: return .black
          case .light, .unspecified: return .white
          @unknown default: return .white
          }
        }
        static let pair = UIColor(lightMode: .white, darkMode: UIColor(white: 0.2, alpha: 1))
        static let inverted = UIColor { $0.userInterfaceStyle != .dark ? .white : .black }
      }
      """
    let colours = try SwiftColorReader.read([try SwiftFile(path: "t.swift", text: text)])
    let byName = Dictionary(colours.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    #expect(value(byName, "UIColor.switched") == "{ light: gray(white 1), dark: gray(white 0) }")
    #expect(value(byName, "UIColor.pair") == "{ light: gray(white 1), dark: gray(white 0.2) }")
    #expect(value(byName, "UIColor.inverted") == "{ light: gray(white 1), dark: gray(white 0) }")
  }

  @Test func anInstanceOfATypeLeadsToItsColours() throws {
    let text = """
      import SwiftUI
      extension Color {
        static let theme = ColorTheme()
      }
      struct ColorTheme {
        let green = Color("green")
      }
      enum Uses {
        static let leaf = Color.theme.green
      }
      """
    let colours = try SwiftColorReader.read([try SwiftFile(path: "t.swift", text: text)])
    let byName = Dictionary(colours.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    #expect(value(byName, "Uses.leaf") == "ColorTheme.green")
    #expect(byName["Color.theme"] == nil, "an instance of another type is not a colour")
  }

  @Test func helpersWhoseBodyIsOneExpressionAreReadWithTheirArguments() throws {
    let text = """
      import SwiftUI
      import UIKit
      func hex_col(r: UInt8, g: UInt8, b: UInt8) -> Color {
        return Color(.sRGB, red: Double(r) / Double(0xff), green: Double(g) / Double(0xff), blue: Double(b) / Double(0xff), opacity: 1.0)
      }
      private func srgb(_ red: Double, _ green: Double, _ blue: Double, opacity: Double) -> Color {
        Color(.sRGB, red: red / 255.0, green: green / 255.0, blue: blue / 255.0, opacity: opacity)
      }
      private func adaptive(light: Color, dark: Color) -> Color {
        #if os(watchOS)
        return dark
        #else
        return Color(UIColor { $0.userInterfaceStyle == .dark ? UIColor(dark) : UIColor(light) })
        #endif
      }
      extension UIColor {
        convenience init(r: Int, g: Int, b: Int) {
          self.init(red: CGFloat(r) / 255, green: CGFloat(g) / 255, blue: CGFloat(b) / 255, alpha: 1)
        }
        static func rgba(_ red: CGFloat, _ green: CGFloat, _ blue: CGFloat, alpha: CGFloat = 1.0) -> UIColor {
          UIColor(red: red / 255, green: green / 255, blue: blue / 255, alpha: alpha)
        }
        static let gravatarBlack: UIColor = .rgba(16, 21, 23)
        static let halfBlack: UIColor = .rgba(16, 21, 23, alpha: 0.5)
        static let initialized = UIColor(r: 60, g: 100, b: 244)
      }
      public extension ShapeStyle where Self == Color {
        static var haPrimary: Color { srgb(0x00, 0x9A, 0xC7, opacity: 1) }
        static var haWarning: Color {
          adaptive(light: srgb(0xFF, 0x93, 0x42, opacity: 1), dark: srgb(0x9D, 0x38, 0x00, opacity: 1))
        }
      }
      enum Damus {
        static let gold = hex_col(r: 226, g: 168, b: 0)
      }
      """
    let colours = try SwiftColorReader.read([try SwiftFile(path: "t.swift", text: text)])
    let byName = Dictionary(colours.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    #expect(value(byName, "Damus.gold") == "srgb(0.886, 0.659, 0)")
    #expect(value(byName, "UIColor.gravatarBlack") == "extended-srgb(0.063, 0.082, 0.09)")
    #expect(value(byName, "UIColor.halfBlack") == "extended-srgb(0.063, 0.082, 0.09, alpha 0.5)")
    #expect(value(byName, "UIColor.initialized") == "extended-srgb(0.235, 0.392, 0.957)")
    // `extension ShapeStyle where Self == Color` adds to `Color`.
    #expect(value(byName, "Color.haPrimary") == "srgb(0, 0.604, 0.78)")
    #expect(value(byName, "Color.haWarning") == "{ light: srgb(1, 0.576, 0.259), dark: srgb(0.616, 0.22, 0) }")
  }

  @Test func anIPhoneBuildsClausesAreRead() throws {
    let colours = try Fixtures.colours("Skipped.swift")
    #expect(value(colours, "Skipped.iosOnly") == "UIColor.systemOrange")
    #expect(colours["Skipped.macOnly"] == nil, "#if os(macOS) is not in an iPhone build")
  }

  @Test func theLexicalTortureFileReadsItsColoursWhereTheyAre() throws {
    let colours = try Fixtures.colours("Lexical.swift")
    #expect(value(colours, "Lexical.class") == "srgb(0.2, 1, 1)")
    #expect(value(colours, "Lexical.afterComment") == "srgb(0.5, 0.25, 0)")
    #expect(value(colours, "Lexical.spread") == "srgb(0.1, 0.2, 0.3)")
    #expect(value(colours, "Lexical.named") == "catalog(Name with \"quotes\" and 🎨)")
    #expect(value(colours, "Lexical.hexFloat") == "srgb(white 0.5)")
    #expect(value(colours, "Lexical.chained") == "srgb(0, 0, 0).opacity(0.5)")
    #expect(value(colours, "Lexical.sameLine") == "srgb(1, 1, 1)")
    #expect(colours["Lexical.sameLine"]?.location.column == 48)
  }
}
