import DarkroomFoundation
import DarkroomRaster
/// One element of a layout tree, as a layout file or Swift code wrote it: what it
/// is — its kind's spec, with every setting and default of that kind — the frame
/// keys every node takes, and where it was written.
///
/// A node is a description. Both front ends build the same nodes: the YAML parser
/// reads a file into specs, and the DSL's functions (`Node.vstack`, `Node.label`, …)
/// initialise the same specs. `Layout.check(against:)` then checks either against a
/// theme, and the layout engine expands each node — a component into the stacks,
/// labels and shapes it is made of — and lays it out in each mode.
public struct Node: Sendable {
  /// What the node is, with every setting of its kind.
  var spec: any NodeSpec
  /// Size, size limits, opacity and trait overrides: the keys every node takes.
  public var frame: Frame
  /// Where the node was written: its kind's key in a file, or the Swift call.
  public let location: SourceLocation
  /// Where each of its keys' values was written, for messages that point at a
  /// value (layout files only; a node built in Swift points at its call).
  package var sources: SourceMap

  /// The node's kind, as a layout file names it.
  public var kind: NodeKind { spec.kind }

  /// A node of `spec` written at `location`.
  package init(_ spec: any NodeSpec, frame: Frame = Frame(), at location: SourceLocation, sources: SourceMap = SourceMap()) {
    self.spec = spec
    self.frame = frame
    self.location = location
    self.sources = sources
  }
}

/// Every kind of node a layout may contain: the primitives the layout engine draws,
/// and UIKit's components, which it builds from them.
///
/// Adding a kind: a case here and its spec type in `spec` (`NodeKind+Spec.swift`,
/// beside the parser) — the compiler then asks for everything a spec must do (see
/// CONTRIBUTING.md).
public enum NodeKind: String, Sendable, CaseIterable {
  /// Children top to bottom.
  case vstack
  /// Children leading to trailing.
  case hstack
  /// Children over each other.
  case zstack
  /// Text.
  case label
  /// A shape: fill, gradient, border, corners, shadow.
  case box
  /// A button with a face, a border and a lip.
  case button
  /// Space that grows.
  case spacer
  /// A built-in vector icon.
  case icon
  /// An image of the theme.
  case image
  /// A hairline across its stack.
  case divider
  /// UIActivityIndicatorView.
  case activity
  /// A surface with an image, a title, a subtitle and content.
  case card
  /// UISwitch.
  case `switch`
  /// A count on a capsule.
  case badge
  /// A table-view cell.
  case cell
  /// A table view's sections of cells.
  case list
  /// UISegmentedControl.
  case segmented
  /// UISearchBar's field.
  case searchfield
  /// UINavigationBar.
  case navbar
  /// UITabBar.
  case tabbar

  /// How messages name a node of this kind: "a vstack", "an icon".
  var named: String { (rawValue.first.map { "aeiou".contains($0) } ?? false ? "an " : "a ") + rawValue }
}

/// What a node kind's spec does: it is read from a layout file, checked, and
/// becomes elements the layout engine draws.
///
/// Everything a kind needs is here, so a new kind cannot be half added: the compiler
/// asks for each requirement.
package protocol NodeSpec: Sendable {
  /// The kind, as a layout file names it.
  var kind: NodeKind { get }
  /// Reads the spec's keys from a layout file's node of `kind` (the frame keys are
  /// read before), over the spec's defaults. Types are checked here; values against
  /// their limits in ``check(_:)``, which a node built in Swift goes through as well.
  init(_ reader: inout SpecReader, as kind: NodeKind) throws(DarkroomError)
  /// Whether the frame keys (`width`, `opacity`, `traits`, …) apply. Default: true.
  static var takesFrame: Bool { get }
  /// Checks values against their limits and names against the theme.
  func check(_ checker: SpecChecker) throws(DarkroomError)
  /// The nodes inside this one, in order. Default: none.
  var children: [Node] { get }
  /// Hands the spec to the visitor's method for its kind (`node` is the node whose
  /// spec this is): how the layout engine makes its element without the specs
  /// knowing the engine.
  func accept<Visitor: NodeSpecVisitor>(_ visitor: Visitor, of node: Node) -> Visitor.Made
}

/// Something made of each kind of spec (the layout engine's elements): one method per
/// primitive kind and one for every component, so a new kind of spec does not
/// compile until each visitor says what it makes of it.
package protocol NodeSpecVisitor {
  /// What is made of a spec.
  associatedtype Made
  func activity(_ spec: ActivitySpec, of node: Node) -> Made
  func box(_ spec: BoxSpec, of node: Node) -> Made
  func button(_ spec: ButtonSpec, of node: Node) -> Made
  func divider(_ spec: DividerSpec, of node: Node) -> Made
  func icon(_ spec: IconSpec, of node: Node) -> Made
  func image(_ spec: ImageSpec, of node: Node) -> Made
  func label(_ spec: LabelSpec, of node: Node) -> Made
  func spacer(_ spec: SpacerSpec, of node: Node) -> Made
  func stack(_ spec: StackSpec, of node: Node) -> Made
  func zstack(_ spec: ZStackSpec, of node: Node) -> Made
  /// A component (a spec made of other nodes).
  func component(_ spec: some ComponentSpec, of node: Node) -> Made
}

extension NodeSpec {
  package static var takesFrame: Bool { true }
  package var children: [Node] { [] }
}

/// A UIKit component: a spec whose body is built from other nodes (stacks,
/// labels, shapes), which the engine lays out as it lays out any node.
package protocol ComponentSpec: NodeSpec {
  /// The nodes the component is made of, each carrying `location`.
  func body(at location: SourceLocation) -> Node
}

extension ComponentSpec {
  package func accept<Visitor: NodeSpecVisitor>(_ visitor: Visitor, of node: Node) -> Visitor.Made {
    visitor.component(self, of: node)
  }
}

extension Node {
  /// The largest side of a layout, and of any size a node is given, in points.
  package static let maximumSide = 4096.0
}

extension Node {
  /// This node and every node inside it, depth first.
  var descendants: [Node] {
    var result: [Node] = []
    var stack = [self]
    while let node = stack.popLast() {
      result.append(node)
      stack.append(contentsOf: node.spec.children.reversed())
    }
    return result
  }
}

/// Where the values of a node's keys were written in its file, by key path
/// (`fill`, `shadow.blur`, `sections.0.rows.2.title`), and where each colour name
/// inside a colour value stands — so a check made after parsing points at the
/// character a user wrote.
package struct SourceMap: Sendable {
  /// An empty map: a node built in Swift, whose values were written nowhere.
  package init() {}

  /// Where each value starts.
  package var values: [String: SourceLocation] = [:]
  /// Where each colour name stands, by "key path#name".
  var names: [String: SourceLocation] = [:]
  /// Every colour value, in the order written: what lint reads.
  package var colors: [ColorUse] = []

  /// Adds another map's entries (a nested mapping's).
  package mutating func merge(_ other: SourceMap) {
    values.merge(other.values) { $1 }
    names.merge(other.names) { $1 }
    colors += other.colors
  }
}

/// A colour value as a layout file wrote it.
package struct ColorUse: Sendable {
  /// Its key path (`fill`, `shadow.color`, `gradient.1`).
  package let path: String
  /// The text, as written.
  package let text: String
  /// Where the text starts.
  package let location: SourceLocation
  /// What it says.
  package let expression: ColorExpression
  /// Each name in it, and where.
  package let references: [(name: String, location: SourceLocation)]
}
