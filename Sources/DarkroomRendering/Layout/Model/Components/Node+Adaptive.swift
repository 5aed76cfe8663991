/// How components follow Dynamic Type beyond their text: sizes that scale with a
/// text style, and parts that show only at regular or only at accessibility sizes.
extension Node {
  /// The node with its fixed sizes scaling with `style` (an SF Symbol configured
  /// with the text style it sits beside).
  func scaling(with style: TextStyle) -> Node {
    var node = self
    node.frame.scalesWith = style
    return node
  }

  /// The node shown only at content sizes of `sizes`.
  func shown(at sizes: ContentSizeClass) -> Node {
    var node = self
    node.frame.shownAt = sizes
    return node
  }
}
