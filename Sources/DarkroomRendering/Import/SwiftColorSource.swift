import DarkroomFoundation
import DarkroomRaster
import DarkroomSwiftColors
import Foundation

/// Reads `.swift` files, or folders of them, as a colour source: the colours they
/// define (``SwiftColorReader``, read as source, never run) become semantic colours
/// named by their Swift path (`IceCubeDark.tintColor`, `Color.brand`), and the
/// colours it skips become names without a value whose reason — file, line, column
/// and why — is the error where a layout or colour uses one.
///
/// The adapter between the reader's model and the theme's definitions; the reader
/// itself knows nothing of Darkroom.
struct SwiftColorSource {
  /// The path as the theme writes it.
  let path: String
  /// The path resolved against the theme's folder.
  let resolved: String
  /// How its files are read: inside the project, each noted.
  let reader: InputReader

  /// The longest name a Swift colour may have (its path): far beyond a team's, and
  /// short enough to draw on the palette sheet.
  static let maximumNameLength = 256

  /// The most Swift files a folder source may hold, and their most bytes in all.
  static let maximumFiles = 5_000
  static let maximumBytes = 64 << 20
  private static let maximumDepth = 32

  /// Whether `folder` holds a `.swift` file (at any depth within the limits).
  static func isSwiftFolder(_ folder: String, reader: InputReader) -> Bool {
    var pending = [(folder, 0)]
    var looked = 0
    while let (current, depth) = pending.popLast(), looked < 10_000 {
      for entry in (try? reader.names(in: current)) ?? [] where !entry.hasPrefix(".") {
        looked += 1
        let full = (current as NSString).appendingPathComponent(entry)
        if entry.hasSuffix(".swift"), reader.kind(of: full) != .folder { return true }
        if reader.kind(of: full) == .folder, depth < maximumDepth { pending.append((full, depth + 1)) }
      }
    }
    return false
  }

  func load() throws(DarkroomError) -> ImportedColors {
    let files = try swiftFiles()
    var read: [SwiftFile] = []
    var total = 0
    for file in files {
      let text = try reader.readText(file, what: "the Swift file")
      total += text.utf8.count
      guard total <= Self.maximumBytes else {
        throw DarkroomError(
          "the Swift files of source '\(Quoted.text(path))' hold more than \(Self.maximumBytes >> 20) MB; name the files or folder that hold the palette",
          file: file)
      }
      do {
        // Read where the theme says; named without `folder/..` in messages.
        read.append(try SwiftFile(path: FileStore.tidy(file), text: text))
      } catch {
        throw Self.error(error)
      }
    }
    let declarations: [SwiftColorDeclaration]
    do {
      declarations = try SwiftColorReader.read(read)
    } catch {
      throw Self.error(error)
    }
    var imported = ImportedColors()
    var report = ColorSourceReport(source: path)
    // A name the files define twice is skipped at each place; the theme holds it once.
    var defined: Set<String> = []
    for declaration in declarations {
      let location = SourceLocation(
        file: declaration.location.file, line: declaration.location.line, column: declaration.location.column)
      guard declaration.name.count <= Self.maximumNameLength, (try? Theme.checkName(declaration.name, at: location)) != nil
      else {
        let shown = declaration.name.count > 64 ? String(declaration.name.prefix(63)) + "…" : declaration.name
        let why =
          declaration.name.count > Self.maximumNameLength
          ? "its name is longer than \(Self.maximumNameLength) characters" : "its name is not one a theme can write"
        report.skipped.append(.init(name: shown, location: location, note: why))
        continue
      }
      var definition = ColorDefinition(
        name: declaration.name, location: location, variants: [], references: [], fromSource: true, mayReferToOthers: true)
      switch declaration.outcome {
      case .color(let value):
        switch Self.definition(of: value, at: location) {
        case .success(let (variants, references)):
          for (key, expression) in variants { _ = definition.add(key, expression, references: []) }
          definition.references = references
          report.defined.append(.init(name: declaration.name, location: location, note: value.description))
        case .failure(let why):
          definition.unavailable = "'\(Quoted.text(declaration.name))' (\(location)) is not read: \(why.message)"
          report.skipped.append(.init(name: declaration.name, location: location, note: why.message))
        }
      case .skipped(let why):
        definition.unavailable = "'\(Quoted.text(declaration.name))' (\(location)) is not read: \(why)"
        report.skipped.append(.init(name: declaration.name, location: location, note: why))
      }
      if defined.insert(declaration.name).inserted { imported.colors.append(definition) }
      // Past the theme's limit no more is built: the theme would refuse it anyway.
      if imported.colors.count > Theme.maximumColors {
        throw DarkroomError(
          "a theme may have at most \(Theme.maximumColors) semantic colours (with its sources'), found more in source '\(Quoted.text(path))'",
          at: location)
      }
    }
    imported.reports.append(report)
    return imported
  }

