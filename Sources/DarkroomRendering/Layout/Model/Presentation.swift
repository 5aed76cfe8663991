import DarkroomFoundation

/// Content presented over the screen, as iOS presents it: the screen behind is
/// dimmed, and the presented content is drawn at the elevated level — so elevated
/// colour variants appear there and only there.
public enum Presentation: Sendable {
  /// A sheet rising from the bottom edge, with a grabber and rounded top corners.
  case sheet(SheetSpec)
  /// An alert in the middle of the screen: a title, a message and buttons.
  case alert(AlertSpec)
}

/// A sheet: its height, background and content.
public struct SheetSpec: Sendable {
  /// Height in points, 1…4096; nil: the large detent (the screen below the safe
  /// area's top, less 10 points).
  public var height: Double?
  /// The sheet's background. Default: the theme's `background`, else
  /// `system.background`, resolved at the elevated level.
  public var background: ColorExpression = .defaultBackground
  /// Whether the grabber is drawn. Default: true.
  public var grabber = true
  /// The content, laid out inside the sheet below the grabber.
  public var content: Node
}

/// UIAlertController's alert: 270 points wide, the title and message centred,
/// then the buttons — two side by side split by a hairline (the second preferred,
/// in semibold), otherwise stacked.
public struct AlertSpec: Sendable {
  /// The title.
  public var title: LocalizedText
  /// The message below it.
  public var message: LocalizedText?
  /// The buttons' titles; none is one "OK".
  public var buttons: [LocalizedText] = ["OK"]
  /// The buttons' colour. Default: `system.blue`.
  public var tint: ColorExpression = .system(.blue)
  /// The panel's background. Default: the theme's `background`, else
  /// `system.background`.
  public var background: ColorExpression = .defaultBackground
  /// Where the alert was written.
  let location: SourceLocation

  /// The alert's content, built from its title, message and buttons.
  var content: Node {
    func node(_ spec: any NodeSpec) -> Node { Node(spec, at: location) }
    let ink = ColorExpression.system(.label)
    var texts = [node(LabelSpec(text: title, style: .headline, color: ink, alignment: .center, lines: 0))]
    if let message { texts.append(node(LabelSpec(text: message, style: .footnote, color: ink, alignment: .center, lines: 0))) }
    func rule(vertical: Bool) -> Node {
      let line = node(BoxSpec(decoration: .filled(.system(.separator))))
      return vertical ? line.frame(width: 0.5) : line.frame(height: 0.5)
    }
    func button(_ title: LocalizedText, preferred: Bool) -> Node {
      node(LabelSpec(text: title, style: .body, weight: preferred ? .semibold : .regular, color: tint, alignment: .center, lines: 0))
        .frame(height: 44)
    }
    let titles = buttons.isEmpty ? ["OK"] : buttons
    var rows = [
      node(StackSpec(axis: .vertical, spacing: 4, padding: Insets(top: 19, leading: 16, bottom: 19, trailing: 16), children: texts)),
      rule(vertical: false),
    ]
    if titles.count == 2 {
      let half = 270 / 2 - 0.25
      let pair = [
        button(titles[0], preferred: false).frame(width: half), rule(vertical: true),
        button(titles[1], preferred: true).frame(width: half),
      ]
      rows.append(node(StackSpec(axis: .horizontal, children: pair)).frame(height: 44))
    } else {
      for (index, title) in titles.enumerated() {
        if index > 0 { rows.append(rule(vertical: false)) }
        rows.append(button(title, preferred: index == titles.count - 1 && titles.count > 1))
      }
    }
    return node(StackSpec(axis: .vertical, children: rows)).frame(width: 270)
  }
}

extension Presentation {
  /// The presented nodes, for checks.
  package var nodes: [Node] {
    switch self {
    case .sheet(let sheet): [sheet.content]
    case .alert(let alert): [alert.content]
    }
  }

  /// The presentation's background colour and the key it was written under.
  var background: ColorExpression {
    switch self {
    case .sheet(let sheet): sheet.background
    case .alert(let alert): alert.background
    }
  }
}
