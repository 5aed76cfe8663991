import DarkroomRaster
import Testing

@testable import Darkroom
@testable import DarkroomFoundation
@testable import DarkroomRendering

/// Lays out one node in a vstack of a phone-sized layout, for tests that read frames
/// and colours from the display list rather than from pixels.
struct LayoutProbe {
  let theme: Theme
  /// The file the probe's layout claims to be, for messages.
  var file = "Layouts/k.yml"

  /// The display list of `root` (one node of YAML, as a vstack's child) in `traits`.
  func list(_ root: String, _ traits: Traits = Traits(), size: String = "[390, 844]") throws -> DisplayList {
    let yaml = "size: " + size + "\nroot:\n  vstack:\n    children:\n      - " + root + "\n"
    return try layout(yaml, traits)
  }

  /// The display list of a whole layout file's text in `traits`.
  func layout(_ yaml: String, _ traits: Traits = Traits()) throws -> DisplayList {
    let layout = try CheckingParser(theme: theme).parse(yaml, file: file, name: "k")
    return try LayoutEngine(theme: theme, traits: traits).displayList(for: layout)
  }
}

extension DisplayList {
  /// Every command, taken out of its groups, in drawing order.
  var flatCommands: [Command] { Self.flatten(commands) }

  /// Solid fills: each one's rectangle and colour.
  var solidFills: [(rect: Rect, color: RGBA8)] {
    flatCommands.compactMap { command in
      if case .fill(let shape, .solid(let color)) = command { return (shape.rect, color) }
      return nil
    }
  }

  /// Text lines and where their baselines start.
  var textLines: [(line: TextLine, origin: Point)] {
    flatCommands.compactMap { command in
      if case .text(let line, let origin, _) = command { return (line, origin) }
      return nil
    }
  }

  /// The materials drawn (bars' backgrounds over content): shape, blur and tint.
  var materials: [(shape: RoundedRect, blur: Double, tint: RGBA8)] {
    func find(_ commands: [Command]) -> [(shape: RoundedRect, blur: Double, tint: RGBA8)] {
      commands.flatMap { command -> [(shape: RoundedRect, blur: Double, tint: RGBA8)] in
        guard case .group(let clip, _, let inner) = command else { return [] }
        if let clip, inner.count == 2, case .backdropBlur(_, let sigma) = inner[0], case .fill(_, .solid(let tint)) = inner[1] {
          return [(clip, sigma, tint)]
        }
        return find(inner)
      }
    }
    return find(commands)
  }

  /// Commands out of their groups; a material's backdrop blur (no drawing of its
  /// own) is left out.
  private static func flatten(_ commands: [Command]) -> [Command] {
    commands.flatMap { command -> [Command] in
      if case .group(_, _, let inner) = command { return flatten(inner) }
      if case .backdropBlur = command { return [] }
      return [command]
    }
  }
}
