import DarkroomFoundation
import Foundation

/// `darkroom.yml` at the project root: the defaults of every command. Flags given
/// on the command line override it.
///
/// ```yaml
/// layouts: Layouts
/// golden: Golden
/// goldenFormat: png
/// report: .darkroom/report
/// modes: [light, dark]
/// jobs: 4
/// record: never
/// compare: { method: perceptual, threshold: 0.05, maxPixels: 20 }
/// cache: true
/// ```
public struct ProjectConfig: Sendable, Equatable {
  /// The layouts folder.
  public var layouts: String?
  /// The golden folder.
  public var golden: String?
  /// How goldens are kept.
  public var goldenFormat: GoldenFormat?
  /// The report folder.
  public var report: String?
  /// The modes to render.
  public var modes: [String]?
  /// The locales to draw, a part of the theme's.
  public var locales: [String]?
  /// Where `locales` was written, for messages.
  public var localesLocation: SourceLocation?
  /// Threads to render on.
  public var jobs: Int?
  /// verify's record mode.
  public var record: RecordMode?
  /// Comparison settings for every layout.
  public var compare = CompareOverrides()
  /// The most memory one snapshot may need, in bytes.
  public var maxMemory: Int?
  /// The most snapshots a run may draw (``SnapshotCap``).
  public var maxSnapshots: Int?
  /// Whether the warm cache is used (default: yes).
  public var cache: Bool?
  /// Where the file named each of its folders (`layouts`, `golden`, `report`), for
  /// messages about them.
  public var folderLocations: [String: SourceLocation] = [:]

  /// No settings.
  public init() {}

  /// The threads a run may be given, in `darkroom.yml` (`jobs:`) and on the command
  /// line (`--jobs`): more than any machine has cores, few enough to make each.
  public static let jobsRange = 1...1024

  static let keys = ["layouts", "golden", "goldenFormat", "report", "modes", "locales", "jobs", "record", "compare", "maxMemory", "maxSnapshots", "cache"]

  /// Reads a config file (relative: inside `working`).
  ///
  /// - Throws: ``/DarkroomFoundation/DarkroomError`` with line and column for a wrong key or value.
  public static func load(file: String, from working: WorkingFolder) throws(DarkroomError) -> ProjectConfig {
    let text = try FileStore.readText(file, what: "the config", from: working)
    return try parse(text, file: file)
  }

  /// Parses config YAML; `file` names it in errors.
  public static func parse(_ text: String, file: String) throws(DarkroomError) -> ProjectConfig {
    let root = try YAMLNode.parse(text, file: file)
    let entries = try root.mapping("darkroom.yml")
    try entries.checkKeys(allowed: keys, in: "darkroom.yml")
    var config = ProjectConfig()
    config.layouts = try entries["layouts"]?.string("layouts")
    config.golden = try entries["golden"]?.string("golden")
    if let node = entries["goldenFormat"] { config.goldenFormat = try node.choice("golden format", as: GoldenFormat.self) }
    config.report = try entries["report"]?.string("report")
    for key in ["layouts", "golden", "report"] {
      if let node = entries[key] { config.folderLocations[key] = node.location }
    }
    if let node = entries["modes"] {
      if node.isSequence {
        var names: [String] = []
        for item in try node.sequence("modes") { names.append(try item.string("a mode")) }
        config.modes = names
      } else {
        config.modes = try node.string("modes").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
      }
    }
    if let node = entries["locales"] {
      var names: [String] = []
      for item in try node.sequence("locales") { names.append(try item.string("a locale")) }
      config.locales = names
      config.localesLocation = node.location
    }
    if let node = entries["jobs"] {
      let jobs = try node.number("jobs", in: Double(Self.jobsRange.lowerBound)...Double(Self.jobsRange.upperBound))
      guard jobs == jobs.rounded() else { throw DarkroomError("jobs must be a whole number", at: node.location) }
      config.jobs = Int(jobs)
    }
    if let node = entries["record"] {
      config.record = try node.choice("record mode", as: RecordMode.self)
    }
    if let node = entries["compare"] { config.compare = try CompareOverrides.parse(node) }
    if let node = entries["maxMemory"] {
      let text = try node.string("maxMemory")
      guard let bytes = MemoryBudget.parseSize(text) else {
        throw DarkroomError("maxMemory is a size such as 512M or 2G, found \(Excerpt.quoted(text))", at: node.location)
      }
      config.maxMemory = bytes
    }
    if let node = entries["maxSnapshots"] {
      let range = SnapshotCap.range
      let value = try node.number("maxSnapshots", in: Double(range.lowerBound)...Double(range.upperBound))
      guard value == value.rounded() else { throw DarkroomError("maxSnapshots must be a whole number", at: node.location) }
      config.maxSnapshots = Int(value)
    }
    config.cache = try entries["cache"]?.bool("cache")
    return config
  }
}
