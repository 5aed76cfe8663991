import Foundation

/// Finds and reads the string files a theme's `strings:` entry names.
///
/// A path may be:
/// - a string catalog (`Localizable.xcstrings`);
/// - a `.strings` or `.stringsdict` file in an `X.lproj` folder: it, the file of the
///   same name with the other extension, and those files in every sibling `*.lproj`
///   folder are read, each in its folder's language;
/// - a `strings.xml` (or other `.xml`) file in a `values…` folder: it and the file
///   of the same name in every sibling `values…` folder for a language are read;
/// - a folder: every `*.xcstrings`, every `*.lproj/*.strings` and `*.stringsdict`,
///   and every `.xml` file of the `values…` folders in it or one level down (so the
///   folder may be a module, `res/`, or hold the `.lproj` folders).
///
/// The `.lproj` folders of one parent are read together, as one bundle's tables: a
/// `.stringsdict` key wins over the same `.strings` key, and `Base.lproj`'s strings
/// are the development language's (English) where `en.lproj` does not give them.
/// The values folders of one `res` folder are read together too, as aapt2 merges
/// them: every file of a folder (`strings.xml`, `donottranslate.xml`,
/// `preference_keys.xml`…), a language's own folder before the default one, and
/// `@string/name` aliases are resolved among them. Files are otherwise read in
/// sorted path order, so the first source to give a key (which wins) never depends
/// on the order a folder lists its entries. Resource folders with qualifiers other
/// than a language are skipped. Links are followed, but folders are searched only
/// two levels deep, so a link loop cannot make the search endless.
package enum StringSources {
  /// Every string of the source at `path`.
  ///
  /// - Throws: ``DarkroomError`` when nothing is at `path`, when a folder holds no
  ///   string file, or when a file cannot be read.
  package static func load(_ path: String, reader: InputReader = .unbounded) throws(DarkroomError) -> StringTable {
    guard reader.exists(path) else {
      throw DarkroomError("cannot read the strings: no such file", file: path)
    }
    let groups = reader.isFolder(path) ? try groupsInFolder(path, reader) : try groupsBeside(path, reader)
    var table = StringTable()
    for group in groups { table.merge(try group.load(reader)) }
    return table
  }

  /// Files read as one table.
  private enum Group {
    /// A string catalog.
    case catalog(String)
    /// `.strings` and `.stringsdict` files of the `.lproj` folders of one parent,
    /// in the order they win.
    case apple([(path: String, language: String)])
    /// Values files of one `res` folder; a nil language is the default folder's.
    case android([(path: String, language: String?)])

    func load(_ reader: InputReader) throws(DarkroomError) -> StringTable {
      switch self {
      case .catalog(let path):
        return try XCStringsReader(file: path, reader: reader).load()
      case .apple(let files):
        var table = StringTable()
        table.fallback = StringFallback(developmentLanguage: "en", platform: .apple)
        for file in files {
          var part =
            file.path.hasSuffix(".stringsdict")
            ? try StringsDictReader(file: file.path, language: file.language, reader: reader).load()
            : try DotStringsReader(file: file.path, language: file.language, reader: reader).load()
          part.fallback = table.fallback
          for key in part.entries.keys { part.fallbacks[key] = table.fallback }
          table.merge(part)
        }
        return table
      case .android(let files):
        return try AndroidStringFolder(files: files, reader: reader).load()
      }
    }
  }

  /// The file at `path` and its translations.
  private static func groupsBeside(_ path: String, _ reader: InputReader) throws(DarkroomError) -> [Group] {
    let name = (path as NSString).lastPathComponent
    let folder = FileStore.parent(of: path)
    // A bare file name is in the folder it is read from, whose name its real path says.
    let real = folder.isEmpty ? FileStore.parent(of: InputBoundary.realPath(reader.resolve(path)) ?? path) : folder
    let folderName = (real as NSString).lastPathComponent
    let parent = FileStore.parent(of: folder)
    if name.hasSuffix(".xcstrings") { return [.catalog(path)] }
    if name.hasSuffix(".strings") || name.hasSuffix(".stringsdict") {
      guard folderName.hasSuffix(".lproj") else {
        throw DarkroomError(
          "a .strings file must be in a language's .lproj folder (de.lproj) to say its language; found it in '\(Quoted.text(folderName))'",
          file: path)
      }
      let stem = (name as NSString).deletingPathExtension
      return [.apple(appleFiles(in: parent, reader) { ($0 as NSString).deletingPathExtension == stem })]
    }
    if name.hasSuffix(".xml") {
      guard AndroidStringsReader.language(ofFolder: folderName) != nil else {
        throw DarkroomError(
          "an Android strings file must be in a values folder (values, values-de) to say its language; found it in '\(Quoted.text(folderName))'",
          file: path)
      }
      return [.android(androidFiles(in: parent, reader) { $0 == name })]
    }
    throw DarkroomError(
      "not a string file: expected a .xcstrings, .strings, .stringsdict or Android strings.xml file, or a folder", file: path)
  }

  /// The string files in `folder` and one level down.
  private static func groupsInFolder(_ folder: String, _ reader: InputReader) throws(DarkroomError) -> [Group] {
    var found: [Group] = []
    func scan(_ directory: String, level: Int) {
      let names = ((try? reader.names(in: directory)) ?? []).sorted()
      var sawLproj = false, sawValues = false
      for name in names where !name.hasPrefix(".") {
        let path = (directory as NSString).appendingPathComponent(name)
        if name.hasSuffix(".xcstrings") {
          if isFile(path, reader) { found.append(.catalog(path)) }
        } else if name.hasSuffix(".lproj") {
          sawLproj = true
        } else if AndroidStringsReader.language(ofFolder: name) != nil {
          sawValues = true
        } else if level == 0, reader.isFolder(path) {
          scan(path, level: 1)
        }
      }
      if sawLproj {
        let files = appleFiles(in: directory, reader) { $0.hasSuffix(".strings") || $0.hasSuffix(".stringsdict") }
        if !files.isEmpty { found.append(.apple(files)) }
      }
      if sawValues {
        let files = androidFiles(in: directory, reader) { $0.lowercased().hasSuffix(".xml") }
        if !files.isEmpty { found.append(.android(files)) }
      }
    }
    scan(folder, level: 0)
    guard !found.isEmpty else {
      throw DarkroomError(
        "no strings found: expected a .xcstrings file, .lproj folders with .strings or .stringsdict files, or values folders with strings in the folder or one level down",
        file: folder)
    }
    return found
  }

  /// The `.strings` and `.stringsdict` files `wanted` accepts in the `.lproj` folders
  /// of `parent`, in the order they win: each language's `.stringsdict` before its
  /// `.strings`, `Base.lproj` last, as English.
  private static func appleFiles(
    in parent: String, _ reader: InputReader, _ wanted: (String) -> Bool
  ) -> [(path: String, language: String)] {
    var result: [(path: String, language: String)] = []
    var base: [(path: String, language: String)] = []
    let folders = ((try? reader.names(in: parent)) ?? []).sorted()
    for folder in folders where folder.hasSuffix(".lproj") {
      let isBase = folder == "Base.lproj"
      guard let language = isBase ? "en" : DotStringsReader.language(ofFolder: folder) else { continue }
      let path = (parent as NSString).appendingPathComponent(folder)
      let names = files(in: path, reader).filter(wanted)
      let ordered = names.filter { $0.hasSuffix(".stringsdict") } + names.filter { $0.hasSuffix(".strings") }
      for name in ordered {
        let entry = ((path as NSString).appendingPathComponent(name), language)
        if isBase { base.append(entry) } else { result.append(entry) }
      }
    }
    return result + base
  }

  /// The values files `wanted` accepts in the language folders of the `res` folder
  /// `parent`: languages' folders first, the default `values` last.
  private static func androidFiles(
    in parent: String, _ reader: InputReader, _ wanted: (String) -> Bool
  ) -> [(path: String, language: String?)] {
    var result: [(path: String, language: String?)] = []
    var defaults: [(path: String, language: String?)] = []
    let folders = ((try? reader.names(in: parent)) ?? []).sorted()
    for folder in folders {
      guard let language = AndroidStringsReader.language(ofFolder: folder) else { continue }
      let path = (parent as NSString).appendingPathComponent(folder)
      for name in files(in: path, reader) where wanted(name) {
        let entry = ((path as NSString).appendingPathComponent(name), language)
        if language == nil { defaults.append(entry) } else { result.append(entry) }
      }
    }
    return result + defaults
  }

  private static func files(in folder: String, _ reader: InputReader) -> [String] {
    ((try? reader.names(in: folder)) ?? []).sorted().filter {
      !$0.hasPrefix(".") && isFile((folder as NSString).appendingPathComponent($0), reader)
    }
  }

  private static func isFile(_ path: String, _ reader: InputReader) -> Bool { reader.exists(path) && !reader.isFolder(path) }
}
