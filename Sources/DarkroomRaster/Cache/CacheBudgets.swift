/// How much each memo of a run may keep: the one place these numbers live.
///
/// Sizes are bytes except where a field says otherwise. The defaults keep a phone
/// screen's text, glyphs and shadows for every mode of a run, and a few large photos.
/// Lower budgets only cost time: memos never change a result.
public struct CacheBudgets: Sendable, Equatable {
  /// Shaped text runs (``ShapingCache``). Default: 16 MB.
  public var shapedRuns = 16 << 20
  /// Glyph coverage masks (``GlyphMaskCache``). Default: 32 MB.
  public var glyphMasks = 32 << 20
  /// Labels already set (text, style, width and faces → lines). Default: 16 MB.
  public var textLayouts = 16 << 20
  /// Blurred shadow masks. Default: 32 MB.
  public var shadowMasks = 32 << 20
  /// Decoded theme images. Default: 256 MB.
  public var decodedImages = 256 << 20
  /// Theme images resampled to the size a snapshot draws them at. Default: 64 MB.
  public var scaledImages = 64 << 20
  /// The coverage of shapes already drawn (``CoverageMemo``). Default: 16 MB.
  public var shapeCoverage = 16 << 20
  /// Open font faces, counted in faces. Default: 64.
  public var fontFaces = 64
  /// Font file digests, counted in files. Default: 1024.
  public var fontDigests = 1024

  /// The default budgets.
  public init() {}
}
