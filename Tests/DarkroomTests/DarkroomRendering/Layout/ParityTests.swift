import Darkroom
import DarkroomRaster
import Testing

/// A layout written in YAML and the same layout written in Swift give the same
/// display lists in every mode and fail with the same messages: both front ends build
/// the same specs, and one check judges them.
@Suite("YAML and Swift agree")
struct ParityTests {
  let theme: Theme
  init() throws { theme = try Theme.load(file: Paths.layouts + "/theme.yml") }

  /// Each kind with its keys written out, in YAML and in Swift.
  static let cases: [(kind: NodeKind, yaml: String, swift: Node)] = [
    (.vstack, "vstack: { spacing: 4, padding: [2, 6], align: center, distribution: fillEqually, fill: backgroundElevated, corner: 8, children: [ { box: { height: 10, fill: key } }, { label: { text: a } } ] }",
     Node.vstack(spacing: 4, padding: .symmetric(vertical: 2, horizontal: 6), align: .center, distribution: .fillEqually) {
       Node.box(height: 10).fill(.named("key"))
       Node.label("a")
     }.fill(.named("backgroundElevated"), corner: 8)),
    (.hstack, "hstack: { spacing: 6, align: baseline, clip: true, corner: 4, children: [ { label: { text: Total, style: body } }, spacer, { label: { text: \"$9\", style: title3 } } ] }",
     Node.hstack(spacing: 6, align: .baseline) {
       Node.label("Total", style: .body)
       Node.spacer()
       Node.label("$9", style: .title3)
     }.corner(4).clipped()),
    (.zstack, "zstack: { align: bottomTrailing, padding: 4, border: keyBorder, borderWidth: 2, children: [ { box: { fill: key } }, { label: { text: z } } ] }",
     Node.zstack(align: .bottomTrailing, padding: .all(4)) {
       Node.box().fill(.named("key"))
       Node.label("z")
     }.border(.named("keyBorder"), width: 2)),
    (.label, "label: { text: \"Long words wrap here\", style: headline, weight: bold, color: secondaryText, align: center, lines: 2, truncation: middle, lineHeight: 24, letterSpacing: 1, underline: true, strikethrough: true, width: 120, opacity: 0.5 }",
     Node.label(
       "Long words wrap here", style: .headline, weight: .bold, color: .named("secondaryText"), align: .center, lines: 2,
       truncation: .middle, lineHeight: 24, letterSpacing: 1, underline: true, strikethrough: true
     ).frame(width: 120).opacity(0.5)),
    (.box, "box: { height: 30, gradient: { colors: [heroTop, heroBottom], direction: right }, shadow: { color: cardShadow, y: 2, blur: 6 }, corner: [4, 8, 12, 16], cornerCurve: continuous }",
     Node.box(height: 30).gradient([.named("heroTop"), .named("heroBottom")], direction: .right)
       .shadow(.named("cardShadow"), y: 2, blur: 6)
       .corner(CornerRadii(topLeft: 4, topRight: 8, bottomRight: 12, bottomLeft: 16), curve: .continuous)),
    (.button, "button: { title: Pay, fill: key, text: keyInverted, border: keyBorder, lip: 4, lipColor: keyLip, corner: 10, state: pressed }",
     Node.button(
       "Pay", state: .pressed, fill: .named("key"), text: .named("keyInverted"), border: .named("keyBorder"), lip: 4,
       lipColor: .named("keyLip"), corner: 10)),
    (.spacer, "vstack: { children: [ { spacer: { minLength: 8 } }, { label: { text: s } } ] }",
     Node.vstack { Node.spacer(minLength: 8); Node.label("s") }),
    (.icon, "icon: { name: bell, size: 30, weight: 2.5, color: actionIcon }",
     Node.icon(.bell, size: 30, color: .named("actionIcon"), weight: 2.5)),
    (.image, "image: { name: logo, corner: 6, cornerCurve: continuous }",
     Node.image("logo", corner: 6, cornerCurve: .continuous)),
    (.divider, "vstack: { children: [ divider, { divider: { thickness: 2, color: key } } ] }",
     Node.vstack { Node.divider(); Node.divider(color: .named("key"), thickness: 2) }),
    (.activity, "activity: { style: large, color: key }", Node.activity(style: .large, color: .named("key"))),
    (.card, "card: { title: Card, subtitle: Sub, image: landscape, imageHeight: 60, spacing: 4, children: [ { label: { text: inside } } ] }",
     Node.card(title: "Card", subtitle: "Sub", image: "landscape", imageHeight: 60, spacing: 4) { Node.label("inside") }),
    (.switch, "switch: { on: true, tint: key }", Node.switch(on: true, tint: .named("key"))),
    (.badge, "badge: { text: \"12\", fill: key }", Node.badge("12", fill: .named("key"))),
    (.cell, "cell: { title: Orders, subtitle: Today, icon: cart, accessory: detail, detail: \"3\", selected: true }",
     Node.cell(title: "Orders", subtitle: "Today", icon: .cart, accessory: .detail, detail: "3", selected: true)),
    (.list, "list: { style: grouped, sections: [ { header: Head, footer: Foot, rows: [ { title: A, accessory: chevron }, { title: B, accessory: switch, on: true } ] } ] }",
     Node.list(style: .grouped, sections: [
       ListSpec.Section(header: "Head", footer: "Foot") {
         Node.cell(title: "A", accessory: .chevron)
         Node.cell(title: "B", accessory: .switch, on: true)
       }
     ])),
    (.segmented, "segmented: { items: [Day, Week, Month], selected: 1 }", Node.segmented(["Day", "Week", "Month"], selected: 1)),
    (.searchfield, "searchfield: { text: Bitcoin }", Node.searchField(text: "Bitcoin")),
    (.navbar, "navbar: { title: Orders, style: inline, back: Home, trailing: [plus, gear] }",
     Node.navigationBar("Orders", style: .inline, back: "Home", trailing: [.plus, .gear])),
    (.navbar, "navbar: { title: Settings, leading: [ { image: logo, size: 30 } ], trailing: [ { text: Done, style: done }, gear ] }",
     Node.navigationBar("Settings", leading: [.image("logo", size: 30)], trailing: [.text("Done", done: true), .icon(.gear)])),
    (.tabbar, "tabbar: { items: [ { icon: house, title: Home }, { icon: person, title: Me } ], selected: 1 }",
     Node.tabBar([TabBarSpec.Item(icon: .house, title: "Home"), TabBarSpec.Item(icon: .person, title: "Me")], selected: 1)),
  ]

