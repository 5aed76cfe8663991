import Foundation
import Synchronization

/// Finds and opens the UI face's files, once per process.
///
/// The folder is `DARKROOM_FONT_DIR` when set, else Debian's
/// `/usr/share/fonts/opentype/inter`. Faces are shared by every thread.
public final class FontBook: Sendable {
  /// The process's font book.
  public static let shared = FontBook()

  private let faces = Mutex<[FontWeight: FontFace]>([:])

  /// The folder fonts are read from.
  public var directory: String {
    ProcessInfo.processInfo.environment["DARKROOM_FONT_DIR"] ?? "/usr/share/fonts/opentype/inter"
  }

  /// The face for a weight.
  ///
  /// - Throws: ``DarkroomError`` naming the missing file and the package to install.
  public func face(_ weight: FontWeight) throws(DarkroomError) -> FontFace {
    if let face = faces.withLock({ $0[weight] }) { return face }
    let path = directory + "/" + weight.fileName
    guard FileManager.default.fileExists(atPath: path) else {
      throw DarkroomError(
        "font not found: \(path); install Debian's fonts-inter (Scripts/install-deps does) or set DARKROOM_FONT_DIR")
    }
    do {
      let face = try FontFace(path: path)
      return faces.withLock { faces in
        if let existing = faces[weight] { return existing }
        faces[weight] = face
        return face
      }
    } catch {
      throw DarkroomError(error.description)
    }
  }
}
