import DarkroomFoundation
import DarkroomRaster
/// Everything a layout's colours are made of: raw palette colours, semantic
/// (dynamic) colours, and the modes snapshots are taken in.
///
/// # Guarantees
/// A loaded theme has been checked: every name resolves, there are no cycles, and
/// every semantic colour has exactly one best variant in every trait combination.
/// `resolve(_:in:)` therefore cannot fail for an expression whose names
/// `Layout.check(against:)` accepted. Every semantic colour is resolved once, in each
/// of the eight colour-relevant trait combinations, when the theme is made, so
/// resolving a name is a lookup however long the chain of colours behind it.
public struct Theme: Sendable, Equatable {
  /// Raw colours by name.
  public let palette: [String: RGBA8]
  /// Semantic colours by name: the theme's own, those of its sources, and UIKit's
  /// system colours (``SystemColors``).
  public let colors: [String: DynamicColor]
  /// The modes, in the order they are rendered.
  public let modes: [Mode]
  /// Images by name, each with its per-appearance and per-scale files.
  public let images: [String: DynamicImage]
  /// The theme's own semantic colours' names: its sources' in the order they are
  /// read, then the theme file's in the order it lists them.
  public let colorOrder: [String]
  /// Foreground and background colours the theme says are read together.
  public let pairs: [ColorPair]
  /// Font families labels may choose with `font:`.
  public let fonts: [String: BrandFont]
  /// The project's own font files (`fonts: { files: … }`), every face of them: the
  /// text and fallback families are taken from them before this machine's.
  public let fontFiles: [FontFile]
  /// The strings of the theme's `strings:` sources, which labels name by key.
  public let strings: StringTable
  /// The locales every layout is drawn in (`locales:`), in the theme's order; empty
  /// when the theme declares none, and snapshots are named as they always were.
  public let locales: [LocaleID]
  /// Where each locale was declared, for messages.
  package let localeLocations: [LocaleID: SourceLocation]
  /// Where the theme lists its modes (`modes:`), for messages; nil for the defaults.
  public let modesLocation: SourceLocation?
  /// Where each of the theme's own colours and palette entries is defined (its
  /// sources' included), for explanations.
  public let colorLocations: [String: SourceLocation]
  /// Colours of the theme's sources that have no value, by name, with why (a colour
  /// set whose entries give no colour, an Android theme attribute or a reference to
  /// a colour the source does not define): a layout that uses one gets the reason
  /// as an error at its line.
  public let unavailableColors: [String: String]
  /// The project's own symbols by name (`symbols:` folders and its asset catalogs'
  /// `.symbolset`s), which an `icon` draws by its name.
  public let symbols: [String: SymbolTemplate]
  /// Image sets of the theme's sources that Darkroom cannot draw (a PDF, an SVG, a
  /// HEIC image), by name, with why: an error where a layout draws one.
  public let unavailableImages: [String: String]
  /// What each source that reports (a Swift source) read and skipped, in the
  /// theme's order: `darkroom palette` lists them.
  public let sourceReports: [ColorSourceReport]
  /// The brand themes (`themes:`), in the theme's order: each is drawn like the
  /// theme itself; empty when the theme declares none.
  public private(set) var brands: [Brand] = []
  /// The brand's name, for a brand theme's own theme (``Brand/theme``); nil for a
  /// theme itself.
  public private(set) var brandName: String? = nil
  /// Every semantic colour in each trait combination.
  private let resolved: ResolvedColors

  /// The most semantic colours a theme may have, its sources' included: twenty
  /// times a large app's, and few enough that the palette sheet stays a few dozen
  /// pages.
  public static let maximumColors = 2_000

  /// Colours every theme has.
  public static let builtIns: [String: RGBA8] = [
    "clear": .clear, "white": RGBA8(r: 255, g: 255, b: 255), "black": RGBA8(r: 0, g: 0, b: 0),
  ]

  /// Creates a theme from parts that are already known to be consistent.
  init(
    palette: [String: RGBA8], colors: [String: DynamicColor], modes: [Mode], images: [String: DynamicImage] = [:],
    colorOrder: [String]? = nil, pairs: [ColorPair] = [], fonts: [String: BrandFont] = [:], fontFiles: [FontFile] = [],
    strings: StringTable = StringTable(), locales: [LocaleID] = [], unavailableColors: [String: String] = [:],
    unavailableImages: [String: String] = [:], localeLocations: [LocaleID: SourceLocation] = [:],
    modesLocation: SourceLocation? = nil, colorLocations: [String: SourceLocation] = [:],
    sourceReports: [ColorSourceReport] = [], symbols: [String: SymbolTemplate] = [:]
  ) {
    self.symbols = symbols
    self.modesLocation = modesLocation
    self.colorLocations = colorLocations
    self.sourceReports = sourceReports
    self.unavailableColors = unavailableColors
    self.unavailableImages = unavailableImages
    self.strings = strings
    self.locales = locales
    self.localeLocations = localeLocations
    self.palette = palette
    self.colors = colors.merging(SystemColors.colors) { own, _ in own }
    self.modes = modes
    self.images = images
    self.colorOrder = colorOrder ?? colors.keys.sorted()
    self.pairs = pairs
    self.fonts = fonts
    self.fontFiles = fontFiles
    resolved = ResolvedColors(colors: self.colors, palette: palette)
  }

