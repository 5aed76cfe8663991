import DarkroomFoundation
import DarkroomRaster

extension Renderer {
  /// Rows a band holds: about 1.2 MB of a phone screen's pixels at 3×, which stay
  /// in the processor's cache while the band is drawn and digested.
  static let bandRows = 256

  /// What the clips and covers of a list's groups may take at least while it is
  /// drawn in bands, kept from one band to the next (one over budget is made again
  /// in each band). A canvas's budget is also at least two of its pixels' worth of
  /// bytes, so two full-canvas clips are always kept: still half of what the whole
  /// render's buffer, which bands do without, would take.
  static let bandClipBudget = 16 << 20

  /// The digest of the pixels ``render(_:context:)`` draws, drawn a band of rows at
  /// a time and fed to the digest as each is done, so no band leaves the cache for
  /// memory: what verify needs of a snapshot whose golden stores a digest.
  ///
  /// Every band draws exactly the whole canvas's pixels in its rows (shapes are
  /// scanned over the whole canvas's rows, with the same window), so the digest is
  /// the one of the whole buffer, bit for bit.
  ///
  /// - Throws: ``/DarkroomFoundation/DarkroomError`` as ``render(_:context:)``.
  package static func digest(
    of list: DisplayList, context: RenderContext = RenderContext(), bandRows: Int = bandRows
  ) throws(DarkroomError) -> PixelDigest {
    let (width, height) = (list.pixelWidth, list.pixelHeight)
    do {
      try PixelBuffer.validate(width: width, height: height)
    } catch {
      throw sizeError(list, error)
    }
    let cover = Occluders(
      list.commands, clipped: false, scale: list.scale, canvas: PixelRect(left: 0, top: 0, right: width, bottom: height),
      after: [])
    let background = cover.all
    let commands = BandedCommands(
      list.commands, scale: list.scale, width: width, height: height, budget: max(bandClipBudget, 2 * width * height))
    let canvas = Canvas(width: width, height: height, scale: list.scale, context: context, shapes: context.coverage)
    var digest = PixelDigest.Rows(width: width, height: height)
    let cuts = BandedCommands.cuts(of: list.commands, scale: list.scale, width: width, height: height, every: bandRows)
    for rows in cuts {
      var band: PixelBuffer
      do {
        band = try PixelBuffer(band: rows, width: width, fill: list.background, skipping: background)
      } catch {
        throw sizeError(list, error)
      }
      try draw(list.commands, into: &band, canvas: canvas, clip: nil, cover: cover, bands: commands, scanning: 0..<height)
      digest.add(band)
    }
    return digest.digest
  }
}
