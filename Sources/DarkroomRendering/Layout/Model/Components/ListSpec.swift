import DarkroomFoundation
import DarkroomRaster
/// `list`: a table view's sections — a header, rows of cells with separators inset
/// to their titles, a footer — plain, grouped, or inset grouped with rounded
/// sections.
public struct ListSpec: Sendable {
  /// The list's look. Default: `.insetGrouped`.
  public var style: Style = .insetGrouped
  /// The sections, top to bottom.
  public var sections: [Section] = []
  /// The rows' background when a row names none; nil: the style's.
  public var fill: ColorExpression?
  /// How section headers are cased (`textCase`); nil: the style's — capitals in the
  /// grouped styles, as SwiftUI's `Form` and grouped `List` show them, as written in
  /// a plain list.
  public var textCase: TextCase?

  /// How a section header's letters are cased, as SwiftUI's `.textCase(_:)`.
  public enum TextCase: String, Sendable, CaseIterable {
    /// In capitals, by the locale's rules (`.textCase(.uppercase)`).
    case uppercase
    /// As written (`.textCase(nil)`).
    case none
  }

  /// A list's look.
  public enum Style: String, Sendable, CaseIterable {
    /// Edge to edge, on the page's background.
    case plain
    /// Edge to edge sections on the grouped background.
    case grouped
    /// Rounded sections inset from the edges.
    case insetGrouped
  }

  /// One section: a header, rows, a footer.
  public struct Section: Sendable {
    /// Text above the rows, in the footnote style.
    public var header: LocalizedText?
    /// Text below the rows.
    public var footer: LocalizedText?
    /// The rows: cells (`Node.cell`).
    public var rows: [Node] = []

    /// A section of `rows` with an optional header and footer.
    public init(header: LocalizedText? = nil, footer: LocalizedText? = nil, @LayoutBuilder rows: () -> [Node]) {
      self.header = header
      self.footer = footer
      self.rows = rows()
    }
  }
}

extension ListSpec: ComponentSpec {
  package var kind: NodeKind { .list }

  package init(_ r: inout SpecReader, as kind: NodeKind) throws(DarkroomError) {
    try r.read(into: &self, ("style", \.style), ("fill", \.fill), ("textCase", \.textCase))
    sections = try r.list("sections", item: "a section") { (s: inout SpecReader) throws(DarkroomError) in
      var section = Section(rows: { [] })
      try s.read(into: &section, ("header", \.header), ("footer", \.footer))
      section.rows = try s.nodes("rows", item: "a row", as: CellSpec.self, kind: .cell)
      return section
    } ?? []
  }

  /// The rows, which the layout's check walks as it walks any child.
  package var children: [Node] { sections.flatMap(\.rows) }

  package func check(_ c: SpecChecker) throws(DarkroomError) {
    try c.color(fill, "fill")
    for row in children where row.kind != .cell {
      throw DarkroomError("a list's rows are cells, found \(row.kind.named)", at: row.location)
    }
  }

  package func body(at location: SourceLocation) -> Node {
    func node(_ spec: any NodeSpec) -> Node { Node(spec, at: location) }
    func note(_ text: LocalizedText, top: Double, bottom: Double, inset: Double, uppercased: Bool = false) -> Node {
      var label = LabelSpec(text: text, style: .footnote, color: .system(.secondaryLabel), lines: 0)
      label.uppercased = uppercased
      return node(StackSpec(axis: .vertical, padding: Insets(top: top, leading: inset, bottom: bottom, trailing: inset), children: [node(label)]))
    }
    let margin = style == .insetGrouped ? 16.0 : 0
    let headerCase = textCase ?? (style == .plain ? .none : .uppercase)
    let background = fill ?? (style == .plain ? .system(.background) : .system(.secondaryGroupedBackground))
    var children: [Node] = []
    for section in sections {
      var parts: [Node] = []
      if let header = section.header {
        parts.append(note(header, top: 6, bottom: 6, inset: margin + 16, uppercased: headerCase == .uppercase))
      }
      var rows: [Node] = []
      let cells = section.rows.compactMap { node in (node.spec as? CellSpec).map { (node.location, $0) } }
      for (index, (at, row)) in cells.enumerated() {
        rows.append(row.body(at: at, fill: row.fill ?? background))
        // A hairline between rows, hidden beside a selected row as UITableView
        // hides it: the selected row's background takes its half point.
        if index + 1 < cells.count {
          let next = cells[index + 1].1
          if row.selected || next.selected {
            let fill = row.selected ? row.selectedFill : next.selectedFill
            rows.append(node(BoxSpec(decoration: .filled(fill))).frame(height: 0.5))
          } else {
            rows.append(row.separator(at: at))
          }
        }
      }
      var rounded = Decoration()
      if style == .insetGrouped {
        rounded.radii = CornerRadii(10)
        rounded.clip = true
      }
      let block = node(StackSpec(axis: .vertical, decoration: rounded, children: rows))
      parts.append(node(StackSpec(axis: .vertical, padding: Insets(top: 0, leading: margin, bottom: 0, trailing: margin), children: [block])))
      if let footer = section.footer { parts.append(note(footer, top: 6, bottom: 0, inset: margin + 16)) }
      children.append(node(StackSpec(axis: .vertical, children: parts)))
    }
    // A table view scrolls: rows past its visible end are not cut.
    var table = StackSpec(axis: .vertical, spacing: style == .plain ? 0 : 24, children: children)
    table.scrolls = true
    return node(table)
  }
}

extension ListSpec.Style: SpecWord { package static var what: String { "list style" } }
extension ListSpec.TextCase: SpecWord { package static var what: String { "text case" } }
