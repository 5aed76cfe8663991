import DarkroomFoundation
import DarkroomRaster
import DarkroomRendering
import Foundation
import Synchronization

/// The warm cache: the pixel digest of every display list drawn on this machine,
/// by its ``RenderKey``, so a verify with nothing changed draws nothing — a
/// snapshot whose key is known, and whose golden stores the digest the key maps
/// to, passes without being drawn. It also keeps, by ``InputKey``, what each
/// snapshot's inputs drew (``InputRecord``), so one whose layout, theme, fonts and
/// build are unchanged is not even laid out; and the digest stored in each golden
/// file, by its stamp, so an unchanged golden is not read again.
///
/// It lives in one file, `<folder>/renders`: a header naming the build, a line
/// per key, and an HMAC-SHA-256 of everything above it under a key kept outside the
/// project (``CacheAuthentication``), so a cache written by anyone else — a pull
/// request, a restored CI cache — is a miss, never a pass. The cache is never a
/// source of truth for goldens (record always draws) and never an error: a missing,
/// damaged, foreign or other build's file is ignored and rewritten when the run
/// ends; without a usable key there is no cache.
public final class RenderCache: Sendable {
  /// The folder the cache file is in (`.darkroom/cache` for the command line).
  public let folder: String
  /// The folder the command runs in, where a relative ``folder`` starts.
  public let working: WorkingFolder
  /// What signs and checks the file; nil: no key, so nothing is read or written.
  private let authentication: CacheAuthentication?
  /// Keys beyond this many are let go, the ones this run did not use first.
  static let maximumEntries = 200_000

  /// One of the file's tables: values by key, and the keys this run used.
  private struct Table<Value: Equatable & Sendable>: Sendable {
    var entries: [ContentHash: Value] = [:]
    var used: Set<ContentHash> = []

    /// The value of `key`, which counts as used.
    mutating func value(for key: ContentHash) -> Value? {
      guard let value = entries[key] else { return nil }
      used.insert(key)
      return value
    }

    /// Sets the value of `key`, which counts as used; whether the table changed.
    mutating func set(_ value: Value, for key: ContentHash) -> Bool {
      used.insert(key)
      guard entries[key] != value else { return false }
      entries[key] = value
      return true
    }

    /// The entries a save keeps, by key: all of them, or past the limit only those
    /// this run used.
    func kept() -> [(key: ContentHash, value: Value)] {
      let keys = entries.count > RenderCache.maximumEntries ? Array(used) : Array(entries.keys)
      return keys.sorted().compactMap { key in entries[key].map { (key, $0) } }
    }
  }

  /// The file's three tables.
  private struct Tables: Sendable {
    /// Pixel digests by ``RenderKey``.
    var renders = Table<String>()
    /// What inputs drew, by ``InputKey``.
    var inputs = Table<InputRecord>()
    /// The digest each golden file stores, by its stamp.
    var goldens = Table<String>()
  }

  private struct State {
    var tables = Tables()
    var changed = false
    var damaged = false
    var loaded = false
  }
  private let state = Mutex(State())

  /// A cache in `folder` (relative: inside `working`; default: the process's),
  /// read when it is first consulted, signed with the key in `keyFile` (an
  /// absolute path, made there on first use).
  public init(folder: String, keyFile: String, working: WorkingFolder = .process) {
    self.folder = folder
    self.working = working
    authentication = CacheAuthentication(file: keyFile)
  }

  var file: String { (folder as NSString).appendingPathComponent("renders") }

  /// Whether the file was there but unreadable (it is rebuilt).
  var wasDamaged: Bool { state.withLock { $0.damaged } }

  /// The digest an earlier render of `key` had.
  func digest(for key: ContentHash) -> String? {
    loadIfNeeded()
    return state.withLock { $0.tables.renders.value(for: key) }
  }

  /// Remembers that `key` draws pixels with `digest`.
  func store(_ digest: String, for key: ContentHash) {
    loadIfNeeded()
    state.withLock { state in
      if state.tables.renders.set(digest, for: key) { state.changed = true }
    }
  }

  /// What an earlier run learned of the inputs `key`.
  func inputs(for key: ContentHash) -> InputRecord? {
    loadIfNeeded()
    return state.withLock { $0.tables.inputs.value(for: key) }
  }

  /// Remembers what the inputs `key` drew; a witness's finding stays while the
  /// pixels are the same and the new record has none of its own.
  func store(_ record: InputRecord, for key: ContentHash) {
    loadIfNeeded()
    state.withLock { state in
      var record = record
      if record.witness == nil, let old = state.tables.inputs.entries[key], old.digest == record.digest {
        record.witness = old.witness
      }
      if state.tables.inputs.set(record, for: key) { state.changed = true }
    }
  }

