import DarkroomFoundation
import DarkroomRaster
import DarkroomRendering
import Foundation
import Synchronization

/// `darkroom screenshots`: a project's store screenshots written where fastlane
/// uploads them, and a contact sheet per locale.
///
/// - App Store: `<out>/fastlane/screenshots/<code>/<NN>_<display>_<page>.png`, the
///   folders `deliver` reads (its display type detected from the exact size).
/// - Google Play: `<out>/fastlane/metadata/android/<code>/images/phoneScreenshots/<NN>_<page>.png`,
///   `supply`'s.
/// - Sheets: `<sheets>/<locale>.png`, every device's pages of one locale (the only
///   output of a pseudo-locale, which no store lists).
///
/// With more than one mode, each mode is a set of its own under `<out>/<mode>/`.
/// Everything that can fail is checked before the first write — names, sizes
/// against each store's rules (when the file is read), locale codes, the folders
/// written into, memory — and the images are drawn into a staging folder beside the
/// output and checked again as files (24-bit colour without alpha, the store's size
/// limit) before any is moved into place, so bad input writes nothing. A PNG this
/// command wrote earlier (it carries a `Software: Darkroom` text chunk) in a folder
/// it writes, and not written this time, is removed: a page taken out of the set is
/// not uploaded again.
public struct ScreenshotExport: Sendable {
  /// The PNG text chunk the store images carry, so a later run knows its own files.
  public static let marker = (key: "Software", value: "Darkroom")

  /// One image the run makes.
  public struct Image: Sendable {
    /// The page in its mode and locale.
    public let snapshot: Snapshot
    /// The file it is written to under the output folder, or nil when no store
    /// lists its locale (it is only shown on the sheet).
    public let path: String?
    /// The contact sheet it is shown on.
    public let sheet: String
  }

  /// What a run wrote.
  public struct Summary: Sendable {
    /// The store images, in plan order.
    public var images: [String] = []
    /// The contact sheets.
    public var sheets: [String] = []
    /// Darkroom's files of earlier runs that are no longer part of the set.
    public var removed: [String] = []
    /// What the reader should know (pseudo-locales drawn for the sheet only).
    public var notices: [Diagnostic] = []
    /// Wall time in seconds.
    public var seconds = 0.0
  }

  /// The project.
  public let project: Project
  /// Its screenshots.
  public let set: ScreenshotSet
  /// The images to make, in order: mode, locale, device, page.
  public let images: [Image]
  /// The folder `fastlane/` is written into (each mode's under `<out>/<mode>/` when
  /// there are several).
  public let out: String
  /// The folder the sheets are written into.
  public let sheets: String
  /// Threads to draw on.
  public let threads: Int
  /// The fonts and memos every job shares.
  public let context: RenderContext
  /// The memory limits.
  public let memory: MemoryBudget
  /// Called after each image with the count done, the total and its name.
  public let progress: @Sendable (Int, Int, String) -> Void

