import DarkroomFoundation
import DarkroomRaster
import Foundation

/// What a snapshot draws, in a reviewer's terms: the nodes placed (kind, text,
/// frame, layout file:line:column), every theme colour's definition and value in
/// the snapshot's mode with the values it drew, and the images and fonts it drew
/// with, by digest. Two summaries say why two renders differ (`ChangeExplainer`, in `Darkroom`).
///
/// Goldens carry the summary of the display list they were drawn from, as JSON in
/// a compressed `zTXt` chunk, so `verify` can explain a failure without the commit
/// the golden came from. It describes the display list rather than storing it: the
/// glyph runs and path geometry a renderer needs would be most of the file and say
/// nothing a reviewer reads.
public struct DrawingSummary: Sendable, Equatable, Codable {
  /// The PNG `zTXt` key the summary is stored under.
  public static let textKey = "darkroom-drawing"
  /// The version of this form; a summary of another version is not read.
  public static let formatVersion = 1

  /// A node that drew something.
  public struct Node: Sendable, Equatable, Codable {
    /// `label`, `button`, `box`, `stack`, `icon`, `image`, `divider`, `activity`.
    public var kind: String
    /// Its text or name, or empty.
    public var text: String
    /// x, y, width and height in points, to two decimals.
    public var frame: [Double]
    /// `card.yml:14:5`: the layout file, relative to the layouts folder.
    public var source: String
    /// The colours the node names, by role (`fill`: `key`), as written; nil when it
    /// names none (and in summaries written before nodes carried them).
    public var colours: [String: String]?
  }

  /// A theme colour or palette entry in the snapshot's mode.
  public struct NamedColour: Sendable, Equatable, Codable {
    /// As the theme defines it (`"#3c64f4"`, `{ light: blue40, dark: blue60 }`).
    public var definition: String
    /// Its value in the mode, `#rrggbb` or `#rrggbbaa`.
    public var value: String
    /// Where it is defined, `theme.yml:7:3` or a colour set's `Contents.json`,
    /// relative to the layouts folder (nil in summaries written before locations
    /// were recorded, and for the system's colours).
    public var at: String?
  }

  /// A face text was set in (``RecordedFace``): the summary's name for it, which its
  /// JSON keeps.
  public typealias Face = RecordedFace

  /// The form's version.
  public var format = Self.formatVersion
  /// The snapshot's size in pixels.
  public var width: Int
  /// The snapshot's size in pixels.
  public var height: Int
  /// Every theme colour and palette entry, by name.
  public var colours: [String: NamedColour]
  /// The colour values drawn, sorted.
  public var drawn: [String]
  /// The names of the colours the drawing's commands were resolved from, and of the
  /// colours those are made of in this mode, sorted (nil in summaries written before
  /// they were recorded: ``drawn``'s values stand in).
  public var used: [String]?
  /// The nodes that drew, in drawing order.
  public var nodes: [Node]
  /// The images drawn: name → digest of the file drawn.
  public var images: [String: String]
  /// The font files text was set in: file name → digest.
  public var fonts: [String: String]
  /// The faces text was set in, by file name (nil in summaries written before
  /// faces were recorded).
  public var faces: [String: Face]?
  /// The Darkroom, HarfBuzz, FreeType and ICU versions the snapshot was drawn with
  /// (nil in summaries written before they were recorded).
  public var libraries: [String: String]?

}

extension DrawingSummary {
  /// The summary of `list`, drawn from `theme` in `traits`; sources are written
  /// relative to `layouts`, the layouts folder; font files are known by their
  /// digests, which `context` remembers.
  public init(
    _ list: DisplayList, theme: Theme, traits: Traits, layouts: String, context: RenderContext = RenderContext()
  ) {
    width = list.pixelWidth
    height = list.pixelHeight
    let folder = layouts.hasSuffix("/") ? layouts : layouts + "/"
    func relative(_ file: String) -> String {
      file.hasPrefix(folder) ? String(file.dropFirst(folder.count)) : (file as NSString).lastPathComponent
    }
    func place(_ name: String) -> String? {
      guard let location = theme.colorLocations[name] else { return nil }
      // A source outside the layouts folder keeps its path from there (a Swift
      // palette in `../Packages/DesignSystem/…`): the file a reviewer opens. A colour
      // set is defined by its whole file: its name, not its first character.
      let file = Self.relative(location.file, to: folder)
      let whole = location.line <= 1 && location.column <= 1
      return whole ? file : "\(file):\(location.line):\(location.column)"
    }
    var colours: [String: NamedColour] = [:]
    for (name, value) in theme.palette {
      colours[name] = NamedColour(definition: value.hex, value: value.hex, at: place(name))
    }
    for (name, colour) in theme.colors {
      colours[name] = NamedColour(
        definition: colour.description, value: theme.resolve(name, in: traits).hex, at: place(name))
    }
    self.colours = colours
    var content = Content(fontDigests: context.fontDigests)
    content.add(list.commands)
    content.colours.insert(list.background.hex)
    drawn = content.colours.sorted()
    used = list.colourNames.union(content.nestedColourNames).sorted()
    images = content.images
    fonts = content.fonts
    faces = content.faces
    libraries = LibraryVersions.current.merging(["Darkroom": DarkroomVersion.current]) { first, _ in first }
    nodes = list.placements.map { placement in
      let r = placement.frame
      return Node(
        kind: placement.kind, text: placement.text, frame: [r.x, r.y, r.width, r.height].map(Self.rounded),
        source: "\(relative(placement.location.file)):\(placement.location.line):\(placement.location.column)",
        colours: placement.colours.isEmpty ? nil : placement.colours)
    }
  }

