/// A value a format specifier is filled with: the `count:` or an item of `args:`.
public enum FormatArgument: Sendable, Hashable, CustomStringConvertible {
  /// A whole number (`%d`, `%lld`, `%@` prints it too).
  case integer(Int)
  /// A number with a fraction (`%f`, `%.1f`).
  case number(Double)
  /// Text (`%@`, `%s`).
  case text(String)

  /// The value as written in a layout.
  public var description: String {
    switch self {
    case .integer(let n): return String(n)
    case .number(let x): return String(x)
    case .text(let s): return s
    }
  }
}