  /// This theme with `brands`.
  func with(brands: [Brand]) -> Theme {
    var theme = self
    theme.brands = brands
    return theme
  }

  /// This theme with another palette and colours (brand `name`'s), everything else
  /// the same; it has no brands of its own.
  func rebranded(
    _ name: String, palette: [String: RGBA8], colors: [String: DynamicColor], colorOrder: [String],
    unavailableColors: [String: String], colorLocations: [String: SourceLocation]
  ) -> Theme {
    var theme = Theme(
      palette: palette, colors: colors, modes: modes, images: images, colorOrder: colorOrder, pairs: pairs, fonts: fonts,
      fontFiles: fontFiles, strings: strings, locales: locales, unavailableColors: unavailableColors,
      unavailableImages: unavailableImages, localeLocations: localeLocations, modesLocation: modesLocation,
      colorLocations: colorLocations, sourceReports: sourceReports, symbols: symbols)
    theme.brandName = name
    return theme
  }

  /// The image `name` for `traits` at `scale` pixels per point, if the theme has it.
  public func image(_ name: String, in traits: Traits, scale: Double) -> ResolvedImage? {
    guard let chosen = images[name]?.representation(for: traits, scale: scale) else { return nil }
    return ResolvedImage(name: name, file: chosen.file, image: chosen.image)
  }

  /// Every name a colour value may use.
  public var colorNames: [String] {
    Array(palette.keys) + Array(colors.keys) + Array(Self.builtIns.keys)
  }

  /// Resolves an expression under the given traits.
  public func resolve(_ expression: ColorExpression, in traits: Traits) -> RGBA8 {
    resolved.resolve(expression, combination: ResolvedColors.combination(traits))
  }

  /// Whether `name` is a colour of the theme: semantic, palette or built in.
  func has(_ name: String) -> Bool { colors[name] != nil || palette[name] != nil || Self.builtIns[name] != nil }

  /// Throws unless `name` is a colour of the theme: for a source's colour without a
  /// value, why it has none; for an unknown name, the closest known one.
  func checkColor(named name: String, at location: SourceLocation, in context: String = "") throws(DarkroomError) {
    guard !has(name) else { return }
    if let reason = unavailableColors[name] {
      throw DarkroomError("colour '\(Quoted.text(name))' has no value\(context): \(reason)", at: location)
    }
    throw DarkroomError(
      "unknown colour '\(Quoted.text(name))'\(context)", at: location, suggestion: Suggestion.closest(to: name, in: colorNames))
  }

  /// Resolves a semantic, palette or built-in colour by name.
  public func resolve(_ name: String, in traits: Traits) -> RGBA8 {
    resolve(.named(name), in: traits)
  }

  /// Throws unless the theme's `images:` has `name`, listing the known names and
  /// suggesting a close one.
  func checkImage(named name: String, at location: SourceLocation) throws(DarkroomError) {
    guard images[name] == nil else { return }
    if let reason = unavailableImages[name] {
      throw DarkroomError("image '\(Quoted.text(name))' cannot be drawn: \(reason)", at: location)
    }
    let known = images.keys.sorted()
    let listed = known.isEmpty ? "the theme has no 'images:'" : "known: \(known.joined(separator: ", "))"
    throw DarkroomError(
      "unknown image '\(name)' (\(listed))", at: location, suggestion: Suggestion.closest(to: name, in: known))
  }

  /// The modes named in `names`, in the theme's order; every mode when nil.
  ///
  /// - Throws: ``/DarkroomFoundation/DarkroomError`` for an unknown name, with the closest known one.
  public func modes(named names: [String]?) throws(DarkroomError) -> [Mode] {
    guard let names else { return modes }
    let known = modes.map(\.name)
    for name in names where !known.contains(name) {
      throw DarkroomError(
        "unknown mode '\(name)' (the theme has \(known.joined(separator: ", ")))",
        suggestion: Suggestion.closest(to: name, in: known))
    }
    return modes.filter { names.contains($0.name) }
  }

}
