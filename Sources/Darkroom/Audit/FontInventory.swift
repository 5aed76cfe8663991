import DarkroomFoundation
import DarkroomRaster
import DarkroomRendering
import Foundation

/// The faces a project's runs may set text in — the theme's own font files, the
/// text family (Inter) in every weight a label may ask for, and the fallback
/// families — with what each says about itself and where it was found; and the
/// copy of them into the project (`darkroom fonts vendor`), so its goldens verify
/// on any machine.
public struct FontInventory: Sendable {
  /// One face, as `darkroom fonts` lists it.
  public struct Entry: Sendable {
    /// The face.
    public let file: FontFile
    /// Its identity as goldens record it (``/DarkroomRendering/FaceIdentity/recorded(_:index:)``), or nil
    /// when the file cannot be read.
    public let identity: String?

    /// `Inter Regular  Version 3.019  1146e49…  /usr/share/fonts/…/Inter-Regular.otf  (system: /usr/share/fonts)`.
    public var line: String {
      let origin = file.origin == .project ? "project" : "system: \(file.origin)"
      let digest = identity.map { String($0.prefix(12)) + "…" } ?? "unreadable"
      return "\(file.face.family) \(file.face.style)  \(file.face.version)  \(digest)  \(file.path)  (\(origin))"
    }
  }

  /// Every face, the project's first, then the text family's, then the fallbacks'.
  public let entries: [Entry]
  /// Fallback families this machine does not have.
  public let missing: [String]

  /// The faces `theme`'s runs would use on this machine, with `library`.
  public init(theme: Theme, library: FontLibrary = FontLibrary()) {
    var files: [FontFile] = []
    var seen: Set<String> = []
    func add(_ file: FontFile) {
      if seen.insert("\(file.face.index)#\(file.path)").inserted { files.append(file) }
    }
    for file in theme.fontFiles { add(file) }
    for weight in FontWeight.allCases {
      if let file = library.face(of: FontLibrary.textFamily, weight: weight, project: theme.fontFiles) { add(file) }
    }
    // Italic runs (Markdown's *emphasis*) and code runs, in the cuts they take.
    for weight in FontWeight.allCases {
      if let file = library.face(of: FontLibrary.textFamily, weight: weight, italic: true, project: theme.fontFiles) {
        add(file)
      }
    }
    let monospaced = SystemFont.monospacedFamily(project: theme.fontFiles)
    for weight in [FontWeight.regular, .bold] {
      if let file = library.face(of: monospaced, weight: weight, project: theme.fontFiles) { add(file) }
    }
    var missing: [String] = []
    for family in FontLibrary.fallbackFamilies {
      let regular = library.face(of: family, weight: .regular, project: theme.fontFiles)
      let bold = library.face(of: family, weight: .bold, project: theme.fontFiles)
      if regular == nil { missing.append(family) }
      for file in [regular, bold].compactMap({ $0 }) { add(file) }
    }
    self.missing = missing
    entries = files.map { file in
      let bytes = try? FileStore.read(file.path, what: "a font", from: file.working)
      return Entry(file: file, identity: bytes.map { FaceIdentity.recorded($0, index: file.face.index) })
    }
  }

  /// Names of the licence files kept beside fonts.
  static func isLicence(_ name: String) -> Bool {
    let lower = name.lowercased()
    return ["license", "licence", "ofl", "copying", "copyright"].contains { lower.hasPrefix($0) }
  }

  /// The font files `project`'s snapshots set text in, in every mode and locale, by
  /// the absolute paths they were opened from: the faces vendoring copies (a project
  /// that shows no Chinese text does not carry a CJK collection).
  public static func facesInUse(_ project: Project) throws(DarkroomError) -> Set<String> {
    var used = FacesUsed()
    let context = RenderContext()
    for snapshot in project.snapshots(modes: project.theme.modes) {
      used.descend(into: try snapshot.displayList(theme: project.theme, context: context).commands)
    }
    return used.paths
  }

  /// The font files text is set in; a store page's screen sets text too.
  private struct FacesUsed: DisplayListVisitor {
    var paths: Set<String> = []

