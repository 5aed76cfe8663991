import ArgumentParser
import Darkroom

/// A comma-separated list of names, as `--modes light,dark`, `--locales en,de` and
/// `--only orders/*` give them.
struct NameList {
  /// The names, in the order given.
  let names: [String]

  /// Parses `a,b`; no name at all is a mistake, as it would run zero snapshots and
  /// report success. `flag`, `noun` and `example` word the message.
  static func parse(_ argument: String, flag: String, noun: String, example: String) throws -> NameList {
    let names = argument.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    guard !names.isEmpty else { throw ValidationError("\(flag) names no \(noun); give one or more, such as \(example)") }
    return NameList(names: names)
  }
}

extension RecordMode: ExpressibleByArgument {}
extension GoldenFormat: ExpressibleByArgument {}

extension Shard {
  /// Parses `--shard K/N`, with the library's message on a mistake.
  static func parse(_ argument: String) throws -> Shard {
    do { return try Shard(argument) } catch { throw ValidationError(error.message) }
  }
}
