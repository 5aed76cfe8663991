import DarkroomFoundation
import DarkroomRaster

/// Makes the element the layout engine lays out for each kind of spec: the engine's
/// side of ``NodeSpecVisitor``, so a new kind of spec does not compile until it is
/// said here what it is laid out as.
struct ElementMaker: NodeSpecVisitor {
  /// The theme the layout is drawn with: an image's natural size is its file's.
  let theme: Theme

  func activity(_ spec: ActivitySpec, of node: Node) -> Element {
    let side = spec.style == .large ? 37.0 : 20.0
    return Element(.activity(spec), width: side, height: side, at: node.location)
  }

  func box(_ spec: BoxSpec, of node: Node) -> Element {
    Element(.box(spec.decoration), at: node.location)
  }

  func button(_ spec: ButtonSpec, of node: Node) -> Element {
    var element = Element(.button(spec), height: ButtonSpec.defaultHeight, at: node.location)
    // Disabled: the whole button at 40%, as one layer, as UIKit dims it.
    if spec.state == .disabled { element.opacity = 0.4 }
    return element
  }

  func divider(_ spec: DividerSpec, of node: Node) -> Element {
    Element(.divider(spec), at: node.location)
  }

  func icon(_ spec: IconSpec, of node: Node) -> Element {
    if let template = spec.symbol.flatMap({ theme.symbols[$0] }) {
      // As large as the symbol is at its point size: the size given, else its
      // style's at the default content size (Dynamic Type scales it from there).
      let pointSize = spec.symbolPointSize ?? spec.style?.size(at: .large) ?? 17
      let size = template.size(weight: spec.shownWeight, scale: spec.scale, pointSize: pointSize)
      var element = Element(.icon(spec), width: size.width, height: size.height, at: node.location)
      element.scalesWith = spec.style
      return element
    }
    var element = Element(.icon(spec), width: spec.size, height: spec.size, at: node.location)
    element.scalesWith = spec.style
    return element
  }

  func image(_ spec: ImageSpec, of node: Node) -> Element {
    var element = Element(.image(spec), at: node.location)
    if node.frame.width == nil && node.frame.height == nil, let natural = theme.images[spec.name]?.pointSize {
      element.width = natural.width
      element.height = natural.height
    }
    return element
  }

  func label(_ spec: LabelSpec, of node: Node) -> Element {
    Element(.label(spec), at: node.location)
  }

  func spacer(_ spec: SpacerSpec, of node: Node) -> Element {
    Element(.spacer(spec), at: node.location)
  }

  func stack(_ spec: StackSpec, of node: Node) -> Element {
    let stack = Stack(
      axis: spec.axis, spacing: spec.spacing, padding: spec.padding, alignment: spec.alignment,
      decoration: spec.decoration, children: spec.children.map { $0.element(theme: theme) },
      distribution: spec.distribution, scrolls: spec.scrolls)
    return Element(.stack(stack), at: node.location)
  }

  func zstack(_ spec: ZStackSpec, of node: Node) -> Element {
    let overlay = Overlay(
      alignment: spec.alignment, padding: spec.padding, decoration: spec.decoration,
      children: spec.children.map { $0.element(theme: theme) })
    return Element(.overlay(overlay), at: node.location)
  }

  /// A component is laid out as the nodes it is made of.
  func component(_ spec: some ComponentSpec, of node: Node) -> Element {
    spec.body(at: node.location).element(theme: theme)
  }
}

extension Node {
  /// The element the engine lays out: the spec's, with this node's frame applied.
  package func element(theme: Theme) -> Element {
    var element = spec.accept(ElementMaker(theme: theme), of: self)
    frame.apply(to: &element)
    return element
  }
}