  /// The pixel digest stored in the golden file whose stamp is `stamp`.
  func goldenDigest(for stamp: ContentHash) -> String? {
    loadIfNeeded()
    return state.withLock { $0.tables.goldens.value(for: stamp) }
  }

  /// Remembers that the golden file stamped `stamp` stores `digest`, trusted.
  func storeGolden(_ digest: String, for stamp: ContentHash) {
    loadIfNeeded()
    state.withLock { state in
      if state.tables.goldens.set(digest, for: stamp) { state.changed = true }
    }
  }

  /// Writes the file if this run learned anything, atomically; a cache that
  /// cannot be written is left alone (a run never fails for its cache).
  func save(interruption: Interruption) {
    // No lock guards the cache's folder (runs with different reports may share it),
    // so only the temporaries of runs whose process is gone are removed.
    FileStore.removeTemporariesOfGoneRuns(in: folder, from: working)
    guard let build = BuildIdentity.current, let authentication else { return }
    let text: String? = state.withLock { state in
      guard state.changed || state.damaged else { return nil }
      var body = "\(Self.header)\nbuild \(build)\n"
      for (key, digest) in state.tables.renders.kept() { body += "\(key) \(digest)\n" }
      for (key, record) in state.tables.inputs.kept() { body += "i \(key)\t\(record.stored)\n" }
      for (stamp, digest) in state.tables.goldens.kept() { body += "g \(stamp)\t\(digest)\n" }
      state.changed = false
      return body + "mac \(authentication.mac(Array(body.utf8)))\n"
    }
    guard let text else { return }
    try? FileStore.writeAtomically(Array(text.utf8), to: file, from: working, interruption: interruption)
  }

  private static let header = "darkroom render cache 3"

  /// Reads the file on first use, under the lock, so no job looks up a key before
  /// the file's entries are in.
  private func loadIfNeeded() {
    state.withLock { state in
      guard !state.loaded else { return }
      state.loaded = true
      let (tables, damaged) = authentication.map { Self.read(file, from: working, authentication: $0) } ?? (Tables(), false)
      state.tables.renders.entries.merge(tables.renders.entries) { mine, _ in mine }
      state.tables.inputs.entries.merge(tables.inputs.entries) { mine, _ in mine }
      state.tables.goldens.entries.merge(tables.goldens.entries) { mine, _ in mine }
      state.damaged = damaged
    }
  }

  /// The tables of the file when it is whole, signed with this user's key and of
  /// this build; `damaged` when it exists but is not (a file of an earlier format is
  /// only replaced).
  private static func read(
    _ file: String, from working: WorkingFolder, authentication: CacheAuthentication
  ) -> (tables: Tables, damaged: Bool) {
    let found: [UInt8]?
    do { found = try FileStore.readIfPresent(file, from: working, limit: 64 << 20) } catch { return (Tables(), true) }
    guard let bytes = found else { return (Tables(), false) }
    guard let text = String(validating: bytes, as: UTF8.self), let build = BuildIdentity.current else {
      return (Tables(), true)
    }
    if text.hasPrefix("darkroom render cache 1\n") || text.hasPrefix("darkroom render cache 2\n") {
      return (Tables(), false)
    }
    guard let macStart = text.range(of: "\nmac ", options: .backwards) else { return (Tables(), true) }
    let body = String(text[..<macStart.lowerBound]) + "\n"
    let mac = text[macStart.upperBound...].trimmingCharacters(in: .newlines)
    guard mac == authentication.mac(Array(body.utf8)) else { return (Tables(), true) }
    // Split as bytes: the file is thousands of lines, and splitting by characters
    // would weigh every one of them as a grapheme.
    var lines = body.utf8.split(separator: UInt8(ascii: "\n"))[...]
    guard let first = lines.popFirst(), Substring(first) == Substring(header) else { return (Tables(), true) }
    // Another build's entries are of no use: it is not damaged, only replaced.
    guard let second = lines.popFirst(), Substring(second) == "build \(build)" else { return (Tables(), false) }
    var tables = Tables()
    for bytes in lines {
      let line = Substring(bytes)
      let tagged = line.hasPrefix("i ") || line.hasPrefix("g ")
      let rest = tagged ? line.dropFirst(2) : line
      guard let gap = rest.utf8.firstIndex(of: UInt8(ascii: tagged ? "\t" : " ")),
        let key = ContentHash(hex: rest[..<gap])
      else { return (Tables(), true) }
      let value = rest[rest.utf8.index(after: gap)...]
      if !tagged {
        tables.renders.entries[key] = String(value)
      } else if line.hasPrefix("g ") {
        tables.goldens.entries[key] = String(value)
      } else {
        guard let record = InputRecord(stored: value) else { return (Tables(), true) }
        tables.inputs.entries[key] = record
      }
    }
    return (tables, false)
  }
}
