import DarkroomFoundation
import DarkroomRendering
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
/// It reads the colour values the parser recorded, with where each was written;
/// problems that stop a project from loading (unknown names, cycles) are errors
/// before lint runs.
public enum Lint {
  /// Keys whose value is a colour painted as a surface behind content.
  static let surfaceKeys: Set<String> = ["fill", "background", "lipColor", "selectedFill", "thumb", "gradient"]

  /// The findings for a loaded project, files in name order, each file in order.
  public static func check(_ project: Project) throws(DarkroomError) -> [LintFinding] {
    let theme = project.theme
    var findings: [LintFinding] = []
    var used: Set<String> = []
    for layout in project.layouts where !PaletteSheet.isSheet(layout) {
      let uses = (layout.sources.colors + layout.nodes.flatMap(\.sources.colors)).sorted { a, b in
        (a.location.line, a.location.column) < (b.location.line, b.location.column)
      }
      for use in uses {
        for reference in use.references {
          used.insert(reference.name)
          if theme.palette[reference.name] != nil {
            findings.append(
              LintFinding(
                location: reference.location,
                message: "'\(reference.name)' is a raw palette colour; name a semantic colour so dark mode can change it"))
          }
        }
        let expression = use.expression
        if expression.containsLiteral {
          findings.append(
            LintFinding(
              location: use.location,
              message: "hex colour '\(use.text)' in a layout; define a semantic colour in the theme instead"))
        }
        if isSurface(use.path), !expression.containsLiteral, use.references.allSatisfy({ theme.colors[$0.name] != nil }) {
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

  /// Whether a colour under `path` paints a surface: a fill, a background, a lip, a
  /// thumb, or a colour of a gradient.
  private static func isSurface(_ path: String) -> Bool {
    let keys = path.split(separator: ".")
    guard let last = keys.last else { return false }
    if Int(last) != nil, keys.count >= 2 { return surfaceKeys.contains(String(keys[keys.count - 2])) }
    return surfaceKeys.contains(String(last))
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
    let root = try YAMLNode.parse(try FileStore.readText(file, what: "the theme", from: project.working), file: file)
    guard let colors = (try? root.mapping("the theme"))?["colors"] else { return [] }
    var findings: [LintFinding] = []
    for entry in (try? colors.mapping("colors")) ?? [] where !used.contains(entry.key) {
      findings.append(
        LintFinding(location: entry.keyNode.location, message: "semantic colour '\(entry.key)' is not used by any layout, colour or pair"))
    }
    return findings
  }
}