  @Test func everyKindHasACase() {
    #expect(Set(Self.cases.map(\.kind)) == Set(NodeKind.allCases))
  }

  @Test(arguments: cases.indices)
  func eachKindDrawsTheSameFromYAMLAndSwift(_ index: Int) throws {
    let (kind, yaml, node) = Self.cases[index]
    let fromYAML = try CheckingParser(theme: theme).parse("size: [300, 200]\nroot:\n  \(yaml)\n", file: "k.yml", name: "k")
    let fromSwift = Layout("k", width: 300, height: 200) { node }
    try fromSwift.check(against: theme)
    for mode in theme.modes {
      let a = try LayoutEngine(theme: theme, traits: mode.traits).displayList(for: fromYAML).description
      let b = try LayoutEngine(theme: theme, traits: mode.traits).displayList(for: fromSwift).description
      #expect(a == b, "\(kind) in \(mode.name)")
      #expect(a.split(separator: "\n").count > 1, "\(kind) draws something")
    }
  }

  /// `scrolls: true` changes no drawing, only what the truncation audit calls cut:
  /// the same from both front ends.
  @Test func aScrollingStackIsTheSameFromYAMLAndSwift() throws {
    let rows = (0..<12).map { "{ label: { text: \"Row \($0)\" } }" }.joined(separator: ", ")
    for scrolls in [true, false] {
      let yaml = "size: [300, 200]\nroot:\n  vstack: { scrolls: \(scrolls), children: [ \(rows) ] }\n"
      let fromYAML = try CheckingParser(theme: theme).parse(yaml, file: "k.yml", name: "k")
      let fromSwift = Layout("k", width: 300, height: 200) {
        Node.vstack(scrolls: scrolls) { for row in 0..<12 { Node.label("Row \(row)") } }
      }
      let a = try LayoutEngine(theme: theme, traits: Traits()).displayList(for: fromYAML)
      let b = try LayoutEngine(theme: theme, traits: Traits()).displayList(for: fromSwift)
      #expect(a.description == b.description)
      #expect(a.truncations.map(\.text) == b.truncations.map(\.text))
      #expect(a.truncations.isEmpty == scrolls, "rows past the end are cut only when the stack does not scroll")
    }
  }

