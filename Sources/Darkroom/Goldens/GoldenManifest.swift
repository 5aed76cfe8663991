import DarkroomFoundation
import DarkroomRaster
import DarkroomRendering
import Foundation

/// Goldens without images: `<golden>/snapshots.json`, one line per snapshot — its
/// name, size, pixel digest and drawing digest — sorted by name, so a change shows
/// in `git diff` as the lines of the snapshots that changed. Darkroom draws the
/// same pixels from the same input on every machine, so a digest is as good a
/// golden as the image; the images are drawn again from the commit that last
/// changed the manifest when a reviewer needs them (``ManifestBaseline``).
public struct GoldenManifest: Sendable, Equatable {
  /// The file's name in the golden folder.
  public static let fileName = "snapshots.json"
  /// The version of the file's form.
  public static let formatVersion = 1

  /// One snapshot's golden.
  public struct Entry: Sendable, Equatable, Codable {
    /// `layout/mode`.
    public var name: String
    /// Width and height in pixels.
    public var size: [Int]
    /// The pixel digest (``/DarkroomRendering/PixelDigest``), as a PNG golden stores it.
    public var pixels: String
    /// The digest of the display list the pixels were drawn from, fonts and images
    /// included: equal drawings that give other pixels were drawn by another
    /// Darkroom build.
    public var drawing: String?
    /// The key of what the snapshot was drawn with in ``GoldenManifest/drawnWith``;
    /// nil in entries recorded before faces were.
    public var drawnWith: String?
  }

  /// The faces text was set in and the versions of the libraries that drew it, as a
  /// drawing summary records them; shared by the entries drawn alike.
  public struct DrawnWith: Sendable, Equatable, Codable {
    /// The faces by file name.
    public var faces: [String: DrawingSummary.Face]
    /// Darkroom's, HarfBuzz's, FreeType's and ICU's versions.
    public var libraries: [String: String]?

    /// What `summary` was drawn with; nil when it does not record faces.
    public init?(_ summary: DrawingSummary) {
      guard let faces = summary.faces else { return nil }
      self.faces = faces
      libraries = summary.libraries
    }

    /// Its key in the table: the start of the digest of its stable text, so equal
    /// sets share one line in every run.
    public var key: String {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
      let text = (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? ""
      return String(ContentHash(text).description.prefix(12))
    }
  }

  /// The entries by snapshot name.
  public var entries: [String: Entry]
  /// What entries were drawn with, by key.
  public var drawnWith: [String: DrawnWith]

  /// A manifest of `entries`, drawn with `drawnWith`.
  public init(entries: [String: Entry] = [:], drawnWith: [String: DrawnWith] = [:]) {
    self.entries = entries
    self.drawnWith = drawnWith
  }

  /// Keeps `entry`, drawn with `drawn` when known.
  public mutating func set(_ entry: Entry, drawnWith drawn: DrawnWith?) {
    var entry = entry
    entry.drawnWith = drawn?.key
    if let drawn, let key = entry.drawnWith { drawnWith[key] = drawn }
    entries[entry.name] = entry
  }

  /// The manifest without table lines no entry points to.
  public var pruned: GoldenManifest {
    let used = Set(entries.values.compactMap(\.drawnWith))
    return GoldenManifest(entries: entries, drawnWith: drawnWith.filter { used.contains($0.key) })
  }

  /// The manifest's path in a golden folder.
  public static func path(in golden: String) -> String { "\(golden)/\(fileName)" }

  /// The manifest in `golden` (relative: inside `working`; default: the process's
  /// working directory), or nil when there is none.
  ///
  /// - Throws: ``/DarkroomFoundation/DarkroomError`` naming the file and the line for a damaged one.
  public static func load(
    from golden: String, in working: WorkingFolder = .process
  ) throws(DarkroomError) -> GoldenManifest? {
    let path = path(in: golden)
    // A JSON file: refused past the text limit before a byte is read.
    guard let bytes = try FileStore.readIfPresent(path, from: working, limit: FileStore.maximumTextBytes) else {
      return nil
    }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw DarkroomError("the golden manifest is not UTF-8 text; darkroom record rewrites it", file: path)
    }
    return try parse(text, file: path)
  }

