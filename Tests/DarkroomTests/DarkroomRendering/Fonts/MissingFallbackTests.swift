import Foundation
import Testing

@testable import Darkroom
@testable import DarkroomFoundation
@testable import DarkroomRendering

/// Text that needs a fallback family this machine does not have is a located error
/// naming the text and the family, not boxes.
@Suite("A missing fallback face")
struct MissingFallbackTests {
  /// A context whose library holds only Inter's folder, and Noto Sans CJK as the
  /// one fallback: the family a Japanese label needs is nowhere.
  static func contextWithoutCJK() throws -> RenderContext {
    let inter = try #require(testFonts.library.face(of: "Inter", weight: .regular))
    let library = FontLibrary(folders: [(inter.path as NSString).deletingLastPathComponent])
    return RenderContext(fonts: FontBook(library: library, fallbackFamilies: ["Noto Sans CJK JP"]))
  }

  static let yaml = """
    size: [200, 80]
    root:
      vstack:
        children:
          - label: { text: "Order 42" }
          - label: { text: "注文を発送" }
    """

  @Test func aLabelThatNeedsItIsALocatedError() throws {
    let theme = try Theme.parse("colors:\n  ink: \"#000000\"\n", file: "theme.yml")
    let layout = try CheckingParser(theme: theme).parse(Self.yaml, file: "orders.yml", name: "orders")
    let engine = LayoutEngine(theme: theme, traits: Traits(), context: try Self.contextWithoutCJK())
    let error = expectThrows(DarkroomError.self) { try engine.displayList(for: layout) }
    let line = error?.diagnostic.description ?? ""
    #expect(line.hasPrefix("orders.yml:6:9: error: label \"注文を発送\" needs the font family 'Noto Sans CJK JP' for '注' (U+6CE8)"), "\(line)")
    #expect(!line.contains("\n"))
  }

  @Test func textTheFacesHaveNeedsNoFallback() throws {
    let theme = try Theme.parse("colors:\n  ink: \"#000000\"\n", file: "theme.yml")
    let layout = try CheckingParser(theme: theme).parse(
      "size: [200, 40]\nroot:\n  label: { text: \"Order 42\" }\n", file: "orders.yml", name: "orders")
    let list = try LayoutEngine(theme: theme, traits: Traits(), context: try Self.contextWithoutCJK()).displayList(for: layout)
    #expect(list.warnings.isEmpty)
  }
}
