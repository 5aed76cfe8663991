import DarkroomRaster
import Foundation
import Testing

@testable import Darkroom
@testable import DarkroomFoundation
@testable import DarkroomRendering

/// Right-to-left layouts, checked against what UIKit's mirroring means: the
/// display list drawn in Arabic is the English one reflected about the canvas's
/// vertical centre line — every shape, frame and line — while text still reads as it
/// does (its line's box is reflected, not its glyphs), directional icons (chevrons)
/// point the other way, and other icons and images are drawn unflipped in reflected
/// frames. The text is written in the layout, so both locales show the same words.
@Suite("Mirroring")
struct MirroringTests {
  static let width = 390.0

  /// One component (or primitive) per case, in a canvas without a status bar.
  static let components: [(name: String, yaml: String)] = [
    ("hstack with uneven padding", "hstack: { padding: [4, 10, 4, 30], spacing: 8, children: [{ box: { width: 40, height: 20, fill: primaryText } }, { box: { width: 60, height: 20, fill: actionBackground } }, spacer] }"),
    ("vstack aligned leading", "vstack: { align: leading, padding: [0, 24, 0, 8], children: [{ box: { width: 50, height: 10, fill: primaryText } }, { label: { text: Leading } }] }"),
    ("vstack aligned trailing", "vstack: { align: trailing, children: [{ box: { width: 50, height: 10, fill: primaryText } }] }"),
    ("zstack at the top leading corner", "zstack: { align: topLeading, padding: [0, 0, 0, 12], width: fill, height: 60, children: [{ box: { width: 30, height: 30, fill: primaryText } }] }"),
    ("label aligned leading in a wide frame", "label: { text: \"Order total\", width: fill }"),
    ("label aligned trailing", "label: { text: \"$42.00\", align: trailing, width: fill }"),
    ("two-line label", "label: { text: \"A label long enough to wrap onto a second line in this frame\", lines: 2, width: 200 }"),
    ("button", "hstack: { spacing: 12, children: [{ button: { title: Ship, width: fill } }, { button: { title: Later, width: 100 } }] }"),
    ("icons: a bell stays, chevrons flip", "hstack: { spacing: 10, children: [{ icon: { name: bell } }, { icon: { name: chevron.right } }, { icon: { name: chevron.left } }, spacer] }"),
    ("image", "hstack: { children: [{ image: { name: photo, width: 80, height: 40 } }, spacer] }"),
    ("divider", "hstack: { spacing: 8, height: 30, children: [{ box: { width: 20, height: 20, fill: primaryText } }, divider, spacer] }"),
    ("navbar, large, with back button", "navbar: { title: Orders, back: Store, trailing: [bell, gear] }"),
    ("navbar, inline", "navbar: { title: Orders, style: inline, back: Back }"),
    ("tabbar", "tabbar: { selected: 1, items: [{ icon: house, title: Home }, { icon: list.bullet, title: Orders }, { icon: cart, title: Cart }] }"),
    ("segmented", "segmented: { items: [All, Open, Shipped], selected: 0 }"),
    ("searchfield", "searchfield: { placeholder: Search orders }"),
    ("switch on", "hstack: { children: [{ switch: { on: true } }, spacer] }"),
    ("switch off", "hstack: { children: [{ switch: { on: false } }, spacer] }"),
    ("badge", "hstack: { children: [{ badge: { text: \"12\" } }, spacer] }"),
    ("cell with icon, subtitle, detail and chevron", "cell: { title: Orders, subtitle: 3 waiting, icon: cart, detail: \"$42\", accessory: chevron }"),
    ("cell with a switch", "cell: { title: Notifications, accessory: switch, on: true }"),
    ("cell with a badge", "cell: { title: Inbox, accessory: badge, badge: \"3\" }"),
    ("list, inset grouped", "list: { style: insetGrouped, sections: [{ header: Today, footer: All times local, rows: [{ title: One, accessory: chevron }, { title: Two, detail: Off }] }] }"),
    ("card", "card: { title: Revenue, subtitle: Today, padding: 12, children: [{ label: { text: \"$8,240\" } }] }"),
  ]

  @Test("a component drawn right to left is its left-to-right drawing reflected", arguments: components.map(\.name))
  func mirrored(name: String) throws {
    let yaml = try #require(Self.components.first { $0.name == name }).yaml
    let (theme, layout) = try Self.project(root: yaml)
    let english = try LayoutEngine(theme: theme, traits: Traits(), locale: "en").displayList(for: layout)
    let arabic = try LayoutEngine(theme: theme, traits: Traits(), locale: "ar").displayList(for: layout)
    let expected = english.commands.map { Self.signature(Self.reflected($0)) }
    #expect(arabic.commands.map(Self.signature) == expected)
    // The engine's placements, which reviews name, are reflected too.
    #expect(arabic.placements.map { Self.round($0.frame) } == english.placements.map { Self.round(Self.reflected($0.frame)) })
  }

