import Foundation

/// Finds and reads the string files a theme's `strings:` entry names.
///
/// A path may be:
/// - a string catalog (`Localizable.xcstrings`);
/// - a `.strings` file in an `X.lproj` folder: it and the file of the same name in
///   every sibling `*.lproj` folder are read, each in its folder's language;
/// - a `strings.xml` (or other `.xml`) file in a `values…` folder: it and the file of
///   the same name in every sibling `values…` folder for a language are read;
/// - a folder: every `*.xcstrings`, every `*.lproj/*.strings` and every
///   `values…/strings.xml` in it or one level down (so the folder may be a module,
///   `res/`, or hold the `.lproj` folders).
///
/// Files are read in sorted path order, so the first source to give a key (which
/// wins) never depends on the order a folder lists its entries. `Base.lproj` and
/// resource folders with qualifiers other than a language are skipped. Links are
/// followed, but folders are searched only two levels deep, so a link loop cannot
/// make the search endless.
enum StringSources {
  /// Every string of the source at `path`.
  ///
  /// - Throws: ``DarkroomError`` when nothing is at `path`, when a folder holds no
  ///   string file, or when a file cannot be read.
  static func load(_ path: String) throws(DarkroomError) -> StringTable {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
      throw DarkroomError("cannot read the strings: no such file", file: path)
    }
    let sources = isFolder.boolValue ? try sourcesInFolder(path) : try sourcesBeside(path)
    var table = StringTable()
    for source in sources { table.merge(try source.load()) }
    return table
  }

  /// One file to read and how.
  private enum Source {
    case catalog(String)
    case dotStrings(String, language: String)
    case android(String, language: String?)

    var path: String {
      switch self {
      case .catalog(let path), .dotStrings(let path, _), .android(let path, _): path
      }
    }

    func load() throws(DarkroomError) -> StringTable {
      switch self {
      case .catalog(let path): try XCStringsReader(file: path).load()
      case .dotStrings(let path, let language): try DotStringsReader(file: path, language: language).load()
      case .android(let path, let language): try AndroidStringsReader(file: path, language: language).load()
      }
    }
  }

  /// The file at `path` and, for `.strings` and Android files, its translations.
  private static func sourcesBeside(_ path: String) throws(DarkroomError) -> [Source] {
    let name = (path as NSString).lastPathComponent
    let folder = FileStore.parent(of: path)
    let folderName = ((folder.isEmpty ? FileManager.default.currentDirectoryPath : folder) as NSString).lastPathComponent
    let parent = FileStore.parent(of: folder)
    if name.hasSuffix(".xcstrings") { return [.catalog(path)] }
    if name.hasSuffix(".strings") {
      guard DotStringsReader.language(ofFolder: folderName) != nil else {
        throw DarkroomError(
          "a .strings file must be in a language's .lproj folder (de.lproj) to say its language; found it in '\(folderName)'",
          file: path)
      }
      return siblings(of: parent, named: name).compactMap { sibling in
        DotStringsReader.language(ofFolder: sibling.folder).map { .dotStrings(sibling.path, language: $0) }
      }
    }
    if name.hasSuffix(".xml") {
      guard AndroidStringsReader.language(ofFolder: folderName) != nil else {
        throw DarkroomError(
          "an Android strings file must be in a values folder (values, values-de) to say its language; found it in '\(folderName)'",
          file: path)
      }
      return siblings(of: parent, named: name).compactMap { sibling in
        AndroidStringsReader.language(ofFolder: sibling.folder).map { .android(sibling.path, language: $0) }
      }
    }
    throw DarkroomError("not a string file: expected a .xcstrings, .strings or Android strings.xml file, or a folder", file: path)
  }

  /// The file called `name` in each folder inside `parent` (the current folder when
  /// empty), in sorted order.
  private static func siblings(of parent: String, named name: String) -> [(folder: String, path: String)] {
    let folders = (try? FileManager.default.contentsOfDirectory(atPath: parent.isEmpty ? "." : parent)) ?? []
    return folders.sorted().compactMap { folder in
      let path = ((parent as NSString).appendingPathComponent(folder) as NSString).appendingPathComponent(name)
      return isFile(path) ? (folder, path) : nil
    }
  }

  /// The string files in `folder` and one level down.
  private static func sourcesInFolder(_ folder: String) throws(DarkroomError) -> [Source] {
    var found: [Source] = []
    func scan(_ directory: String, level: Int) {
      let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
      for name in names where !name.hasPrefix(".") {
        let path = (directory as NSString).appendingPathComponent(name)
        if name.hasSuffix(".xcstrings") {
          if isFile(path) { found.append(.catalog(path)) }
        } else if let language = DotStringsReader.language(ofFolder: name) {
          for file in files(in: path) where file.hasSuffix(".strings") {
            found.append(.dotStrings((path as NSString).appendingPathComponent(file), language: language))
          }
        } else if let language = AndroidStringsReader.language(ofFolder: name) {
          let file = (path as NSString).appendingPathComponent("strings.xml")
          if isFile(file) { found.append(.android(file, language: language)) }
        } else if level == 0, isFolder(path), !name.hasSuffix(".lproj") {
          scan(path, level: 1)
        }
      }
    }
    scan(folder, level: 0)
    guard !found.isEmpty else {
      throw DarkroomError(
        "no strings found: expected a .xcstrings file, .lproj folders with .strings files, or values folders with strings.xml in the folder or one level down",
        file: folder)
    }
    return found
  }

  private static func files(in folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted().filter {
      isFile((folder as NSString).appendingPathComponent($0))
    }
  }

  private static func isFile(_ path: String) -> Bool {
    var isFolder: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && !isFolder.boolValue
  }

  private static func isFolder(_ path: String) -> Bool {
    var isFolder: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
  }

}