  /// Parses a manifest's text; `file` names it in errors.
  public static func parse(_ text: String, file: String) throws(DarkroomError) -> GoldenManifest {
    struct Form: Decodable {
      let format: Int
      let drawnWith: [String: DrawnWith]?
      let snapshots: [Entry]
    }
    let form: Form
    do {
      try YAMLNode.checkJSON(text, file: file)
    } catch {
      throw DarkroomError("the golden manifest is damaged: \(error.message); darkroom record rewrites it", at: error.location, file: file)
    }
    do {
      form = try JSONDecoder().decode(Form.self, from: Data(text.utf8))
    } catch {
      throw DarkroomError("the golden manifest is damaged: \(Self.reason(error)); darkroom record rewrites it", file: file)
    }
    guard form.format == formatVersion else {
      throw DarkroomError("the golden manifest has format \(form.format); this Darkroom reads format \(formatVersion)", file: file)
    }
    var entries: [String: Entry] = [:]
    for entry in form.snapshots {
      guard entry.size.count == 2, entries[entry.name] == nil else {
        throw DarkroomError("the golden manifest is damaged: snapshot '\(entry.name)' is listed twice or has no size", file: file)
      }
      if let key = entry.drawnWith, form.drawnWith?[key] == nil {
        throw DarkroomError(
          "the golden manifest is damaged: snapshot '\(entry.name)' was drawn with '\(key)', which its table does not list", file: file)
      }
      entries[entry.name] = entry
    }
    return GoldenManifest(entries: entries, drawnWith: form.drawnWith ?? [:])
  }

  /// Entries of snapshots `project` no longer has (any mode of its theme counts,
  /// not only a run's), sorted.
  public func orphans(of project: Project) -> [String] {
    let known = Set(project.snapshots(modes: project.theme.modes).map(\.name))
    return entries.keys.filter { !known.contains($0) }.sorted()
  }

  /// The file's text: stable for the same entries, one snapshot a line, after one
  /// line for each set of faces and libraries they were drawn with.
  public var text: String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    func json(_ value: some Encodable) -> String? { (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } }
    let lines = entries.keys.sorted().compactMap { name in entries[name].flatMap(json) }
    let table = pruned.drawnWith
    let drawn = table.keys.sorted().compactMap { key in table[key].flatMap(json).map { "\(json(key) ?? "\"\"\""): \($0)" } }
    let head = drawn.isEmpty ? " " : "\n\"drawnWith\": {\n" + drawn.joined(separator: ",\n") + "\n},\n"
    return "{\"format\": \(Self.formatVersion)," + head + "\"snapshots\": [\n" + lines.joined(separator: ",\n") + "\n]}\n"
  }

  /// Where JSON decoding stopped, in words.
  private static func reason(_ error: any Error) -> String {
    switch error {
    case DecodingError.dataCorrupted(let context): "not JSON (\(context.debugDescription))"
    case DecodingError.keyNotFound(let key, let context): "'\(key.stringValue)' missing\(location(context))"
    case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
      "a value of the wrong type\(location(context))"
    default: "\(error)"
    }
  }

  private static func location(_ context: DecodingError.Context) -> String {
    let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    return path.isEmpty ? "" : " at \(path)"
  }
}

extension DisplayList {
  /// The digest of what the list draws — commands, fonts and images — the same
  /// whatever Darkroom build draws it; nil when a font cannot be read.
  func drawingDigest(fonts: FontDigests) -> String? {
    RenderKey.of(self, fonts: fonts, build: ContentHash(Array("darkroom-drawing".utf8))).map { "xxh3:\($0)" }
  }
}
