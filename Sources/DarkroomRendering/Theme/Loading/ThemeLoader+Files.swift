import DarkroomFoundation
import Foundation

extension Theme {
  /// The files an entry of a theme's list names (`fonts: { files: … }`,
  /// `symbols:`): the file itself, or every file under the folder, to any depth,
  /// whose name ends in one of `extensions`, in order.
  ///
  /// - Throws: ``/DarkroomFoundation/DarkroomError`` at the entry when it names
  ///   nothing, or a folder holding no such file (`kind` names them: "font file").
  static func listedFiles(
    _ item: YAMLNode, folder: String, extensions: [String], kind: String, reader: InputReader
  ) throws(DarkroomError) -> [String] {
    let name = try item.string("a \(kind) or folder")
    let path = resolve(name, in: folder)
    switch reader.kind(of: path) {
    case .missing:
      throw DarkroomError("no such \(kind) or folder \(Excerpt.quoted(name))", at: item.textLocation)
    case .folder:
      var files: [String] = []
      let walker = FileManager.default.enumerator(atPath: reader.resolve(path))
      while let relative = walker?.nextObject() as? String {
        let lower = relative.lowercased()
        if extensions.contains(where: { lower.hasSuffix("." + $0) }) { files.append(path + "/" + relative) }
      }
      guard !files.isEmpty else {
        let listed = extensions.map { "." + $0 }.joined(separator: ", ")
        throw DarkroomError("the folder \(Excerpt.quoted(name)) holds no \(kind) (\(listed))", at: item.textLocation)
      }
      return files.sorted()
    case .file, .other:
      return [path]
    }
  }

  /// `file` as the theme names it: relative to the theme's folder.
  static func resolve(_ file: String, in folder: String) -> String {
    file.hasPrefix("/") || folder.isEmpty ? file : (folder as NSString).appendingPathComponent(file)
  }
}