  /// The same mistake from both front ends: the same message (a file points at the
  /// value, Swift at the call).
  static let mistakes: [(yaml: String, swift: Node, message: String)] = [
    ("button: { title: Go, style: filled, lip: 4 }", Node.button("Go", style: .filled, lip: 4),
     "only a lipped button has a lip (this one is filled)"),
    ("button: { title: Go, lip: 4 }", Node.button("Go", lip: 4), "a button with a lip needs a 'fill' or a 'lipColor'"),
    ("label: { text: hi, color: primaryTxt }", Node.label("hi", color: .named("primaryTxt")),
     "unknown colour 'primaryTxt'; did you mean 'primaryText'?"),
    ("label: { text: hi, lines: -1 }", Node.label("hi", lines: -1), "lines must be between 0 and 1000, found -1"),
    ("vstack: { spacing: -5 }", Node.vstack(spacing: -5) {}, "spacing must be between 0 and 1000, found -5"),
    ("box: { opacity: 2 }", Node.box().opacity(2), "opacity must be between 0 and 1, found 2"),
    ("image: { name: logoo }", Node.image("logoo"), "unknown image 'logoo' (known: landscape, logo); did you mean 'logo'?"),
    ("segmented: { items: [A, B], selected: 2 }", Node.segmented(["A", "B"], selected: 2),
     "selected must be between 0 and 1, found 2"),
    ("box: { minWidth: 20, maxWidth: 10 }", Node.box().frame(minWidth: 20, maxWidth: 10), "minWidth 20 is more than maxWidth 10"),
    ("box: { shadow: { color: key, blur: 300 } }", Node.box().shadow(.named("key"), blur: 300),
     "the shadow's blur must be between 0 and 200, found 300"),
  ]

  @Test(arguments: mistakes.indices)
  func eachMistakeGivesTheSameMessage(_ index: Int) throws {
    let (yaml, node, message) = Self.mistakes[index]
    let fromYAML = expectThrows(DarkroomError.self) {
      try CheckingParser(theme: theme).parse("size: [300, 200]\nroot:\n  \(yaml)\n", file: "m.yml", name: "m")
    }
    let fromSwift = expectThrows(DarkroomError.self) { try Layout("m", width: 300, height: 200) { node }.check(against: theme) }
    #expect(fromYAML?.message == fromSwift?.message)
    #expect(fromYAML?.description.hasSuffix(message) == true, "\(fromYAML?.description ?? "no error")")
    #expect(fromYAML?.location?.file == "m.yml" && fromYAML?.location?.line == 3)
    #expect(fromSwift?.location?.file == "DarkroomTests/ParityTests.swift")
  }

  @Test func defaultsThatDependOnTheThemeAreDecidedWhenColoursResolve() throws {
    // The same file under a theme with `primaryText` and one without: one parse,
    // two colours.
    let layout = try LayoutParser().parse("size: [100, 40]\nroot:\n  label: { text: Hi }\n", file: "a.yml", name: "a")
    let plain = try Theme.parse("colors:\n  tint: system.blue\n", file: "theme.yml")
    func ink(_ theme: Theme) throws -> String {
      let list = try LayoutEngine(theme: theme, traits: Traits()).displayList(for: layout)
      return String(list.description.split(separator: "\n")[1].split(separator: " ").last ?? "")
    }
    #expect(try ink(theme) == "#313440", "the showcase's primaryText")
    #expect(try ink(plain) == "#000000", "UIKit's label colour")
  }
}