  /// The stored text: JSON with sorted keys, the same for the same drawing.
  public var encoded: String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? ""
  }

  /// The summary stored in a golden's bytes, if it has one of this version.
  public static func stored(in png: [UInt8]) -> DrawingSummary? {
    guard let text = PNGTextChunk.compressedValue(forKey: textKey, in: png),
      (try? YAMLNode.checkJSON(text, file: "")) != nil,
      let summary = try? JSONDecoder().decode(DrawingSummary.self, from: Data(text.utf8)),
      summary.format == formatVersion
    else { return nil }
    return summary
  }

  private static func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }

  /// `file` relative to `folder` (which ends in `/`), with `..` to leave it: the
  /// same wherever the project is checked out. Both are taken as written (`.` and
  /// `..` as text, no link followed); a file named by an absolute path from a folder
  /// named by a relative one, or the other way round, is given as it is.
  static func relative(_ file: String, to folder: String) -> String {
    if file.hasPrefix(folder) { return String(file.dropFirst(folder.count)) }
    guard file.hasPrefix("/") == folder.hasPrefix("/") else { return file }
    func parts(_ path: String) -> [Substring] {
      FileStore.tidy(path).split(separator: "/").filter { $0 != "." }
    }
    let base = parts(folder), target = parts(file)
    let common = zip(base, target).prefix { $0 == $1 }.count
    return (Array(repeating: "..", count: base.count - common) + target.dropFirst(common).map(String.init)).joined(separator: "/")
  }

  /// The font files `list`'s text is set in, by file name — each one's digest, and
  /// what its face says of itself — without the rest of a summary: what a witness
  /// of faces compares with its golden's (`FaceWitness`, in `Darkroom`).
  package static func faces(of list: DisplayList, context: RenderContext) -> (fonts: [String: String], faces: [String: Face]) {
    var content = Content(fontDigests: context.fontDigests, onlyFaces: true)
    content.add(list.commands)
    return (content.fonts, content.faces)
  }

  /// The colours, images and fonts a list of commands draws with.
  private struct Content: DisplayListVisitor {
    let fontDigests: FontDigests
    /// Whether the fonts and faces alone are wanted (a witness's), not the colours
    /// and images.
    var onlyFaces = false
    var colours: Set<String> = []
    /// The colour names of the display lists drawn inside this one (a store page's screen).
    var nestedColourNames: Set<String> = []
    var images: [String: String] = [:]
    var fonts: [String: String] = [:]
    var faces: [String: Face] = [:]
    /// The font files already looked at: a line's glyphs nearly all share one, and
    /// its name is then not taken from the path again for each.
    private var paths: Set<String> = []

    init(fontDigests: FontDigests, onlyFaces: Bool = false) {
      self.fontDigests = fontDigests
      self.onlyFaces = onlyFaces
    }

    mutating func add(_ commands: [DisplayList.Command]) { descend(into: commands) }

    // What each command draws with (its faces only, for a witness). A nested screen's
    // commands are part of what its page draws.
    mutating func fill(_ shape: RoundedRect, paint: Paint, at index: Int) {
      guard !onlyFaces else { return }
      switch paint {
      case .solid(let colour): colours.insert(colour.hex)
      case .linearGradient(let gradient): for stop in gradient.stops { colours.insert(stop.color.hex) }
      }
    }
    mutating func border(_ shape: RoundedRect, width: Double, dashes: [Double], color: RGBA8, at index: Int) {
      if !onlyFaces { colours.insert(color.hex) }
    }
    mutating func icon(_ icon: Icon, frame: Rect, lineWidth: Double, color: RGBA8, at index: Int) {
      if !onlyFaces { colours.insert(color.hex) }
    }
    mutating func symbol(_ symbol: DisplayList.Symbol, frame: Rect, color: RGBA8, at index: Int) {
      if !onlyFaces { colours.insert(color.hex) }
    }
    mutating func line(from: Point, to: Point, width: Double, color: RGBA8, at index: Int) {
      if !onlyFaces { colours.insert(color.hex) }
    }
    mutating func text(_ line: TextLine, origin: Point, color: RGBA8, at index: Int) {
      if !onlyFaces { colours.insert(color.hex) }
      addFaces(of: line)
    }
    mutating func shadow(_ shape: RoundedRect, _ shadow: DisplayList.Shadow, at index: Int) {
      if !onlyFaces { colours.insert(shadow.color.hex) }
    }
    mutating func image(_ image: ResolvedImage, frame: RoundedRect, at index: Int) {
      if !onlyFaces { images[image.name] = "\(image.image.digest)" }
    }
    mutating func backdropBlur(_ shape: RoundedRect, sigma: Double, at index: Int) {}
    mutating func group(clip: RoundedRect?, opacity: Double, commands: [DisplayList.Command], at index: Int) {
      descend(into: commands)
    }
    mutating func snapshot(_ list: DisplayList, frame: RoundedRect, at index: Int) {
      if !onlyFaces {
        colours.insert(list.background.hex)
        nestedColourNames.formUnion(list.colourNames)
      }
      descend(into: list.commands)
    }

    /// The files of the faces `line` is set in, each by its name: the first face
    /// of a file the list sets text in is the one recorded.
    private mutating func addFaces(of line: TextLine) {
      var last: String?
      for glyph in line.glyphs where glyph.face.path != last {
        last = glyph.face.path
        guard paths.insert(glyph.face.path).inserted else { continue }
        let name = (glyph.face.path as NSString).lastPathComponent
        guard fonts[name] == nil else { continue }
        // The face first: it reads the file once for the digest as well.
        faces[name] = fontDigests.face(of: glyph.face.path, index: glyph.face.index)
        fonts[name] = fontDigests.digest(of: glyph.face.path).map { "\($0)" } ?? "unreadable"
      }
    }
  }
}
