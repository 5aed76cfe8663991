import Foundation

/// The strings of one Android `res` folder's values folders, read together as aapt2
/// merges them: every file of a folder, each language (`values-de`, `values-pt-rBR`)
/// and the default `values`, whose language is its `tools:locale`, else English.
///
/// Keys fall back as Android's resources do (``StringFallback/Platform/android``).
/// A string whose whole text is a reference, `@string/name`, is an alias: it shows
/// the text `name` has in the locale drawn (following its fallback), as Android
/// resolves a reference in the device's configuration. An alias to a string no folder defines — a library's, or a framework string
/// `@android:string/ok` — has no text Darkroom can know: a layout that shows it gets
/// a located error.
struct AndroidStringFolder {
  /// The files, a language's before the default folder's (nil language).
  let files: [(path: String, language: String?)]
  /// How the files are read.
  let reader: InputReader

  func load() throws(DarkroomError) -> StringTable {
    var parsed: [(path: String, language: String?, resources: [AndroidStringsReader.Resource])] = []
    var development: String?
    var languages: [String?] = []
    for file in files {
      guard mentionsStrings(file.path) else {
        // An empty strings file still makes its language a locale.
        if (file.path as NSString).lastPathComponent == "strings.xml" { languages.append(file.language) }
        continue
      }
      let (resources, toolsLocale) = try AndroidStringsReader(file: file.path, language: file.language, reader: reader).read()
      if file.language == nil, development == nil { development = toolsLocale }
      parsed.append((file.path, file.language, resources))
      languages.append(file.language)
    }
    let defaultLanguage = development ?? "en"
    var table = StringTable()
    table.fallback = StringFallback(developmentLanguage: defaultLanguage, platform: .android)
    if languages.contains(where: { $0 == nil }) { table.sourceLanguage = defaultLanguage }
    for language in languages { table.fileLanguages.insert(language ?? defaultLanguage) }
    for file in parsed {
      let language = file.language ?? defaultLanguage
      for resource in file.resources {
        table.add(resource.name, language: language, resource.value, origin: file.path)
        if !resource.translatable { table.untranslatable.insert(resource.name) }
      }
    }
    resolveAliases(in: &table, development: defaultLanguage)
    return table
  }

  /// `@string/name`, `@+string/name` or `@package:string/name`: the name, and
  /// whether it is the framework's (`@android:string/…`).
  static func alias(_ text: String) -> (name: String, framework: Bool)? {
    guard text.hasPrefix("@") else { return nil }
    var rest = text.dropFirst()
    if rest.hasPrefix("+") { rest = rest.dropFirst() }
    var package: Substring?
    if let colon = rest.firstIndex(of: ":") {
      package = rest[..<colon]
      rest = rest[rest.index(after: colon)...]
    }
    guard rest.hasPrefix("string/") else { return nil }
    let name = rest.dropFirst("string/".count)
    let allowed = name.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "." }
    guard !name.isEmpty, allowed else { return nil }
    return (String(name), package == "android")
  }

  /// Notes each alias's target, to be followed in the locale drawn; an alias to a
  /// framework string, or to a name no folder defines, has no text Darkroom can know.
  private func resolveAliases(in table: inout StringTable, development: String) {
    for key in table.entries.keys.sorted() {
      for (language, value) in table.entries[key] ?? [:] {
        guard case .text(let text) = value, let target = Self.alias(text) else { continue }
        if target.framework {
          table.unavailable[key, default: [:]][language] =
            "its text is '@android:string/\(Quoted.text(target.name))', a framework string whose text Darkroom does not know"
        } else if table.entries[target.name] == nil {
          table.unavailable[key, default: [:]][language] =
            "its text is '@string/\(Quoted.text(target.name))', which no values folder of its res folder defines (a library's string?)"
        } else {
          table.aliases[key, default: [:]][language] = target.name
        }
      }
    }
  }

  /// Whether the file holds a string at all, read as bytes: many values files are
  /// colours, dimensions and styles.
  private func mentionsStrings(_ file: String) -> Bool {
    // Unreadable or too large: the reader says why.
    guard let bytes = try? reader.read(file, what: "the string resources", limit: FileStore.maximumTextBytes) else {
      return true
    }
    let data = Data(bytes)
    return data.range(of: Data("<string".utf8)) != nil || data.range(of: Data("<plurals".utf8)) != nil
      || data.range(of: Data("\"string\"".utf8)) != nil
  }
}
