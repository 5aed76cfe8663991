import DarkroomFoundation
import DarkroomRaster
import Foundation

extension Theme {
  /// What `fonts:` declares: the families labels may choose, and the project's own
  /// font files.
  struct DeclaredFonts {
    var families: [String: BrandFont] = [:]
    var files: [FontFile] = []
  }

  /// Reads `fonts:`: `files:` (font files or folders of them, relative to the
  /// theme) and family names mapped to `weight: file`. Every file is opened now, so
  /// a missing or unreadable font stops the run with its line and column.
  static func parseFonts(_ node: YAMLNode, folder: String, reader: InputReader) throws(DarkroomError) -> DeclaredFonts {
    var declared = DeclaredFonts()
    for family in try node.mapping("fonts") {
      if family.key == "files" {
        declared.files = try parseFontFiles(family.value, folder: folder, reader: reader)
        continue
      }
      var files: [FontWeight: String] = [:]
      let what = "font '\(family.key)'"
      for entry in try family.value.mapping(what) {
        guard let weight = FontWeight(rawValue: entry.key) else {
          throw DarkroomError(
            "unknown weight '\(entry.key)' in \(what)", at: entry.keyNode.location,
            suggestion: Suggestion.closest(to: entry.key, in: FontWeight.allCases.map(\.rawValue)))
        }
        let file = try entry.value.string("a font file")
        let path = resolve(file, in: folder)
        guard reader.exists(path) else {
          throw DarkroomError("\(what): no such file '\(file)'", at: entry.value.textLocation)
        }
        do {
          // FreeType opens the file itself: the boundary is checked first.
          try reader.check(path)
          _ = try FontFace(path: reader.resolve(path))
        } catch let error as DarkroomError {
          throw DarkroomError(error.message, at: entry.value.textLocation)
        } catch let error as FontError {
          throw DarkroomError("\(what): \(error.naming(path))", at: entry.value.textLocation)
        } catch {
          throw DarkroomError("\(what): \(error)", at: entry.value.textLocation)
        }
        files[weight] = path
      }
      if files.isEmpty { throw DarkroomError("\(what) names no file", at: family.value.location) }
      var brand = BrandFont(name: family.key, files: files)
      brand.working = reader.working
      declared.families[family.key] = brand
    }
    // Each family of the project's files may be chosen by its own name too.
    for (family, faces) in Dictionary(grouping: declared.files.filter { !$0.face.italic }, by: \.face.family)
    where declared.families[family] == nil {
      var files: [FontWeight: String] = [:]
      var indices: [FontWeight: UInt32] = [:]
      for face in faces.sorted(by: { ($0.face.width != 5 ? 1 : 0, $0.path) < ($1.face.width != 5 ? 1 : 0, $1.path) })
      where files[face.weight] == nil {
        files[face.weight] = face.path
        indices[face.weight] = face.face.index
      }
      var brand = BrandFont(name: family, files: files, indices: indices)
      brand.working = reader.working
      declared.families[family] = brand
    }
    return declared
  }

  /// The faces of `files:`: each entry a font file, or a folder whose font files
  /// (to any depth) are all read.
  private static func parseFontFiles(_ node: YAMLNode, folder: String, reader: InputReader) throws(DarkroomError) -> [FontFile] {
    var found: [FontFile] = []
    for item in try node.sequence("fonts' files") {
      let paths = try listedFiles(item, folder: folder, extensions: ["otf", "ttf", "ttc"], kind: "font file", reader: reader)
      for file in paths {
        do {
          try reader.check(file)
          for face in try FontFace.descriptions(ofFileAt: reader.resolve(file)) {
            var projectFile = FontFile(path: file, face: face, origin: .project)
            projectFile.working = reader.working
            found.append(projectFile)
          }
        } catch let error as DarkroomError {
          throw DarkroomError(error.message, at: item.textLocation)
        } catch let error as FontError {
          throw DarkroomError(
            "\(Excerpt.quoted((file as NSString).lastPathComponent)): \(error.naming(file))", at: item.textLocation)
        } catch {
          throw DarkroomError("\(Excerpt.quoted((file as NSString).lastPathComponent)): \(error)", at: item.textLocation)
        }
      }
    }
    return found
  }
}
