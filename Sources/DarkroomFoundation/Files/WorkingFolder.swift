/// The folder a command runs in, as a value: where a relative path starts — one
/// the command line gave (`--layouts Design`), a default (`Layouts`, `Golden`), or
/// one built from them (`Layouts/card.yml`).
///
/// Paths are kept as the user wrote them, because that text is shown and kept: in
/// every error's location, in the report and its accept commands, in the render
/// cache's keys and the warnings it replays. Only what opens, lists, checks or
/// writes a file resolves a path, through this value. So nothing below the command
/// line reads the process's working directory, and two commands given different
/// folders run side by side in one process, as the tests run them.
public struct WorkingFolder: Sendable, Hashable, CustomStringConvertible {
  /// The folder's absolute path, as given (links are not resolved: a path shown
  /// relative to it stays as the user wrote it); `.` for ``process``.
  public let path: String

  /// The folder at `path`, which must be absolute; a relative one is taken from
  /// the root, as nothing here knows where else it could start.
  public init(_ path: String) {
    self.path = path.hasPrefix("/") ? path : "/" + path
  }

  private init(process: Void) { path = "." }

  /// For paths that are all absolute — a run's staging folders, a test's temporary
  /// folders — where no relative path is expected.
  public static let root = WorkingFolder("/")

  /// The process's working directory, left to the file system: what a relative
  /// path means in a call from a package's own code, as in any POSIX call —
  /// `Theme.load(file: "Layouts/theme.yml")` in its tests, where it is the package.
  /// The default of the library's calls that take a folder; the commands never use
  /// it, as they hand down the folder they run in.
  public static let process = WorkingFolder(process: ())

  /// `path` as the file system is to be asked for it: itself when absolute, else
  /// inside this folder (`.` and `..` are left to the file system, which takes them
  /// where they stand, as it would have from the working directory).
  public func resolve(_ path: String) -> String {
    if path.hasPrefix("/") || self.path == "." { return path.isEmpty ? "." : path }
    if path.isEmpty || path == "." { return self.path }
    return self.path == "/" ? "/" + path : self.path + "/" + path
  }

  /// The folder's path.
  public var description: String { path }
}
