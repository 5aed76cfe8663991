import DarkroomRaster
/// The nodes a layout pass placed, in drawing order: what the review's explanations
/// name ("label \"Total\" (card.yml:14) moved"). Shared by the engine's copies, as
/// the warnings are.
final class PlacementLog {
  private(set) var placements: [DisplayList.Placement] = []

  func add(_ kind: String, _ text: String, _ frame: Rect, _ node: Element) {
    placements.append(
      DisplayList.Placement(
        kind: kind, text: text, frame: frame, location: node.location,
        readColours: { [element = node.kind] in element.colourReferences }))
  }
}
