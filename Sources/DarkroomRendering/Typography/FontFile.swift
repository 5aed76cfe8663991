import DarkroomFoundation
import DarkroomRaster

/// A face a run may set text in: the file, the face in it, what the face says about
/// itself, and where it was found.
public struct FontFile: Sendable, Hashable {
  /// Where a face was found.
  public enum Origin: Sendable, Hashable, CustomStringConvertible {
    /// The project's own fonts, named by the theme's `fonts: { files: … }`.
    case project
    /// A folder of this machine's fonts.
    case system(folder: String)

    /// `project`, or the folder.
    public var description: String {
      switch self {
      case .project: "project"
      case .system(let folder): folder
      }
    }
  }

  /// The font file.
  public let path: String
  /// The face in it.
  public let face: FontDescription
  /// Where it was found.
  public let origin: Origin
  /// The folder a relative ``path`` starts from (a project's font named from the
  /// theme): the face is opened again when text is first set in it.
  package var working = WorkingFolder.process

  /// A face of a file.
  public init(path: String, face: FontDescription, origin: Origin) {
    self.path = path
    self.face = face
    self.origin = origin
  }

  /// The weight a label asks for that this face is closest to.
  var weight: FontWeight {
    FontWeight.allCases.min { abs($0.weightClass - face.weight) < abs($1.weightClass - face.weight) } ?? .regular
  }

  /// `Inter Semi Bold (Version 3.019)`.
  public var name: String {
    let version = face.version.isEmpty ? "" : " (\(face.version))"
    return "\(face.family) \(face.style)\(version)"
  }
}

extension FontWeight {
  /// The OS/2 weight class of the weight: 100 (ultra light) to 900 (black).
  var weightClass: Int { ((FontWeight.allCases.firstIndex(of: self) ?? 3) + 1) * 100 }
}
