import DarkroomFoundation
import DarkroomRaster
import Foundation

/// The theme drawn as a layout: one row per semantic colour (a swatch, its name, its
/// value in the mode being drawn, and the variant or expression it came from), then
/// the theme's pairs as text on their backgrounds with their contrast ratios.
///
/// It is a layout like the others, named `palette`, so every mode renders it and
/// record and verify cover it (`Golden/palette/<mode>.png`): a colour change shows
/// in the review report. A theme with more colours than one page holds (about 60
/// rows at the tallest snapshot) gets more pages, `palette-2`, `palette-3`, …, so
/// every colour is on a page and a change to the last one still fails verify.
public enum PaletteSheet {
  /// The name the sheet's snapshots go under (its first page's).
  public static let name = "palette"

  /// Whether `layout` is a page of the palette sheet (no layout file may take its
  /// name): its labels show pairs as they are, so the audit and lint skip it, and it
  /// is a specimen, not a scene to benchmark.
  public static func isSheet(_ layout: Layout) -> Bool { isSheetName(layout.name) }

  /// Whether `name` is a page's: `palette` or `palette-<n>`.
  public static func isSheetName(_ name: String) -> Bool {
    guard name != self.name else { return true }
    guard name.hasPrefix(self.name + "-") else { return false }
    return Int(name.dropFirst(self.name.count + 1)) != nil
  }

  /// The sheet's first page for `theme`, or nil when it has no semantic colours.
  public static func layout(for theme: Theme, file: String) -> Layout? { layouts(for: theme, file: file).first }

  /// Every page of the sheet for `theme`: none when it has no semantic colours.
  public static func layouts(for theme: Theme, file: String) -> [Layout] {
    guard !theme.colorOrder.isEmpty else { return [] }
    let at = SourceLocation(file: file, line: 1, column: 1)
    // The theme's text colours, else UIKit's, so the sheet follows the mode either way.
    let ink = ColorExpression.defaultText, quiet = ColorExpression.defaultSecondaryText
    // A swatch's edge stays visible on a page of the same colour.
    let edge = ColorExpression.literal(RGBA8(r: 128, g: 128, b: 128, a: 77))

    // A colour's row is written where the colour is defined (its line in theme.yml,
    // its colour set), so an explanation of a change there points at it.
    func label(
      _ text: String, _ size: Double, _ weight: FontWeight, _ color: ColorExpression, value: LabelValue? = nil,
      at place: SourceLocation = at
    ) -> Node {
      Node(LabelSpec(text: LocalizedText(verbatim: text), size: size, weight: weight, color: color, value: value), at: place)
    }
    func stack(
      _ axis: StackAxis, spacing: Double, padding: Insets = .all(0), align: CrossAlignment,
      decoration: Decoration = .none, at place: SourceLocation = at, _ children: [Node]
    ) -> Node {
      let spec = StackSpec(
        axis: axis, spacing: spacing, padding: padding, alignment: align, decoration: decoration, children: children)
      return Node(spec, at: place)
    }
    func outlined(_ fill: ColorExpression, corner: Double) -> Decoration {
      var shape = Decoration.filled(fill, corner: corner)
      shape.border = edge
      shape.borderWidth = 1
      return shape
    }

    let rowHeight = 52.0, pairHeight = 56.0, spacing = 8.0
    // Every row after the title, with its height.
    var rows: [(node: Node, height: Double)] = []
    for name in theme.colorOrder {
      let place = theme.colorLocations[name] ?? at
      let swatch = Node(BoxSpec(decoration: outlined(.named(name), corner: 8)), at: place).frame(width: 56, height: 36)
      let text = stack(.vertical, spacing: 1, align: .leading, at: place, [
        label(name, 14, .semibold, ink, at: place),
        label("", 12, .regular, quiet, value: .hex(.named(name)), at: place),
        label("", 11, .regular, quiet, value: .variant(name), at: place),
      ])
      rows.append(
        (stack(.horizontal, spacing: 12, align: .center, at: place, [swatch, text]).frame(height: rowHeight), rowHeight))
    }
    if !theme.pairs.isEmpty {
      rows.append((label("Pairs", 17, .semibold, ink), 22))
      for pair in theme.pairs {
        let foreground = ColorExpression.named(pair.foreground), background = ColorExpression.named(pair.background)
        let place = pair.location ?? at
        let card = stack(
          .vertical, spacing: 2, padding: Insets(top: 8, leading: 12, bottom: 8, trailing: 12), align: .leading,
          decoration: outlined(background, corner: 10), at: place, [
            label("Aa  " + pair.foreground + " on " + pair.background, 15, .regular, foreground, at: place),
            label("", 13, .semibold, foreground, value: .contrast(foreground: foreground, background: background), at: place),
          ])
        rows.append((card.frame(height: pairHeight), pairHeight))
      }
    }
    // Pages no taller than a layout may be: the title, then as many rows as fit.
    let titleHeight = 30.0, chrome = 40 + titleHeight
    var pages: [[(node: Node, height: Double)]] = [[]]
    var used = chrome
    for row in rows {
      if let last = pages.last, !last.isEmpty, used + spacing + row.height > Node.maximumSide {
        pages.append([])
        used = chrome
      }
      pages[pages.count - 1].append(row)
      used += spacing + row.height
    }
    return pages.enumerated().map { index, page in
      let title = index == 0 && pages.count == 1 ? "Palette" : "Palette (\(index + 1) of \(pages.count))"
      // A brand theme's sheet says which brand it shows.
      let children = [label(title, 24, .bold, ink, value: .titled(title))] + page.map(\.node)
      let height = chrome + page.reduce(0) { $0 + spacing + $1.height }
      let root = stack(
        .vertical, spacing: spacing, padding: Insets(top: 20, leading: 16, bottom: 20, trailing: 16), align: .fill,
        children)
      return Layout(
        name: index == 0 ? name : "\(name)-\(index + 1)", file: file, width: 390,
        height: min(height.rounded(.up), Node.maximumSide), scale: 2, root: root)
    }
  }
}