    mutating func text(_ line: TextLine, origin: Point, color: RGBA8, at index: Int) {
      for glyph in line.glyphs { paths.insert(glyph.face.path) }
    }
    mutating func group(clip: RoundedRect?, opacity: Double, commands: [DisplayList.Command], at index: Int) {
      descend(into: commands)
    }
    mutating func snapshot(_ list: DisplayList, frame: RoundedRect, at index: Int) { descend(into: list.commands) }
    mutating func fill(_ shape: RoundedRect, paint: Paint, at index: Int) {}
    mutating func border(_ shape: RoundedRect, width: Double, dashes: [Double], color: RGBA8, at index: Int) {}
    mutating func shadow(_ shape: RoundedRect, _ shadow: DisplayList.Shadow, at index: Int) {}
    mutating func icon(_ icon: Icon, frame: Rect, lineWidth: Double, color: RGBA8, at index: Int) {}
    mutating func symbol(_ symbol: DisplayList.Symbol, frame: Rect, color: RGBA8, at index: Int) {}
    mutating func line(from: Point, to: Point, width: Double, color: RGBA8, at index: Int) {}
    mutating func image(_ image: ResolvedImage, frame: RoundedRect, at index: Int) {}
    mutating func backdropBlur(_ shape: RoundedRect, sigma: Double, at index: Int) {}
  }

  /// What `darkroom fonts vendor` did: the files written, and whether theme.yml now
  /// names the folder.
  public struct Vendored: Sendable {
    /// The files copied, fonts and licences.
    public let written: [String]
    /// How many of them are faces; the others are licences.
    public var faces: Int { written.filter { !FontInventory.isLicence(($0 as NSString).lastPathComponent) }.count }
    /// Whether `fonts: { files: [folder] }` was added to theme.yml.
    public let themeEdited: Bool
  }

  /// Copies every face `project`'s snapshots set text in that it finds on this
  /// machine into `folder` (relative to its layouts folder; the licence files beside
  /// each face too) and adds `fonts: { files: [folder] }` to its theme. Everything
  /// that can fail is checked before
  /// the first write: the folder's name, a theme that names fonts already (edited
  /// by hand, never behind its back), the sources' and targets' permissions. Faces
  /// the project already has stay where they are; every copy, and the theme, stays
  /// inside `projectFolder`.
  public static func vendor(
    _ project: Project, into folder: String, projectFolder: ProjectFolder, interruption: Interruption
  ) throws(DarkroomError)
    -> Vendored
  {
    try checkFolderName(folder)
    let layouts = project.directory
    let working = project.working
    let themeFile = layouts + "/theme.yml"
    let text = String(decoding: try FileStore.read(themeFile, what: "the theme", from: working), as: UTF8.self)
    let top = try YAMLNode.parse(text, file: themeFile)
    let target = layouts + "/" + folder
    // Compared as the absolute paths the faces were opened from.
    let inUse = try facesInUse(project)
    let own = Set(project.theme.fontFiles.map { $0.working.resolve($0.path) })
    let editTheme = try themeNeedsFolder(top, own: own, target: working.resolve(target), folder: folder)
    // The faces the snapshots draw with that the project does not have already.
    let inLayouts = working.resolve(layouts) + "/"
    let copies = copiesToVendor(inUse.subtracting(own).filter { !$0.hasPrefix(inLayouts) }, into: target, from: working)
    try checkWrites(copies, into: target, theme: themeFile, editing: editTheme, projectFolder: projectFolder)
    do {
      try FileManager.default.createDirectory(atPath: working.resolve(target), withIntermediateDirectories: true)
    } catch {
      throw DarkroomError("cannot make the folder \(Excerpt.quoted(target)): \(error.localizedDescription)")
    }
    // One file in memory at a time.
    for copy in copies {
      try FileStore.writeAtomically(
        try FileStore.read(copy.from, what: "a font", from: working), to: copy.to, from: working, interruption: interruption)
    }
    if editTheme {
      let addition = (text.hasSuffix("\n") ? "" : "\n")
        + "\n# The faces text is set in, copied by darkroom fonts vendor.\nfonts:\n  files: ['\(folder)']\n"
      try FileStore.writeAtomically(Array((text + addition).utf8), to: themeFile, from: working, interruption: interruption)
    }
    return Vendored(written: copies.map(\.to), themeEdited: editTheme)
  }

