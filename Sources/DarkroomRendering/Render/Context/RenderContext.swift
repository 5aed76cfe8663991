import DarkroomRaster

/// What drawing needs beyond a layout and its theme: the fonts, and every memo that
/// keeps work done for one snapshot from being done again for the next — shaped runs
/// and glyph masks, labels already set, the coverage of shapes, blurred shadows,
/// decoded and scaled images, font files' digests.
///
/// One context serves a run: the layout engine and the renderer receive it, every
/// job of the run shares it, and it goes away with the run. Memos never change a
/// result (each caches values that depend on nothing but their key), so a fresh
/// context draws the same pixels as a warm one, only slower; their sizes are
/// ``CacheBudgets``.
public final class RenderContext: Sendable {
  /// The faces labels are set in.
  public let fonts: FontBook
  /// Shaped runs and glyph masks.
  public let text: TextCaches
  /// Labels already set.
  let textLayouts: TextMemo
  /// The coverage of shapes already drawn.
  let coverage: CoverageMemo
  /// Blurred shadow masks.
  let shadows: ShadowMasks
  /// Decoded theme images and their scaled copies.
  let images: ImageStore
  /// Digests of font files, for render keys and drawing summaries.
  package let fontDigests: FontDigests

  /// A context with empty memos within `budgets`, setting text with `fonts`
  /// (default: Inter and the installed fallback faces).
  public init(budgets: CacheBudgets = CacheBudgets(), fonts: FontBook? = nil) {
    self.fonts = fonts ?? FontBook(budgets: budgets)
    text = TextCaches(budgets: budgets)
    textLayouts = TextMemo(budget: budgets.textLayouts)
    coverage = CoverageMemo(budget: budgets.shapeCoverage)
    shadows = ShadowMasks(budget: budgets.shadowMasks)
    images = ImageStore(decodedBudget: budgets.decodedImages, scaledBudget: budgets.scaledImages)
    fontDigests = FontDigests(budget: budgets.fontDigests)
  }

  /// A context sharing every memo of `other` but the coverage of shapes, which
  /// starts empty, and the places of shadows.
  private init(sharingAllBut other: RenderContext) {
    fonts = other.fonts
    text = other.text
    textLayouts = other.textLayouts
    coverage = CoverageMemo(budget: other.coverage.budget)
    shadows = other.shadows.forgettingPlaces()
    images = other.images
    fontDigests = other.fontDigests
  }

  /// This context with no shape's coverage known: a benchmark that draws one
  /// snapshot again and again draws each time with one of these, so every shape
  /// the snapshot does not repeat is scanned in every run, and every shadow's shape
  /// rasterized, as in a run's first drawing of a layout.
  public func forgettingShapes() -> RenderContext { RenderContext(sharingAllBut: self) }
}
