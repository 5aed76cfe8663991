import DarkroomSwiftColors
import Testing

/// Colours whose value is made when the app runs are not guessed: each is
/// skipped with what it is.
@Suite("Swift colours skipped")
struct SwiftColorSkipTests {
  func reason(_ colours: [String: SwiftColorDeclaration], _ name: String) -> String {
    guard let declaration = colours[name] else { return "missing" }
    switch declaration.outcome {
    case .color(let value): return "read as \(value)"
    case .skipped(let why): return why
    }
  }

  @Test func runTimeValuesAreSkippedWithWhy() throws {
    let colours = try Fixtures.colours("Skipped.swift")
    #expect(reason(colours, "Skipped.computed") == "red: `colorValue(195)` calls a function, run when the app runs")
    #expect(reason(colours, "Skipped.chosen") == "chooses by `Bool.random()`, decided when the app runs")
    #expect(
      reason(colours, "Skipped.stuck")
        == "chooses by `UITraitCollection.current.userInterfaceStyle == .dark` once, when it is read: a fixed colour, not one that follows the appearance")
    #expect(reason(colours, "Skipped.tint") == "stored by `@AppStorage` in the app's settings: known when the app runs")
    #expect(reason(colours, "Skipped.mixed") == "calls `.mix(…)` on a colour, computed when the app runs")
    #expect(reason(colours, "Skipped.debugOnly") == "under `#if DEBUG`, a condition of the build Darkroom does not decide")
    #expect(reason(colours, "Skipped.p3Colour") == "AppKit's NSColor.systemBlue: Darkroom reads colours as an iPhone app draws them")
  }

  @Test func literalsThatCannotBeAColourAreSkippedNotClamped() throws {
    let colours = try Fixtures.colours("Skipped.swift")
    #expect(
      reason(colours, "Skipped.eight")
        == "`0xFF0000FF` has more than six hex digits: whether alpha comes first or last is the helper's choice, not guessed")
    #expect(
      reason(colours, "Skipped.bright")
        == "red 230 is outside 0…1: iOS would draw it clamped unless an initializer of the app's reads 0–255; not guessed")
    #expect(reason(colours, "Skipped.infinite") == "red: `1e309` is not a finite number")
    #expect(reason(colours, "Skipped.zero") == "red: `1 / 0` divides by zero")
  }

  @Test func aNameTheFilesDoNotDefineIsSkippedWithWhereItIsWritten() throws {
    let colours = try Fixtures.colours("Skipped.swift")
    #expect(
      reason(colours, "Skipped.missing")
        == "refers to `Color.nowhere` (line 14), which is not a colour these files define (a colour of an asset catalog has its catalog name: `Color(\"…\")`)"
    )
  }

  @Test func valuesOfOtherTypesAreNotColours() throws {
    let colours = try Fixtures.colours("Skipped.swift")
    for name in ["NotColours.shared", "NotColours.font", "NotColours.title", "NotColours.count"] {
      #expect(colours[name] == nil, "\(name)")
    }
  }

  @Test func anInitializerTheAppDeclaresIsItsOwnCode() throws {
    let text = """
      import UIKit
      extension UIColor {
        convenience init(red: Int, green: Int, blue: Int) {
          let scale: CGFloat = 255
          self.init(red: CGFloat(red) / scale, green: CGFloat(green) / scale, blue: CGFloat(blue) / scale, alpha: 1)
        }
        static let brand = UIColor(red: 60, green: 100, blue: 244)
      }
      """
    let colours = try SwiftColorReader.read([try SwiftFile(path: "t.swift", text: text)])
    let byName = Dictionary(colours.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    #expect(reason(byName, "UIColor.brand") == "calls `UIColor.init(red:green:blue:)`, declared at t.swift:3:15: the app's own code, not read")
  }

  @Test func aHelperThatComputesMoreThanOneExpressionIsSkippedWithWhereItIs() throws {
    let text = """
      import SwiftUI
      func shade(_ level: Int) -> Color {
        let value = Double(level) / 10
        return Color(white: value)
      }
      enum Greys {
        static let mid = shade(5)
      }
      """
    let colours = try SwiftColorReader.read([try SwiftFile(path: "t.swift", text: text)])
    let byName = Dictionary(colours.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    #expect(
      reason(byName, "Greys.mid")
        == "calls `shade(…)` (t.swift:2:1), a function whose body the reader does not follow: its value is made when the app runs")
  }

  @Test func aNameDefinedTwiceIsSkippedBothTimes() throws {
    let a = try SwiftFile(path: "A.swift", text: "import SwiftUI\nextension Color {\n  static let brand = Color.red\n}")
    let b = try SwiftFile(path: "B.swift", text: "import SwiftUI\nextension Color {\n  static let brand = Color.blue\n}")
    let colours = try SwiftColorReader.read([a, b])
    #expect(colours.count == 2)
    for colour in colours {
      #expect(
        colour.outcome == .skipped("defined 2 times (A.swift:3, B.swift:3): which one the app sees is not decided here"))
    }
  }

  @Test func aConditionOtherThanTheAppearanceInAProviderIsSkipped() throws {
    let text = """
      import UIKit
      extension UIColor {
        static let sized = UIColor { $0.horizontalSizeClass == .compact ? .red : .blue }
        static let guarded = UIColor { traits in
          guard traits.userInterfaceStyle == .dark else { return .white }
          return .black
        }
      }
      """
    let colours = try SwiftColorReader.read([try SwiftFile(path: "t.swift", text: text)])
    let byName = Dictionary(colours.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    #expect(reason(byName, "UIColor.sized") == "chooses by `$0.horizontalSizeClass == .compact`, not by the appearance alone")
    #expect(reason(byName, "UIColor.guarded") == "its body has a `guard` (line 5), which the reader does not follow")
  }
}