  /// Plans the images of `project`'s screenshots in `modes`, the locales of
  /// `locales` (nil: all) and `stores` (nil: the file's), checking everything a
  /// run checks before it draws.
  ///
  /// - Throws: ``/DarkroomFoundation/DarkroomError`` for a project without a screenshots file, a store
  ///   the file does not list, nothing to draw, or something in the way of a file.
  public init(
    project: Project, modes: [Mode], locales: [LocaleID]?, stores: [Store]?, out: String, sheets: String,
    threads: Int = ProcessInfo.processInfo.activeProcessorCount, memory: MemoryBudget = MemoryBudget(),
    context: RenderContext = RenderContext(), progress: @escaping @Sendable (Int, Int, String) -> Void = { _, _, _ in }
  ) throws(DarkroomError) {
    let file = (project.directory as NSString).appendingPathComponent(ScreenshotSet.fileName)
    guard let set = project.screenshots else {
      throw DarkroomError(
        "the layouts folder has no \(ScreenshotSet.fileName); write one to describe the store screenshots", file: file)
    }
    let listed = set.stores
    for store in stores ?? [] where !listed.contains(store) {
      throw DarkroomError(
        "\(ScreenshotSet.fileName) lists no devices for \(store.title) (its stores: \(listed.map(\.rawValue).joined(separator: ", ")))",
        file: set.file)
    }
    let chosen = stores ?? listed
    let pages = set.snapshots(modes: modes, locales: locales).filter { chosen.contains($0.page?.target.store ?? .appstore) }
    guard !pages.isEmpty else {
      throw DarkroomError(
        "no screenshot to make: \(ScreenshotSet.fileName) draws modes \(set.modes.map(\.name).joined(separator: ", ")), none of those asked for",
        file: set.file)
    }
    let modeNames = Array(Set(pages.map(\.mode.name)))
    let severalModes = modeNames.count > 1
    var images: [Image] = []
    for snapshot in pages {
      guard let page = snapshot.page else { continue }
      let base = severalModes ? (out as NSString).appendingPathComponent(snapshot.mode.name) : out
      let sheetBase = severalModes ? (sheets as NSString).appendingPathComponent(snapshot.mode.name) : sheets
      let localeName = snapshot.locale?.identifier ?? "screenshots"
      var path: String? = nil
      if let code = set.storeCode(for: snapshot.locale, in: page.target.store) {
        path = Self.join(base, "fastlane/\(page.target.store.folder(locale: code))/\(page.fileName)")
      }
      images.append(Image(snapshot: snapshot, path: path, sheet: Self.join(sheetBase, "\(localeName).png")))
    }
    // The sheets fill one at a time: mode by mode, locale by locale, each in the
    // set's order of devices and pages.
    let modeRank = Dictionary(set.modes.enumerated().map { ($0.element.name, $0.offset) }, uniquingKeysWith: { a, _ in a })
    let localeRank = Dictionary(
      set.locales.enumerated().map { ($0.element?.identifier ?? "", $0.offset) }, uniquingKeysWith: { a, _ in a })
    images = images.enumerated().sorted { a, b in
      func rank(_ item: (offset: Int, element: Image)) -> [Int] {
        [
          modeRank[item.element.snapshot.mode.name] ?? 0, localeRank[item.element.snapshot.locale?.identifier ?? ""] ?? 0,
          item.offset,
        ]
      }
      return rank(a).lexicographicallyPrecedes(rank(b))
    }.map(\.element)
    for image in images {
      for path in [image.path, image.sheet].compactMap({ $0 }) {
        try FileStore.checkReplaceable(path, from: project.working)
        try FileStore.checkFolderChain(FileStore.parent(of: path), from: project.working)
      }
      let estimate = MemoryEstimate(snapshot: image.snapshot, theme: project.theme)
      if estimate.bytes > memory.perSnapshot {
        throw DarkroomError(
          "\(image.snapshot.name) may need up to \(MemoryEstimate.format(estimate.bytes)) (\(estimate.detail)), over the limit of \(MemoryEstimate.format(memory.perSnapshot)) (--max-memory)",
          at: image.snapshot.page?.target.location)
      }
    }
    self.project = project
    self.set = set
    self.images = images
    self.out = out
    self.sheets = sheets
    self.threads = max(1, threads)
    self.memory = memory
    self.context = context
    self.progress = progress
  }

