import DarkroomFoundation
import DarkroomRaster

/// The report's small pictures of a change: the region around the changed pixels,
/// scaled down to fit ``maximumWidth`` × ``maximumHeight``, as lossy WebP (the
/// golden and the render) and as a two-colour palette PNG (the changed pixels, red
/// on white, which lossy compression would blur; the page lays it over the faded
/// golden thumbnail).
enum Thumbnail {
  /// The widest a thumbnail is, in pixels.
  static let maximumWidth = 400
  /// The tallest a thumbnail is, in pixels: a whole phone screen at 400 wide.
  static let maximumHeight = 900

  /// The region a thumbnail shows: the changed pixels' bounds with a margin around
  /// them, at least half the image wide and a quarter of it tall (a change of a few
  /// pixels is shown in its place), inside the image; the whole image when there
  /// is no change to frame (a new snapshot, or a size that changed).
  static func region(changed bounds: PixelRect?, in size: PixelSize) -> PixelRect {
    guard let bounds, bounds.width > 0, bounds.height > 0 else {
      return PixelRect(x: 0, y: 0, width: size.width, height: size.height)
    }
    let margin = max(16, size.width / 20)
    func span(_ start: Int, _ length: Int, within total: Int, atLeast minimum: Int) -> (Int, Int) {
      var low = start - margin, high = start + length + margin
      let short = min(total, minimum) - (high - low)
      if short > 0 {
        low -= short / 2
        high += short - short / 2
      }
      if low < 0 { (low, high) = (0, high - low) }
      if high > total { (low, high) = (max(0, low - (high - total)), total) }
      return (low, min(high, total) - low)
    }
    let (x, width) = span(bounds.x, bounds.width, within: size.width, atLeast: size.width / 2)
    let (y, height) = span(bounds.y, bounds.height, within: size.height, atLeast: size.height / 4)
    return PixelRect(x: x, y: y, width: width, height: height)
  }

  /// The size a region is shown at: never enlarged, within the maximum size.
  static func size(of region: PixelRect) -> PixelSize {
    let scale = min(1, Double(maximumWidth) / Double(region.width), Double(maximumHeight) / Double(region.height))
    return PixelSize(
      width: max(1, Int((Double(region.width) * scale).rounded())),
      height: max(1, Int((Double(region.height) * scale).rounded())))
  }

  /// `region` of `image` (clamped to it) at `size`, as WebP.
  static func webP(_ image: PixelBuffer, _ region: PixelRect, _ size: PixelSize) throws(DarkroomError) -> [UInt8] {
    // The part of the region inside the image, as cropping clamps it.
    let left = min(max(0, region.x), image.width - 1), top = min(max(0, region.y), image.height - 1)
    let part = PixelRect(
      x: left, y: top, width: min(max(1, region.width), image.width - left),
      height: min(max(1, region.height), image.height - top))
    // A golden of another size is cut where it has pixels: keep its own scale.
    let width = part.width == region.width ? size.width : max(1, part.width * size.width / region.width)
    let height = part.height == region.height ? size.height : max(1, part.height * size.height / region.height)
    do {
      return try image.thumbnail(part, width: width, height: height).webPData()
    } catch let error as RasterError {
      throw DarkroomError("cannot scale a thumbnail: \(error)")
    } catch let error as WebPError {
      throw DarkroomError("cannot encode a thumbnail: \(error)")
    } catch {
      throw DarkroomError("cannot make a thumbnail: \(error)")
    }
  }

  /// The pixels of `region` that differ between `golden` and `render`, at `size`,
  /// as a PNG: red where any pixel a thumbnail pixel covers changed, white elsewhere.
  static func difference(
    _ golden: StraightImage, _ render: StraightImage, _ region: PixelRect, _ size: PixelSize
  ) throws(DarkroomError) -> [UInt8] {
    let image = DifferenceImage.changedThumbnail(
      expected: golden, actual: render, of: region, width: size.width, height: size.height)
    do {
      return try image.pngData()
    } catch {
      throw DarkroomError("cannot encode a difference thumbnail: \(error)")
    }
  }
}