  /// The `.swift` files of the source, sorted: the file itself, or every one in the
  /// folder and the folders inside it (hidden ones and links to folders aside).
  private func swiftFiles() throws(DarkroomError) -> [String] {
    guard reader.kind(of: resolved) == .folder else { return [resolved] }
    var files: [String] = []
    var pending = [(resolved, 0)]
    while let (folder, depth) = pending.popLast() {
      let entries: [String]
      do {
        entries = try reader.names(in: folder).sorted()
      } catch {
        throw DarkroomError("cannot list the folder: \(error.localizedDescription)", file: folder)
      }
      for entry in entries where !entry.hasPrefix(".") {
        let full = (folder as NSString).appendingPathComponent(entry)
        switch reader.kind(of: full) {
        case .folder:
          guard depth < Self.maximumDepth else {
            throw DarkroomError("the Swift source nests folders more than \(Self.maximumDepth) deep", file: full)
          }
          pending.append((full, depth + 1))
        case .file, .other:
          if entry.hasSuffix(".swift") { files.append(full) }
        case .missing:
          break
        }
        guard files.count <= Self.maximumFiles else {
          throw DarkroomError(
            "source '\(Quoted.text(path))' holds more than \(Self.maximumFiles) Swift files; name the files or folder that hold the palette",
            file: resolved)
        }
      }
    }
    files.sort()
    // A file added to or removed from the folder changes what the theme is made of.
    reader.note(resolved + "/", Array(files.joined(separator: "\n").utf8))
    return files
  }

  private static func error(_ error: SwiftSourceError) -> DarkroomError {
    DarkroomError(
      error.message,
      at: SourceLocation(file: error.location.file, line: error.location.line, column: error.location.column))
  }

  /// Why a value the reader read cannot be drawn.
  struct Unusable: Error {
    let message: String
  }

  /// The variants and references of a colour: one `any` variant, or light and dark
  /// when it depends on the appearance.
  static func definition(
    of value: SwiftColorValue, at location: SourceLocation
  ) -> Result<([(VariantKey, ColorExpression)], [ColorDefinition.Reference]), Unusable> {
    do {
      let light = try expression(value, dark: false)
      let dark = try expression(value, dark: true)
      let references = (light.references + dark.references).reduce(into: [String]()) { names, name in
        if !names.contains(name) { names.append(name) }
      }.map { ColorDefinition.Reference(name: $0, location: location) }
      let variants: [(VariantKey, ColorExpression)] = light == dark ? [(.any, light)] : [(.any, light), (.dark, dark)]
      return .success((variants, references))
    } catch {
      return .failure(error)
    }
  }

  /// The expression the value is in light (`dark` false) or dark mode.
  private static func expression(_ value: SwiftColorValue, dark: Bool) throws(Unusable) -> ColorExpression {
    switch value {
    case .rgb(let space, let red, let green, let blue, let alpha):
      return .literal(colorSpace(space).sRGB([red, green, blue], alpha: alpha))
    case .white(let space, let white, let alpha):
      let converted = space == .gray ? ColorSpace.extendedGray.sRGB([white], alpha: alpha) : colorSpace(space).sRGB([white, white, white], alpha: alpha)
      return .literal(converted)
    case .hsb(let hue, let saturation, let brightness, let alpha):
      return .literal(hsb(hue, saturation, brightness, alpha))
    case .system(let name):
      guard let system = SystemColors.name(forUIKit: name) else {
        throw Unusable(message: "UIKit's `\(name)` is not among the system colours Darkroom draws")
      }
      return .named(system)
    case .accent:
      return .fallback(preferred: "AccentColor", otherwise: .system(.blue))
    case .catalog(let name), .reference(let name):
      return .named(name)
    case .catalogOr(let name, let otherwise):
      return .fallback(preferred: name, otherwise: try expression(otherwise, dark: dark))
    case .opacity(let color, let amount):
      return .opacity(try expression(color, dark: dark), amount)
    case .alpha(let color, let amount):
      return .alpha(try expression(color, dark: dark), amount)
    case .dynamic(let light, let darkValue):
      return try expression(dark ? darkValue : light, dark: dark)
    }
  }

  private static func colorSpace(_ space: SwiftColorSpace) -> ColorSpace {
    switch space {
    case .sRGB: .sRGB
    case .extendedSRGB: .extendedSRGB
    case .linearSRGB: .extendedLinearSRGB
    case .displayP3: .displayP3
    case .gray: .extendedGray
    }
  }

  /// Hue, saturation and brightness (0…1) as an sRGB colour, by the usual hexcone.
  static func hsb(_ hue: Double, _ saturation: Double, _ brightness: Double, _ alpha: Double) -> RGBA8 {
    let h = (hue >= 1 ? 0 : hue) * 6
    let sector = Int(h)
    let f = h - Double(sector)
    let p = brightness * (1 - saturation), q = brightness * (1 - saturation * f), t = brightness * (1 - saturation * (1 - f))
    let (r, g, b): (Double, Double, Double)
    switch sector {
    case 0: (r, g, b) = (brightness, t, p)
    case 1: (r, g, b) = (q, brightness, p)
    case 2: (r, g, b) = (p, brightness, t)
    case 3: (r, g, b) = (p, q, brightness)
    case 4: (r, g, b) = (t, p, brightness)
    default: (r, g, b) = (brightness, p, q)
    }
    return ColorSpace.sRGB.sRGB([r, g, b], alpha: alpha)
  }
}