  /// Draws every image into a staging folder, checks each file, then moves them
  /// into place and removes what earlier runs wrote that is no longer in the set.
  ///
  /// - Throws: ``/DarkroomFoundation/DarkroomError`` when an image breaks its store's rules as a file
  ///   (nothing is then written), or a file cannot be written; ``/DarkroomFoundation/Interrupted``
  ///   when a signal stops the run (nothing is moved into place).
  public func run(interruption: Interruption) throws -> Summary {
    let start = DispatchTime.now().uptimeNanoseconds
    let working = project.working
    let lock = try FolderLock(out, from: working, exclusive: true, interruption: interruption)
    defer { lock.release() }
    // Resolved (absolute for a command): a signal's clean-up removes it too.
    let staging = (working.resolve(out) as NSString).appendingPathComponent(".darkroom-screenshots-staging-\(getpid())")
    defer { interruption.discard(staging) }
    // Tracked and made as one write, which a second signal's clean-up waits for.
    try interruption.writing { () throws(DarkroomError) in
      interruption.track(staging)
      try FileStore.makeFolder(staging, from: working)
    }

    // Each sheet: its images in plan order, labelled, once all are drawn.
    var expected: [String: [String]] = [:]
    for image in images { expected[image.sheet, default: []].append(image.snapshot.name) }
    let assembler = SheetAssembler(modes: expected)
    let images = self.images, context = self.context, theme = project.theme, progress = self.progress
    let results = ParallelRunner(threads: threads).run(
      count: images.count, stop: { interruption.signal != nil },
      finished: { done, index in progress(done, images.count, images[index].snapshot.name) }
    ) { index -> Result<Void, Error> in
      Result {
        let image = images[index]
        let buffer = try Renderer.render(try image.snapshot.displayList(theme: theme, context: context), context: context)
        if let path = image.path, let page = image.snapshot.page {
          let bytes = try buffer.pngData(text: Self.marker)
          try Self.check(bytes, page: page, path: path)
          try FileStore.writeAtomically(bytes, to: "\(staging)/\(index).png", from: working, interruption: interruption)
        }
        let factor = max(1, buffer.height / 640)
        let small = try ContactSheet.downsample(buffer, by: factor)
        if let done = assembler.add(layout: image.sheet, mode: image.snapshot.name, image: small) {
          let label = Dictionary(
            uniqueKeysWithValues: images.filter { $0.sheet == image.sheet }.map { ($0.snapshot.name, $0) })
          let cells = done.map { (name, thumb) in (label[name]?.snapshot.page, thumb) }
          let sheet = try Self.sheet(cells, context: context)
          let number = Self.sheetIndex(image.sheet, in: images)
          try FileStore.writeAtomically(
            try sheet.pngData(), to: "\(staging)/sheet-\(number).png", from: working, interruption: interruption)
        }
      }
    }
    try interruption.checkpoint()
    for result in results { try result.get() }

    // Every file is good: move them into place.
    var summary = Summary()
    var written: [String: Set<String>] = [:]
    try interruption.writing { () throws(DarkroomError) in
      for (index, image) in images.enumerated() {
        guard let path = image.path else { continue }
        try Self.move("\(staging)/\(index).png", to: path, from: working)
        summary.images.append(path)
        written[FileStore.parent(of: path), default: []].insert((path as NSString).lastPathComponent)
      }
      var placed: Set<String> = []
      for image in images where placed.insert(image.sheet).inserted {
        try Self.move("\(staging)/sheet-\(Self.sheetIndex(image.sheet, in: images)).png", to: image.sheet, from: working)
        summary.sheets.append(image.sheet)
      }
    }
    for (folder, names) in written.sorted(by: { $0.key < $1.key }) {
      summary.removed += Self.removeStale(in: folder, from: working, keeping: names)
    }
    let pseudo = Set(images.filter { $0.path == nil }.compactMap { $0.snapshot.locale?.identifier }).sorted()
    for locale in pseudo {
      summary.notices.append(
        Diagnostic(.warning, "\(locale) is a pseudo-locale, which no store lists: its pages are on its sheet only", file: set.file))
    }
    summary.seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    return summary
  }

  /// Checks an encoded page as its store will: 8-bit RGB without alpha, and within
  /// the store's file size.
  static func check(_ png: [UInt8], page: ScreenshotPage, path: String) throws(DarkroomError) {
    let store = page.target.store
    guard png.count > 25, png[24] == 8, png[25] == 2 else {
      throw DarkroomError("\(store.title) takes 24-bit PNG images without alpha; this page has transparent pixels", file: path)
    }
    if let limit = store.maximumFileBytes, png.count > limit {
      throw DarkroomError(
        "\(store.title) takes images of at most \(FileStore.megabytes(limit)); this page is \(FileStore.megabytes(png.count))",
        at: page.target.location)
    }
  }

