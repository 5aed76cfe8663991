import DarkroomFoundation

/// The colours a node names, by the key that names them (`fill`, `color`, `tint`…),
/// as written: what a review compares to say that a node's fill went from `key` to
/// `errorText`, which the pixels and the theme alone cannot tell.
extension Element.Kind {
  /// Every colour the node itself names, keyed by role; children are not included.
  var colourReferences: [String: String] {
    var names: [String: String] = [:]
    func add(_ role: String, _ colour: ColorExpression?) {
      if let colour { names[role] = colour.description }
    }
    func add(_ decoration: Decoration) {
      add("fill", decoration.fill)
      add("border", decoration.border)
      if let gradient = decoration.gradient {
        names["gradient"] = gradient.colors.map(\.description).joined(separator: ", ")
      }
      add("shadow", decoration.shadow?.color)
    }
    switch self {
    case .label(let label):
      add("color", label.color)
      for (index, run) in (label.runs ?? []).enumerated() { add("runs.\(index).color", run.color) }
      // Links in a string's Markdown are drawn in the tint: named only when written.
      if label.tint != .defaultTint { add("tint", label.tint) }
      // A text computed from colours (the palette sheet's values) shows them.
      switch label.value {
      case .hex(let expression)?: add("shows", expression)
      case .variant(let name)?: names["shows"] = name
      case .contrast(let foreground, let background)?: names["shows"] = "\(foreground), \(background)"
      case .titled?, nil: break
      }
    case .button(let button):
      add(button.decoration)
      add("tint", button.tint)
      add("text", button.titleColor)
      add("lipColor", button.lipColor)
    case .box(let decoration): add(decoration)
    case .stack(let stack): add(stack.decoration)
    case .overlay(let overlay): add(overlay.decoration)
    case .icon(let icon): add("color", icon.color)
    case .divider(let divider): add("color", divider.color)
    case .activity(let activity): add("color", activity.color)
    case .image, .spacer: break
    }
    return names
  }
}