  @Test("a layout in a right-to-left locale differs from its left-to-right drawing") func mirroringChangesSomething() throws {
    // Guards the test above against an engine that mirrors nothing and a reflection
    // that changes nothing: an asymmetric row must move.
    let (theme, layout) = try Self.project(root: Self.components[0].yaml)
    let english = try LayoutEngine(theme: theme, traits: Traits(), locale: "en").displayList(for: layout)
    let arabic = try LayoutEngine(theme: theme, traits: Traits(), locale: "ar").displayList(for: layout)
    #expect(arabic.commands.map(Self.signature) != english.commands.map(Self.signature))
  }

  @Test("an activity indicator moves to the reflected place and spins the same way") func activity() throws {
    // UIKit does not mirror UIActivityIndicatorView: its spokes fade clockwise in
    // every language, so they are moved, not reflected.
    let (theme, layout) = try Self.project(root: "hstack: { spacing: 8, height: 30, children: [activity, spacer] }")
    let english = try LayoutEngine(theme: theme, traits: Traits(), locale: "en").displayList(for: layout)
    let arabic = try LayoutEngine(theme: theme, traits: Traits(), locale: "ar").displayList(for: layout)
    let frame = try #require(english.placements.first { $0.kind == "activity" }).frame
    let shift = Self.reflected(frame).x - frame.x
    #expect(shift > 300)
    let expected = english.commands.map { command -> String in
      guard case .line(let from, let to, let width, let color) = command else { return Self.signature(command) }
      return Self.signature(.line(from: Point(x: from.x + shift, y: from.y), to: Point(x: to.x + shift, y: to.y), width: width, color: color))
    }
    #expect(arabic.commands.map(Self.signature) == expected)
  }

  @Test("mirror: false keeps a subtree as drawn, in its reflected place") func mirrorFalse() throws {
    let row = "hstack: { mirror: false, width: 200, spacing: 8, children: [{ box: { width: 40, height: 20, fill: primaryText } }, { box: { width: 60, height: 20, fill: actionBackground } }, spacer] }"
    let (theme, layout) = try Self.project(root: "hstack: { children: [\(row), spacer] }")
    let english = try LayoutEngine(theme: theme, traits: Traits(), locale: "en").displayList(for: layout)
    let arabic = try LayoutEngine(theme: theme, traits: Traits(), locale: "ar").displayList(for: layout)
    // The 200-point row moves to the right edge; inside it, the boxes keep their order.
    let shift = Self.width - 200
    let expected = english.commands.map { command -> String in
      guard case .fill(let shape, let paint) = command else { return Self.signature(command) }
      var moved = shape
      moved.rect.x += shift
      return Self.signature(.fill(moved, paint: paint))
    }
    #expect(arabic.commands.map(Self.signature) == expected)
  }

  @Test("the pseudo-locale ar-XB mirrors like Arabic") func pseudoBidiMirrors() throws {
    let (theme, layout) = try Self.project(root: Self.components[0].yaml)
    let english = try LayoutEngine(theme: theme, traits: Traits(), locale: "en").displayList(for: layout)
    let pseudo = try LayoutEngine(theme: theme, traits: Traits(), locale: "ar-XB").displayList(for: layout)
    #expect(pseudo.commands.map(Self.signature) == english.commands.map { Self.signature(Self.reflected($0)) })
  }

  // MARK: The reflection

  static func project(root: String) throws -> (Theme, Layout) {
    let folder = try TemporaryFolder()
    let png = try PixelBuffer(width: 4, height: 2, fill: RGBA8(r: 200, g: 40, b: 40)).pngData()
    try Data(png).write(to: URL(fileURLWithPath: folder.path + "/photo.png"))
    let themeFile = try folder.write("theme.yml", testTheme + "\nimages:\n  photo: photo.png\n")
    let theme = try Theme.load(file: themeFile)
    let layout = try LayoutParser().parse("size: [\(Int(width)), 300]\nroot:\n  \(root)\n", file: "t.yml", name: "t")
    try layout.check(against: theme)
    return (theme, layout)
  }