  /// `rest` inside `base`, without a leading `./` when `base` is the current folder,
  /// so the paths printed are the ones a reader would type.
  static func join(_ base: String, _ rest: String) -> String {
    base == "." || base.isEmpty ? rest : (base as NSString).appendingPathComponent(rest)
  }

  /// A sheet's number: its place among the run's sheets.
  private static func sheetIndex(_ sheet: String, in images: [Image]) -> Int {
    var seen: [String] = []
    for image in images where !seen.contains(image.sheet) { seen.append(image.sheet) }
    return seen.firstIndex(of: sheet) ?? 0
  }

  /// Renames a staged file over its place (the same file system: the staging
  /// folder is inside the output folder); a relative `path` is inside `working`.
  private static func move(_ staged: String, to path: String, from working: WorkingFolder) throws(DarkroomError) {
    try FileStore.checkReplaceable(path, from: working)
    let folder = FileStore.parent(of: path)
    try FileStore.makeFolder(folder, from: working)
    guard rename(staged, working.resolve(path)) == 0 else {
      throw DarkroomError("cannot move the image into place: \(String(cString: strerror(errno)))", file: path)
    }
    FileStore.syncFolder(folder, from: working)
  }

  /// Removes the PNGs of `folder` an earlier run wrote (named `NN_…png`, carrying the
  /// marker) that this run did not; returns their paths.
  private static func removeStale(in folder: String, from working: WorkingFolder, keeping names: Set<String>) -> [String] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: working.resolve(folder))) ?? []
    var removed: [String] = []
    for name in entries.sorted() where !names.contains(name) && name.hasSuffix(".png") {
      let digits = name.prefix(3)
      guard digits.count == 3, digits.prefix(2).allSatisfy(\.isASCII), digits.prefix(2).allSatisfy(\.isNumber),
        digits.last == "_"
      else { continue }
      let path = (folder as NSString).appendingPathComponent(name)
      guard FileStore.kind(of: path, from: working) == .file,
        let bytes = try? FileStore.read(path, what: "a screenshot", from: working, limit: 64 << 20),
        PNGTextChunk.value(forKey: marker.key, in: bytes) == marker.value
      else { continue }
      if unlink(working.resolve(path)) == 0 { removed.append(path) }
    }
    return removed
  }

  /// A locale's sheet: a row per device, its pages side by side, each labelled with
  /// its file's name.
  static func sheet(_ cells: [(page: ScreenshotPage?, image: PixelBuffer)], context: RenderContext) throws -> PixelBuffer {
    var rows: [[(label: String, image: PixelBuffer)]] = []
    var rowOf: [String: Int] = [:]
    for (page, image) in cells {
      let device = page.map { "\($0.target.store.rawValue)/\($0.target.display.name)" } ?? ""
      let label = page.map { "\($0.target.store.rawValue): \($0.fileName)" } ?? ""
      if let row = rowOf[device] {
        rows[row].append((label, image))
      } else {
        rowOf[device] = rows.count
        rows.append([(label, image)])
      }
    }
    let gap = ContactSheet.gap, band = ContactSheet.labelBand
    let width = rows.map { $0.reduce(gap) { $0 + $1.image.width + gap } }.max() ?? gap
    let heights = rows.map { ($0.map(\.image.height).max() ?? 0) + band }
    var sheet = try PixelBuffer(width: width, height: heights.reduce(gap, +), fill: ContactSheet.backdrop)
    let face = try context.fonts.face(.semibold)
    var y = 0
    for (row, height) in zip(rows, heights) {
      var x = gap
      for (label, image) in row {
        let line = TextLine(label, face: face, size: 13, caches: context.text)
        sheet.draw(
          line, baselineOrigin: Point(x: Double(x), y: Double(y + band - 12)), scale: 1, with: .solid(ContactSheet.ink),
          caches: context.text)
        sheet.draw(image, atX: x, y: y + band)
        x += image.width + gap
      }
      y += height
    }
    return sheet
  }
}
