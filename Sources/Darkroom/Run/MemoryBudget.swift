import DarkroomFoundation
import DarkroomRaster
import DarkroomRendering
import Foundation

/// What drawing and checking one snapshot may need at most, estimated from its
/// layout before anything is drawn, so a snapshot that would exhaust memory or take
/// minutes is refused with a located error instead of crashing or hanging.
///
/// The estimate is an upper bound, made from the nodes without laying them out: a
/// node whose size is not fixed counts as big as the canvas.
/// - the canvas, and as much again three times over for encoding, the golden's
///   decoded pixels and a difference image;
/// - the layers of group opacity open at once along the deepest path of the tree
///   (each the node's fixed size, else the canvas);
/// - the largest shadow's masks: its shape grown by three times the blur's σ on
///   every side, three bytes a pixel;
/// - clip masks along the deepest path, and the decoded images the layout names.
///
/// It also counts the pixels every shadow blurs, which is the time a snapshot's
/// shadows take.
struct MemoryEstimate {
  /// The most bytes the snapshot may need.
  let bytes: Int
  /// The pixels its shadows blur, over all of them.
  let blurredPixels: Int
  /// The node that contributes most (the deepest layer, or the biggest shadow), or
  /// nil when the canvas dominates.
  let culprit: SourceLocation?
  /// What the bytes are made of, in words.
  let detail: String

  init(layout: Layout, mode: Mode, theme: Theme) {
    let scale = mode.traits.scale ?? layout.scale
    let height = layout.autoHeight ? Layout.tallestAuto(width: layout.width, scale: scale) : layout.height
    let canvasWidth = max(1, (layout.width * scale).rounded()), canvasHeight = max(1, (height * scale).rounded())
    let canvas = Int(canvasWidth * canvasHeight) * 4
    var walk = Walk(canvasWidth: canvasWidth, canvasHeight: canvasHeight, scale: scale, theme: theme)
    var roots = [layout.root.element(theme: theme)]
    if let presentation = layout.presentation { roots += presentation.nodes.map { $0.element(theme: theme) } }
    for root in roots { walk.visit(root) }
    let images = walk.imageFiles.reduce(0) { $0 + $1.byteCount }
    bytes = 4 * canvas + walk.deepestLayers + walk.deepestClips + walk.largestShadow + images + (images > 0 ? canvas : 0)
    blurredPixels = walk.blurredPixels
    culprit = walk.deepestLayers >= walk.largestShadow ? walk.deepestLayerNode : walk.largestShadowNode
    var parts = ["a \(Int(canvasWidth))×\(Int(canvasHeight)) canvas (\(Self.format(canvas)), four times over)"]
    if walk.deepestLayers > 0 { parts.append("\(walk.deepestLayerCount) nested group layer(s), \(Self.format(walk.deepestLayers))") }
    if walk.largestShadow > 0 { parts.append("a shadow's masks, \(Self.format(walk.largestShadow))") }
    if images > 0 { parts.append("images, \(Self.format(images))") }
    detail = parts.joined(separator: "; ")
  }

  /// The estimate of a snapshot: its layout's, and for a store page also the
  /// screen drawn at the device's own pixels and its copy scaled into the page.
  init(snapshot: Snapshot, theme: Theme) {
    let estimate = MemoryEstimate(layout: snapshot.layout, mode: snapshot.mode, theme: theme)
    guard let page = snapshot.page else {
      self = estimate
      return
    }
    let device = page.target.device
    let screen = Int((device.size.width * device.scale).rounded() * (device.size.height * device.scale).rounded()) * 4
    let pageBytes = page.target.pixelWidth * page.target.pixelHeight * 4
    bytes = estimate.bytes + screen + pageBytes
    blurredPixels = estimate.blurredPixels
    culprit = estimate.culprit
    detail = estimate.detail + "; the device's screen, \(Self.format(screen)), scaled into the page"
  }

  private init(bytes: Int, blurredPixels: Int, culprit: SourceLocation?, detail: String) {
    self.bytes = bytes
    self.blurredPixels = blurredPixels
    self.culprit = culprit
    self.detail = detail
  }

  /// A size in bytes for messages: "1.3 GB", "256 MB".
  static func format(_ bytes: Int) -> String {
    if bytes >= 1 << 30 { return String(format: "%.1f GB", Double(bytes) / Double(1 << 30)) }
    if bytes >= 1 << 20 { return "\(bytes >> 20) MB" }
    return "\(max(1, bytes >> 10)) KB"
  }