  static func reflected(_ x: Double) -> Double { width - x }
  static func reflected(_ r: Rect) -> Rect { Rect(x: width - r.maxX, y: r.y, width: r.width, height: r.height) }
  static func reflected(_ p: Point) -> Point { Point(x: width - p.x, y: p.y) }
  static func reflected(_ shape: RoundedRect) -> RoundedRect {
    var result = shape
    result.rect = reflected(shape.rect)
    let r = shape.radii
    result.radii = CornerRadii(topLeft: r.topRight, topRight: r.topLeft, bottomRight: r.bottomLeft, bottomLeft: r.bottomRight)
    return result
  }

  /// What UIKit draws for `command` in a mirrored interface.
  static func reflected(_ command: DisplayList.Command) -> DisplayList.Command {
    switch command {
    case .fill(let shape, .solid(let color)): return .fill(reflected(shape), paint: .solid(color))
    case .fill(let shape, .linearGradient(let gradient)):
      var flipped = gradient
      flipped.start = reflected(gradient.start)
      flipped.end = reflected(gradient.end)
      return .fill(reflected(shape), paint: .linearGradient(flipped))
    case .border(let shape, let width, let dashes, let color):
      return .border(reflected(shape), width: width, dashes: dashes, color: color)
    case .text(let line, let origin, let color):
      // The line still reads left to right or right to left as its script does; its
      // box moves to the reflected place.
      return .text(line, origin: Point(x: width - origin.x - line.width, y: origin.y), color: color)
    case .shadow(let shape, let shadow): return .shadow(reflected(shape), shadow)
    case .icon(let icon, let frame, let lineWidth, let color):
      let turned: Icon = icon == .chevronLeft ? .chevronRight : icon == .chevronRight ? .chevronLeft : icon
      return .icon(turned, frame: reflected(frame), lineWidth: lineWidth, color: color)
    case .symbol(let symbol, let frame, let color): return .symbol(symbol, frame: reflected(frame), color: color)
    case .line:
      // Only activity indicators draw lines; they are checked on their own.
      return command
    case .image(let image, let frame): return .image(image, frame: reflected(frame))
    case .group(let clip, let opacity, let commands):
      return .group(clip: clip.map(reflected), opacity: opacity, commands: commands.map(reflected))
    case .backdropBlur(let shape, let sigma): return .backdropBlur(reflected(shape), sigma: sigma)
    case .snapshot(let list, let frame):
      // The nested screen mirrors itself, drawn by an engine in the same locale.
      return .snapshot(list, frame: reflected(frame))
    }
  }

  static func round(_ value: Double) -> String { String(format: "%.2f", (value * 100).rounded() / 100 + 0) }
  static func round(_ r: Rect) -> String { [r.x, r.y, r.width, r.height].map(round).joined(separator: ",") }
  static func round(_ p: Point) -> String { round(p.x) + "," + round(p.y) }
  static func round(_ s: RoundedRect) -> String {
    round(s.rect) + " r" + [s.radii.topLeft, s.radii.topRight, s.radii.bottomRight, s.radii.bottomLeft].map(round).joined(separator: ",")
  }

  /// A command as text with coordinates to a hundredth of a point, so a reflection
  /// computed another way compares equal.
  static func signature(_ command: DisplayList.Command) -> String {
    switch command {
    case .fill(let shape, .solid(let color)): return "fill \(round(shape)) \(color.hex)"
    case .fill(let shape, .linearGradient(let g)):
      return "gradient \(round(shape)) \(round(g.start))→\(round(g.end)) \(g.stops.map { $0.color.hex })"
    case .border(let shape, let width, let dashes, let color): return "border \(round(shape)) \(width) \(dashes) \(color.hex)"
    case .text(let line, let origin, let color): return "text \"\(line.text)\" \(round(origin)) \(color.hex)"
    case .shadow(let shape, let shadow): return "shadow \(round(shape)) \(shadow)"
    case .icon(let icon, let frame, let lineWidth, let color): return "icon \(icon) \(round(frame)) \(lineWidth) \(color.hex)"
    case .symbol(let symbol, let frame, let color): return "symbol \(symbol.template.name) \(symbol.design) \(round(frame)) \(color.hex)"
    case .line(let from, let to, let width, let color): return "line \(round(from))→\(round(to)) \(width) \(color.hex)"
    case .image(let image, let frame): return "image \(image.name) \(round(frame))"
    case .group(let clip, let opacity, let commands):
      return "group \(clip.map(round) ?? "-") \(opacity) [" + commands.map(signature).joined(separator: "; ") + "]"
    case .backdropBlur(let shape, let sigma): return "backdrop blur \(round(shape)) \(sigma)"
    case .snapshot(let list, let frame):
      return "snapshot \(round(frame)) [" + list.commands.map(signature).joined(separator: "; ") + "]"
    }
  }
}
