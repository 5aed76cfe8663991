import DarkroomFoundation

/// An image with one file per appearance and per scale, chosen per mode like a
/// dynamic colour (Xcode's image sets: any/dark, 1x/2x/3x).
public struct DynamicImage: Sendable, Equatable {
  /// One file: its scale and the file.
  public struct Representation: Sendable, Equatable {
    /// Pixels per point the file was drawn for (`@2x` → 2; none → 1).
    public let scale: Int
    /// The file as the theme names it.
    public let file: String
    /// The checked file, whose pixels are decoded when drawn.
    public let image: ImageFile
  }

  /// The files for one variant key, in increasing scale.
  public struct Variant: Sendable, Equatable {
    /// The traits the variant requires.
    public let key: VariantKey
    /// Its files, at least one.
    public let representations: [Representation]
  }

  /// The variants, as written.
  public let variants: [Variant]

  /// The size in points: the first variant's first file, divided by its scale.
  public var pointSize: (width: Double, height: Double) {
    guard let first = variants.first?.representations.first else { return (0, 0) }
    return (Double(first.image.width) / Double(first.scale), Double(first.image.height) / Double(first.scale))
  }

  /// The file for `traits` drawn at `scale` pixels per point: the most specific
  /// matching variant (unique, as the theme checked), then the file of exactly that
  /// scale, or else the smallest larger one, or else the largest.
  public func representation(for traits: Traits, scale: Double) -> Representation? {
    let matching = variants.filter { $0.key.matches(traits) }
    guard let best = matching.max(by: { $0.key.specificity < $1.key.specificity }) else { return nil }
    let files = best.representations
    if let exact = files.first(where: { Double($0.scale) == scale }) { return exact }
    if let larger = files.first(where: { Double($0.scale) > scale }) { return larger }
    return files.last
  }
}