  /// The tree walk, with an explicit stack of what is open along the path.
  private struct Walk {
    let canvasWidth: Double
    let canvasHeight: Double
    let scale: Double
    let theme: Theme
    var deepestLayers = 0
    var deepestLayerCount = 0
    var deepestLayerNode: SourceLocation?
    var deepestClips = 0
    var largestShadow = 0
    var largestShadowNode: SourceLocation?
    var blurredPixels = 0
    var imageFiles: Set<ImageFile> = []

    init(canvasWidth: Double, canvasHeight: Double, scale: Double, theme: Theme) {
      self.canvasWidth = canvasWidth
      self.canvasHeight = canvasHeight
      self.scale = scale
      self.theme = theme
    }

    mutating func visit(_ root: Element) {
      // (element, layer bytes open above it, layers open, clip bytes open above it)
      var stack: [(Element, Int, Int, Int)] = [(root, 0, 0, 0)]
      while let (element, layersAbove, layerCount, clipsAbove) = stack.popLast() {
        let (width, height) = pixelSize(element)
        var layers = layersAbove, count = layerCount, clips = clipsAbove
        if element.opacity < 1 {
          layers += Int(width * height) * 4
          count += 1
          if layers > deepestLayers {
            deepestLayers = layers
            deepestLayerCount = count
            deepestLayerNode = element.location
          }
        }
        var children: [Element] = []
        switch element.kind {
        case .stack(let stack):
          shadow(stack.decoration, width, height, at: element.location)
          if stack.decoration.clip { clips += Int(width * height) }
          children = stack.children
        case .overlay(let overlay):
          shadow(overlay.decoration, width, height, at: element.location)
          children = overlay.children
        case .box(let decoration):
          shadow(decoration, width, height, at: element.location)
        case .button(let button):
          shadow(button.decoration, width, height, at: element.location)
        case .image(let image):
          for variant in theme.images[image.name]?.variants ?? [] {
            for representation in variant.representations { imageFiles.insert(representation.image) }
          }
        case .label, .spacer, .icon, .activity, .divider:
          break
        }
        deepestClips = max(deepestClips, clips)
        for child in children.reversed() { stack.append((child, layers, count, clips)) }
      }
    }

    /// The element's size in pixels when it is fixed, else the canvas's.
    private func pixelSize(_ element: Element) -> (Double, Double) {
      let w = element.width.map { min(canvasWidth, max(1, $0 * scale)) } ?? canvasWidth
      let h = element.height.map { min(canvasHeight, max(1, $0 * scale)) } ?? canvasHeight
      return (w.isFinite ? w : canvasWidth, h.isFinite ? h : canvasHeight)
    }

    private mutating func shadow(_ decoration: Decoration, _ width: Double, _ height: Double, at location: SourceLocation) {
      guard let shadow = decoration.shadow else { return }
      let reach = 3 * max(0, shadow.blur) * scale / 2 + abs(shadow.spread) * scale + 2
      let area = (width + 2 * reach) * (height + 2 * reach)
      // Ints past any real size are clamped: the budget refuses them anyway.
      let pixels = Int(min(area, 1e15))
      blurredPixels = blurredPixels &+ pixels
      if 3 * pixels > largestShadow {
        largestShadow = 3 * pixels
        largestShadowNode = location
      }
    }
  }
}

/// The limits a run keeps to: the most memory one snapshot may need and the most
/// pixels its shadows may blur. Snapshots past either are refused before anything
/// is drawn; the jobs drawn at once are as many as the free memory holds.
public struct MemoryBudget: Sendable, Equatable {
  /// The most bytes one snapshot may need. Default: 1 GiB.
  public var perSnapshot: Int = 1 << 30
  /// The most pixels one snapshot's shadows may blur. Default: 512 million, a few
  /// seconds of work.
  public var blurredPixels: Int = 512_000_000

  /// The default limits.
  public init() {}

  /// Parses a size: bytes, or a number with K, M or G (`512M`, `2G`).
  public static func parseSize(_ text: String) -> Int? {
    let units: [Character: Double] = ["K": 1024, "M": 1024 * 1024, "G": 1024 * 1024 * 1024]
    var number = text.uppercased().trimmingCharacters(in: .whitespaces)
    var factor = 1.0
    if number.hasSuffix("B") { number.removeLast() }
    if let last = number.last, let unit = units[last] {
      factor = unit
      number.removeLast()
    }
    guard let value = Double(number), value.isFinite, value > 0, value * factor < 1e15 else { return nil }
    return Int(value * factor)
  }

  /// The memory this process may use (``/DarkroomFoundation/Platform/availableMemory()``).
  static func available() -> Int? { Platform.availableMemory() }
}
