import Foundation

/// One thing lint found, at the place it was written.
public struct LintFinding: Sendable, Equatable, CustomStringConvertible {
  /// Where.
  public let location: SourceLocation
  /// What, in one line.
  public let message: String

  /// The finding as a warning diagnostic.
  public var diagnostic: Diagnostic { Diagnostic(.warning, message, at: location) }

  /// `file:line:column: warning: message`.
  public var description: String { diagnostic.description }
}

/// Checks a project for colour habits that make dark mode break: layouts naming raw
/// palette colours or hex values instead of semantic colours, surfaces whose colour
/// is the same in light and dark, and semantic colours nothing uses.
///
/// It reads the files again for where each colour was written; problems that stop
/// a project from loading (unknown names, cycles) are errors before lint runs.
public enum Lint {
  /// Keys whose value is a colour painted as a surface behind content.
  static let surfaceKeys: Set<String> = ["fill", "background", "lipColor", "selectedFill", "thumb"]
  /// Every key whose value is a colour (besides gradients and shadows), the
  /// components' among them.
  static let colorKeys: Set<String> = surfaceKeys.union(
    ["border", "color", "text", "tint", "iconColor", "titleColor", "subtitleColor"])

  /// The findings for a loaded project, files in name order, each file in order.
  public static func check(_ project: Project) throws(DarkroomError) -> [LintFinding] {
    let theme = project.theme
    var findings: [LintFinding] = []
    var used: Set<String> = []
    for layout in project.layouts where !PaletteSheet.isSheet(layout) {
      let text = try FileStore.readText(layout.file, what: "the layout")
      let root = try YAMLNode.parse(text, file: layout.file)
      var uses: [(text: String, location: SourceLocation, surface: Bool)] = []
      collect(root, key: nil, kind: nil, into: &uses)
      for use in uses {
        var parser = ColorExpressionParser(use.text, start: use.location)
        guard let expression = try? parser.parse() else { continue }
        for reference in parser.references {
          used.insert(reference.name)
          if theme.palette[reference.name] != nil {
            findings.append(
              LintFinding(
                location: reference.location,
                message: "'\(reference.name)' is a raw palette colour; name a semantic colour so dark mode can change it"))
          }
        }
        if expression.containsLiteral {
          findings.append(
            LintFinding(
              location: use.location,
              message: "hex colour '\(use.text)' in a layout; define a semantic colour in the theme instead"))
        }
        if use.surface, !expression.containsLiteral, parser.references.allSatisfy({ theme.colors[$0.name] != nil }) {
          let light = theme.resolve(expression, in: Traits()), dark = theme.resolve(expression, in: Traits(style: .dark))
          if light == dark && light.a > 0 {
            findings.append(
              LintFinding(
                location: use.location,
                message: "surface colour '\(use.text)' is \(light.hex) in light and dark; give it a dark variant"))
          }
        }
      }
    }
    findings += try unused(theme, usedByLayouts: used, project: project)
    return findings
  }

  /// Colour values under colour keys, gradients' lists and shadows' `color`. `kind`
  /// is the node kind the value belongs to: a label's `text` is words, a button's
  /// `text` is its title's colour.
  private static func collect(
    _ node: YAMLNode, key: String?, kind: String?,
    into uses: inout [(text: String, location: SourceLocation, surface: Bool)]
  ) {
    switch node.node {
    case .scalar(let scalar):
      guard let key else { return }
      if key == "text" && kind != "button" { return }
      if colorKeys.contains(key) || key == "gradient-colour" || key == "shadow-colour" {
        uses.append((scalar.string, node.textLocation, surfaceKeys.contains(key) || key == "gradient-colour"))
      }
    case .sequence:
      let inGradient = key == "gradient" || key == "colors"
      for item in (try? node.sequence("a list")) ?? [] {
        collect(item, key: inGradient ? "gradient-colour" : nil, kind: kind, into: &uses)
      }
    case .mapping:
      for entry in (try? node.mapping("a mapping")) ?? [] {
        var childKey = entry.key
        if key == "shadow" && entry.key == "color" { childKey = "shadow-colour" }
        if key == "gradient" && entry.key == "colors" { childKey = "colors" }
        let childKind = NodeKind(rawValue: entry.key) != nil ? entry.key : kind
        collect(entry.value, key: childKey, kind: childKind, into: &uses)
      }
    case .alias:
      return
    }
  }

  /// Semantic colours no layout, no other colour and no pair uses. The colours
  /// nodes take by default (`primaryText`, `background`, `separator`, `key`,
  /// `secondaryText`) count as used.
  private static func unused(
    _ theme: Theme, usedByLayouts: Set<String>, project: Project
  ) throws(DarkroomError) -> [LintFinding] {
    var used = usedByLayouts.union(ColorExpression.defaultPreferences)
    for (name, color) in theme.colors {
      var referenced = Set(color.variants.flatMap(\.value.references))
      referenced.remove(name)
      used.formUnion(referenced)
    }
    for pair in theme.pairs { used.formUnion([pair.foreground, pair.background]) }
    let file = (project.directory as NSString).appendingPathComponent("theme.yml")
    let root = try YAMLNode.parse(try FileStore.readText(file, what: "the theme"), file: file)
    guard let colors = (try? root.mapping("the theme"))?["colors"] else { return [] }
    var findings: [LintFinding] = []
    for entry in (try? colors.mapping("colors")) ?? [] where !used.contains(entry.key) {
      findings.append(
        LintFinding(location: entry.keyNode.location, message: "semantic colour '\(entry.key)' is not used by any layout, colour or pair"))
    }
    return findings
  }
}
