/// One token of a Swift file, as Swift's lexical grammar cuts it: comments and
/// whitespace are not tokens, a string or regex literal (with what it interpolates)
/// is one token, and a token remembers whether a line break or a space came before
/// it — Swift's rules for where an expression ends and how an operator binds
/// depend on both.
///
/// Tokens are small (offsets into the file's bytes, no text of their own), so a
/// file at the size limit makes a bounded array of them.
public struct SwiftToken: Sendable, Hashable {
  /// What kind of token.
  public enum Kind: UInt8, Sendable, Hashable {
    /// A name or a keyword: `Color`, `let`, `$0`, `` `default` `` (backticks kept in
    /// the text, left out of ``SwiftFile/name(_:)``).
    case identifier
    /// An integer literal: `255`, `0xF0F1F2`, `1_000`.
    case integer
    /// A floating-point literal: `0.5`, `1e3`, `0x1p-2`.
    case float
    /// A string literal, single-line, multi-line or raw, interpolations included.
    case string
    /// A regex literal: `/a+/`, `#/a+/#`.
    case regex
    /// An operator: `+`, `/`, `==`, `?`, `!`, `.`, `->`, `...`, `=`.
    case `operator`
    /// Punctuation: `(`, `)`, `[`, `]`, `{`, `}`, `,`, `:`, `;`, `@`, `#`, `\`.
    case punctuation
    /// A compiler directive or condition: `#if`, `#elseif`, `#else`, `#endif`,
    /// `#sourceLocation`, `#available`, `#unavailable`.
    case directive
  }

  /// What kind of token.
  public let kind: Kind
  /// The UTF-8 offset of its first byte in the file.
  public let start: UInt32
  /// The UTF-8 offset just past its last byte.
  public let end: UInt32
  /// Its first character's line, from 1.
  public let line: UInt32
  /// Its first character's column, from 1, in Unicode scalars.
  public let column: UInt32
  let flags: UInt8

  static let lineBreakBefore: UInt8 = 1
  static let spaceBefore: UInt8 = 2
  static let spaceAfter: UInt8 = 4

  init(kind: Kind, start: Int, end: Int, line: Int, column: Int, flags: UInt8) {
    self.kind = kind
    self.start = UInt32(start)
    self.end = UInt32(end)
    self.line = UInt32(line)
    self.column = UInt32(column)
    self.flags = flags
  }

  /// Whether a line break (in whitespace or a comment) comes between it and the
  /// token before, or it is the file's first.
  public var startsLine: Bool { flags & Self.lineBreakBefore != 0 }
  /// Whether whitespace or a comment comes right before it (or it starts the file).
  public var hasSpaceBefore: Bool { flags & (Self.spaceBefore | Self.lineBreakBefore) != 0 }
  /// Whether whitespace or a comment comes right after it (or it ends the file).
  public var hasSpaceAfter: Bool { flags & Self.spaceAfter != 0 }

  func with(flag: UInt8) -> SwiftToken {
    SwiftToken(
      kind: kind, start: Int(start), end: Int(end), line: Int(line), column: Int(column), flags: flags | flag)
  }
}
