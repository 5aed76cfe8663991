/// An expression as the reader parses it: enough of Swift's expression grammar to
/// see where an expression ends and to recognise the colours written in it.
/// Constructs a colour is never written with (subscripts, key paths, collection
/// literals, `if` and `switch` expressions) are kept as ``other(_:at:)`` with what
/// they are, so a colour that uses one is skipped with that reason.
///
/// `at` is the index of the token that locates the expression in its file.
indirect enum SwiftExpression {
  /// An integer or floating-point literal: its value (possibly infinite), and its
  /// integer value when it is an integer literal that fits 64 bits.
  case number(Double, integer: UInt64?, at: Int)
  /// A string literal; nil when it interpolates.
  case string(String?, at: Int)
  /// A name: `Color`, `brand`, `self`, `Self`, `$0`, `true`, `nil`.
  case name(String, at: Int)
  /// `.red`, `.init`: a member of the type the context expects.
  case implicitMember(String, at: Int)
  /// `base.name`.
  case member(SwiftExpression, String, at: Int)
  /// `callee(arguments)`, trailing closures included as unlabelled arguments.
  case call(SwiftExpression, [SwiftArgument], at: Int)
  /// `{ parameters in statements }`.
  case closure(SwiftClosure)
  /// A prefix operator (`-`, `!`) or `try`, `await`.
  case prefix(String, SwiftExpression, at: Int)
  /// A postfix `!` or `?`.
  case postfix(String, SwiftExpression, at: Int)
  /// `left operator right`, with Swift's precedence.
  case binary(String, SwiftExpression, SwiftExpression, at: Int)
  /// `condition ? then : otherwise`.
  case ternary(SwiftExpression, SwiftExpression, SwiftExpression, at: Int)
  /// `(a)` or `(a, label: b)`.
  case tuple([SwiftArgument], at: Int)
  /// `value as Type`, `as?`, `as!`, `is`.
  case cast(SwiftExpression, String, at: Int)
  /// Something else, named (`a subscript`, `an array literal`).
  case other(String, at: Int)

  /// The token that locates it.
  var at: Int {
    switch self {
    case .number(_, _, let at), .string(_, let at), .name(_, let at), .implicitMember(_, let at), .member(_, _, let at),
      .call(_, _, let at), .prefix(_, _, let at), .postfix(_, _, let at), .binary(_, _, _, let at),
      .ternary(_, _, _, let at), .tuple(_, let at), .cast(_, _, let at), .other(_, let at):
      return at
    case .closure(let closure): return closure.open
    }
  }
}

/// An argument of a call or an element of a tuple.
struct SwiftArgument {
  /// Its label; nil when it has none (`_`).
  let label: String?
  let value: SwiftExpression
  /// The index of its first token (the label's, when it has one).
  let at: Int
}

/// A closure: where its statements are, parsed when a colour needs them.
struct SwiftClosure {
  /// The index of its `{`.
  let open: Int
  /// The index of its first statement's first token (after `in`, when it has a
  /// signature).
  let bodyStart: Int
  /// The index of its `}`.
  let close: Int
}

/// A statement of a closure or a computed property's body, as far as a colour
/// depends on it.
indirect enum SwiftStatement {
  /// An expression, the value of a body of one expression.
  case expression(SwiftExpression)
  /// `return value`.
  case `return`(SwiftExpression?, at: Int)
  /// `if conditions { then } else { otherwise }`; `else if` is an `if` alone in
  /// `otherwise`.
  case `if`([SwiftExpression], then: [SwiftStatement], otherwise: [SwiftStatement]?, at: Int)
  /// `switch subject { case patterns: body … default: body }`; a `default` has no
  /// patterns.
  case `switch`(SwiftExpression, [(patterns: [SwiftExpression]?, body: [SwiftStatement])], at: Int)
  /// Anything else (`guard`, a local `let`, a loop), named.
  case other(String, at: Int)
}
