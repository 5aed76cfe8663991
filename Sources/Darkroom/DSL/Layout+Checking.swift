/// The names a layout built in Swift uses, checked against a theme as the parser
/// checks a file's: a colour or image the theme does not have is an error at the
/// line that named it, with a suggestion when a known name is close.
extension Layout {
  /// Throws the first unknown colour or image name, in drawing order.
  public func check(against theme: Theme) throws(DarkroomError) {
    let colors = Set(theme.colorNames)
    func check(_ expression: ColorExpression, at location: SourceLocation) throws(DarkroomError) {
      for name in expression.references where !colors.contains(name) {
        throw DarkroomError("unknown colour '\(name)'", at: location, suggestion: Suggestion.closest(to: name, in: colors))
      }
    }
    func check(_ decoration: Decoration, at location: SourceLocation) throws(DarkroomError) {
      var used = [decoration.fill, decoration.border, decoration.shadow?.color].compactMap { $0 }
      used += decoration.gradient?.colors ?? []
      for expression in used { try check(expression, at: location) }
    }
    func check(_ node: Node) throws(DarkroomError) {
      let at = node.location
      switch node.kind {
      case .stack(let stack):
        try check(stack.decoration, at: at)
        for child in stack.children { try check(child) }
      case .overlay(let overlay):
        try check(overlay.decoration, at: at)
        for child in overlay.children { try check(child) }
      case .label(let label): try check(label.color, at: at)
      case .box(let decoration): try check(decoration, at: at)
      case .button(let button):
        try check(button.face, at: at)
        try check(button.titleColor, at: at)
        if let lip = button.lipColor { try check(lip, at: at) }
      case .icon(let icon): try check(icon.color, at: at)
      case .activity(let indicator): try check(indicator.color, at: at)
      case .divider(let divider): try check(divider.color, at: at)
      case .image(let image): try theme.checkImage(named: image.name, at: at)
      case .spacer: break
      }
    }
    try check(background, at: SourceLocation(file: file, line: 1, column: 1))
    try check(root)
    switch presentation {
    case .sheet(let sheet):
      try check(sheet.background, at: sheet.content.location)
      try check(sheet.content)
    case .alert(let alert):
      try check(alert.background, at: alert.content.location)
      try check(alert.content)
    case nil: break
    }
  }
}
