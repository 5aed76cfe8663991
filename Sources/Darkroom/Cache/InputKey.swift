import DarkroomFoundation
import DarkroomRaster
import DarkroomRendering

/// Everything a snapshot's drawing is made from, as one hash: the files its layout
/// and theme were read from (``ProjectInputs``), the font files the run can set
/// text in, the Darkroom build with its libraries (``BuildIdentity``), and the
/// snapshot's layout, mode and locale. Laying out is a function of these, so a
/// snapshot whose key an earlier run drew, into pixels its golden still holds,
/// passes without being laid out (``InputRecord``).
///
/// A store page frames other layouts' screens: its key holds the screenshots'
/// files and every layout's. A project made in Swift has no files to hash, so its
/// snapshots are always laid out.
struct InputKey: Sendable {
  /// The run's part: the build, the folder, the theme's files and the fonts.
  private let run: ContentHash
  /// Each layout's file hash, by name.
  private let layouts: [String: ContentHash]
  /// What a store page is made from: the screenshots' files and every layout's;
  /// nil without store screenshots.
  private let pages: ContentHash?
  /// The layouts folder, which paths in the key are relative to.
  private let folder: String

  /// The keys of `project`'s snapshots, with text set by `context`'s fonts; nil
  /// when the project was not loaded from files or the build cannot be identified.
  ///
  /// `place` names where the project is — what its warnings' paths start with —
  /// by default its folder; a review's base, checked out into a new scratch folder
  /// each run, is named once for all of them, as only its pixels are asked of it.
  init?(project: Project, context: RenderContext, place: String? = nil, build: ContentHash? = BuildIdentity.current) {
    guard let inputs = project.inputs, let build else { return nil }
    folder = project.directory.hasSuffix("/") ? project.directory : project.directory + "/"
    var hasher = ContentHasher()
    hasher.update("darkroom-input-key-2")
    hasher.update(build)
    hasher.update(place ?? project.directory)
    hasher.update(inputs.theme)
    hasher.update(context.fonts.library.stamp)
    // The project's own font files are outside the library's folders, and are
    // known by their bytes: a checkout elsewhere has the same ones.
    var fontFiles = project.theme.fontFiles.map(\.path)
    for name in project.theme.fonts.keys.sorted() {
      guard let brand = project.theme.fonts[name] else { continue }
      fontFiles += brand.files.keys.sorted { $0.rawValue < $1.rawValue }.compactMap { brand.files[$0] }
    }
    for file in Set(fontFiles).sorted() {
      guard let bytes = try? FileStore.read(file, what: "a font", from: project.working) else { return nil }
      hasher.update(file.hasPrefix(folder) ? String(file.dropFirst(folder.count)) : file)
      hasher.update(ContentHash(bytes))
    }
    run = hasher.finalize()
    layouts = inputs.layouts
    pages = inputs.screenshots.map { screenshots in
      var pages = ContentHasher()
      pages.update(screenshots)
      for name in inputs.layouts.keys.sorted() {
        pages.update(name)
        if let layout = inputs.layouts[name] { pages.update(layout) }
      }
      return pages.finalize()
    }
  }

  /// The key of `snapshot`; nil for a layout whose file is unknown.
  func of(_ snapshot: Snapshot) -> ContentHash? {
    guard let layout = snapshot.page == nil ? layouts[snapshot.layout.name] : pages else { return nil }
    var hasher = ContentHasher()
    hasher.update(run)
    hasher.update(layout)
    let file = snapshot.layout.file
    hasher.update(file.hasPrefix(folder) ? String(file.dropFirst(folder.count)) : file)
    hasher.update(snapshot.name)
    hasher.update(snapshot.mode.name)
    hasher.update(String(describing: snapshot.mode.traits))
    hasher.update(Int(bitPattern: UInt(snapshot.mode.traits.scale?.bitPattern ?? 0)))
    hasher.update(snapshot.locale?.identifier ?? "")
    hasher.update(snapshot.namesLocale ? 1 : 0)
    return hasher.finalize()
  }
}

extension ContentHasher {
  /// Feeds a hash's two halves.
  mutating func update(_ hash: ContentHash) {
    update(Int(bitPattern: UInt(hash.high)))
    update(Int(bitPattern: UInt(hash.low)))
  }
}