  /// Checks the fonts folder's name: a path inside the layouts folder, of letters,
  /// digits, `.`, `-`, `_` and `/`, with no empty, `.` or `..` part.
  private static func checkFolderName(_ folder: String) throws(DarkroomError) {
    let parts = folder.split(separator: "/", omittingEmptySubsequences: false)
    let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "._-"))
    guard !folder.isEmpty, parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }),
      folder.unicodeScalars.allSatisfy({ $0 == "/" || allowed.contains($0) })
    else {
      throw DarkroomError(
        "the fonts folder is a path inside the layouts folder of letters, digits, '.', '-', '_' and '/', found \(Excerpt.quoted(folder))")
    }
  }

  /// Whether theme.yml is to get `fonts: { files: [folder] }`: it is when it names
  /// no fonts, and not when every file it names is in the folder already; a theme
  /// that names fonts elsewhere is edited by hand, never behind its back.
  private static func themeNeedsFolder(
    _ top: YAMLNode, own: Set<String>, target: String, folder: String
  ) throws(DarkroomError) -> Bool {
    guard let fonts = try top.mapping("the theme").first(where: { $0.key == "fonts" })?.keyNode else { return true }
    guard !own.isEmpty, own.allSatisfy({ $0.hasPrefix(target + "/") }) else {
      throw DarkroomError(
        "theme.yml names its fonts already: add \(Excerpt.quoted(folder)) to their 'files:' by hand, copy the faces there, or vendor into the folder 'files:' names",
        at: fonts.location)
    }
    return false
  }

  /// The copies to make of `faces` (the paths they were opened from) into `target`: each face with the
  /// licence files beside it and its package's licence record, named apart when two
  /// sources hold different files of one name.
  private static func copiesToVendor(
    _ faces: Set<String>, into target: String, from working: WorkingFolder
  ) -> [(from: String, to: String)] {
    var copies: [(from: String, to: String)] = []
    var named: [String: String] = [:]
    func copy(_ from: String, as name: String, apart: String) {
      var name = name
      if let other = named[name] {
        guard !FileStore.sameContent(other, from, from: working) else { return }
        let stem = (name as NSString).deletingPathExtension, ext = (name as NSString).pathExtension
        var number = 1
        repeat {
          let tag = number == 1 ? apart : "\(apart)-\(number)"
          name = isLicence(name) ? "\(name).\(tag)" : "\(stem)-\(tag)" + (ext.isEmpty ? "" : ".\(ext)")
          number += 1
        } while named[name].map { !FileStore.sameContent($0, from, from: working) } ?? false
        if named[name] != nil { return }
      }
      named[name] = from
      copies.append((from, target + "/" + name))
    }
    let packages = Platform.packageLicences(of: faces)
    for path in faces.sorted() {
      let source = (path as NSString).deletingLastPathComponent
      let apart = (source as NSString).lastPathComponent
      copy(path, as: (path as NSString).lastPathComponent, apart: apart)
      for licence in (try? FileManager.default.contentsOfDirectory(atPath: source))?.sorted() ?? [] where isLicence(licence) {
        copy(source + "/" + licence, as: licence, apart: apart)
      }
      if let package = packages[path] { copy(package.path, as: "COPYRIGHT.\(package.package)", apart: package.package) }
    }
    return copies
  }

  /// Checks everything the writes need before the first: the folder (a committed
  /// link to one elsewhere included), every copy and the theme stay in the project,
  /// every source can be read, and the folder and the theme can be written.
  private static func checkWrites(
    _ copies: [(from: String, to: String)], into target: String, theme themeFile: String, editing editTheme: Bool,
    projectFolder project: ProjectFolder
  ) throws(DarkroomError) {
    try project.checkDestination(target, what: "the fonts folder", given: true)
    for copy in copies {
      try project.checkDestination(copy.to, what: "a font's copy", given: true)
      try FileStore.checkReplaceable(copy.to, from: project.working)
    }
    if editTheme { try project.checkDestination(themeFile, what: "the theme", given: true) }
    let files = FileManager.default
    for copy in copies where !files.isReadableFile(atPath: copy.from) {
      throw DarkroomError("cannot read the font \(Excerpt.quoted(copy.from))")
    }
    var existing = project.working.resolve(target)
    while !files.fileExists(atPath: existing) { existing = (existing as NSString).deletingLastPathComponent }
    let layouts = project.working.resolve(FileStore.parent(of: themeFile))
    guard files.isWritableFile(atPath: existing),
      !editTheme
        || (files.isWritableFile(atPath: layouts) && files.isWritableFile(atPath: project.working.resolve(themeFile)))
    else {
      throw DarkroomError(
        "cannot write the fonts into \(Excerpt.quoted(target)) or name them in theme.yml: permission denied", file: themeFile)
    }
  }
}
