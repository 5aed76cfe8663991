import Darkroom
import Foundation

extension ProjectFolder {
  /// The project folder of the folder the command runs in (its console's, read from
  /// the process once, by the command line), handed down as this value.
  static func current() -> ProjectFolder { .containing(Console.current.working) }
}
