import Darkroom
import Foundation

extension ProjectFolder {
  /// The project folder of the folder the command runs in: the command line is
  /// where the working directory is read, and what it names is handed down as this
  /// value.
  static func current() -> ProjectFolder { .containing(Console.current.working) }
}
