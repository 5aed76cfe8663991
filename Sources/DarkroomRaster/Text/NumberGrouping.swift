// The one Swift file that asks ICU for number symbols (through CDarkroomText's
// CDarkroomNumbers).
import CDarkroomText

/// How a locale groups the digits of a whole number (`1,234,567` in English,
/// `1.234.567` in German, `1 234 567` with a narrow no-break space in French): the
/// separator and the size of a group, from ICU's locale data.
public struct NumberGrouping: Sendable, Equatable {
  /// What goes between groups.
  public let separator: String
  /// Digits in a group (3 in every locale CLDR lists but a few).
  public let size: Int

  /// English's: a comma every three digits.
  public static let english = NumberGrouping(separator: ",", size: 3)

  /// A grouping.
  public init(separator: String, size: Int) {
    self.separator = separator
    self.size = size
  }

  /// The grouping of `locale` (a BCP 47 tag such as `de` or `fr-CH`), as ICU's
  /// decimal format for it has it; English's when ICU has none.
  public static func of(locale: String) -> NumberGrouping {
    var units = [UInt16](repeating: 0, count: 8)
    var length: Int32 = 0, size: Int32 = 0
    let identifier = String(locale.map { $0 == "-" ? "_" : $0 })
    let status = units.withUnsafeMutableBufferPointer { buffer in
      CDarkroomNumbers_grouping(identifier, buffer.baseAddress, Int32(buffer.count), &length, &size)
    }
    guard status == 0, length > 0, size > 0 else { return .english }
    return NumberGrouping(separator: String(decoding: units.prefix(Int(length)), as: UTF16.self), size: Int(size))
  }

  /// `digits` (ASCII digits, no sign) with a separator between groups of ``size``,
  /// counted from the right.
  public func group(_ digits: String) -> String {
    let characters = Array(digits)
    var result = ""
    for (index, character) in characters.enumerated() {
      if index > 0, (characters.count - index) % size == 0 { result += separator }
      result.append(character)
    }
    return result
  }
}
