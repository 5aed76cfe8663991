import DarkroomFoundation
import DarkroomRaster
/// `image`: an image of the theme's `images:`, drawn aspect-filled in its frame and
/// cut to its corners. With neither a width nor a height it takes its natural size
/// in points; with one, the other follows from what it is offered or its aspect
/// ratio.
public struct ImageSpec: Sendable {
  /// The theme's name for the image.
  public var name: String
  /// Corners the image is cut to. Default: square.
  public var radii = CornerRadii(0)
  /// Their curve. Default: `.circular`.
  public var cornerCurve: CornerCurve = .circular
}

extension ImageSpec: NodeSpec {
  package var kind: NodeKind { .image }

  package init(_ r: inout SpecReader, as kind: NodeKind) throws(DarkroomError) {
    self.init(name: try r.required("name", missing: "an image needs a 'name' from the theme's images"))
    try r.read(into: &self, ("corner", \.radii), ("cornerCurve", \.cornerCurve))
  }

  package func check(_ c: SpecChecker) throws(DarkroomError) {
    try c.image(name, "name")
    for radius in [radii.topLeft, radii.topRight, radii.bottomRight, radii.bottomLeft] {
      try c.number(radius, "corner", in: 0...1000)
    }
  }

  package func accept<Visitor: NodeSpecVisitor>(_ visitor: Visitor, of node: Node) -> Visitor.Made {
    visitor.image(self, of: node)
  }
}
