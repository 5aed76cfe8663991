import DarkroomFoundation

/// The sizes a layout pass has measured, so a subtree is measured once per offer:
/// placing a stack measures its children, and placing each child measures its own
/// children again, so without it a node ten levels deep is measured ten times and
/// more. Shared by the engine's copies, as the warnings are; made anew for every pass.
final class MeasureMemo {
  /// A measurement: the element (its identity, held so that no other element can
  /// take its address while the pass runs), the offer, the sizes and limits it was
  /// measured with (a copy scaled for Dynamic Type is another measurement), and the
  /// engine's traits and direction.
  struct Key: Hashable {
    let element: ElementIdentity
    let offer: Offer
    let traits: Traits
    let rightToLeft: Bool

    static func == (a: Key, b: Key) -> Bool {
      a.element === b.element && a.offer == b.offer && a.traits == b.traits && a.rightToLeft == b.rightToLeft
    }

    func hash(into hasher: inout Hasher) {
      hasher.combine(ObjectIdentifier(element))
      hasher.combine(offer)
      hasher.combine(rightToLeft)
    }
  }

  /// The offer and the node's own sizes and limits, by their bits (nil: none), in
  /// fields rather than arrays: a measurement is looked up for every node a stack
  /// places, and two arrays a key were two allocations each time.
  struct Offer: Hashable {
    /// The width and height offered.
    var width: UInt64?
    var height: UInt64?
    /// The node's own `width` and `height`.
    var fixedWidth: UInt64?
    var fixedHeight: UInt64?
    /// The node's limits.
    var minWidth: UInt64?
    var maxWidth: UInt64?
    var minHeight: UInt64?
    var maxHeight: UInt64?
  }

  /// Room for a screen's measurements from the start: growing the table a pass at a
  /// time moved every entry several times.
  private var sizes = [Key: LayoutEngine.Size](minimumCapacity: 256)

  /// The size measured for `key`, measuring it with `measure` the first time.
  func size(
    _ key: Key, _ measure: () throws(DarkroomError) -> LayoutEngine.Size
  ) throws(DarkroomError) -> LayoutEngine.Size {
    if let known = sizes[key] { return known }
    let size = try measure()
    sizes[key] = size
    return size
  }
}

/// Which element a copy came from: every copy of an element (scaled, entered) shares
/// its creator's identity.
final class ElementIdentity: Sendable {}
