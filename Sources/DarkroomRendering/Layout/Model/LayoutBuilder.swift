/// Builds a node's children from Swift statements, as a layout file's `children:`
/// list does: one node per line, with `if`, `if … else`, `for … in` and optional
/// nodes allowed.
///
/// ```swift
/// Node.vstack(spacing: 12) {
///   Node.label("Orders", style: .title1)
///   if showsTotal { Node.label("$142.00") }
///   for name in names { Node.cell(title: name, accessory: .chevron) }
/// }
/// ```
@resultBuilder
public enum LayoutBuilder {
  /// One node.
  public static func buildExpression(_ node: Node) -> [Node] { [node] }
  /// Several nodes written as one array.
  public static func buildExpression(_ nodes: [Node]) -> [Node] { nodes }
  /// The statements' nodes, in order.
  public static func buildBlock(_ parts: [Node]...) -> [Node] { parts.flatMap { $0 } }
  /// The nodes of an `if` without `else`, when it holds.
  public static func buildOptional(_ part: [Node]?) -> [Node] { part ?? [] }
  /// The first branch of an `if … else`.
  public static func buildEither(first part: [Node]) -> [Node] { part }
  /// The second branch of an `if … else`.
  public static func buildEither(second part: [Node]) -> [Node] { part }
  /// The nodes of every pass of a `for … in`.
  public static func buildArray(_ parts: [[Node]]) -> [Node] { parts.flatMap { $0 } }
}
