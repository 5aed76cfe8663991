import DarkroomRaster

/// The files a report holds for one snapshot that needs review, each named by the
/// digest of its bytes under `images/` (identical images are one file), as paths
/// relative to the report folder.
///
/// Every such snapshot has thumbnails of its changed region; the full-size images
/// are written for the snapshots a reader sees in full (a group's representatives,
/// changes whose cause is mixed or unknown, every member of a small group) or for
/// all with `--images all`. The difference of two full-size images is drawn by the
/// page from them; the changed pixels of the thumbnails are stored, as the page
/// cannot tell a change from the loss of lossy thumbnails.
public struct ReportImages: Sendable, Codable, Equatable {
  /// The render, full size (PNG).
  public var render: String?
  /// The golden, full size (PNG), when there is one to show.
  public var golden: String?
  /// The changed region of the render, at most ``Thumbnail/maximumWidth`` pixels
  /// wide (lossy WebP).
  public var renderThumbnail: String?
  /// The same region of the golden.
  public var goldenThumbnail: String?
  /// The same region's changed pixels: red on white (PNG), which the page lays
  /// over the faded golden thumbnail.
  public var differenceThumbnail: String?
  /// The region the thumbnails show, in the render's pixels.
  public var region: PixelRect?
  /// The render's size in pixels.
  public var size: PixelSize?

  /// No images.
  public init() {}

  /// Whether the full-size images are there.
  public var hasFullSize: Bool { render != nil }

  /// Every file named, for copying and for keeping.
  public var files: [String] {
    [render, golden, renderThumbnail, goldenThumbnail, differenceThumbnail].compactMap { $0 }
  }

  /// The folder the images are in, inside the report.
  public static let folder = "images"

  /// Whether `path` is one a report names: `images/` and a digest with the
  /// extension of a kind the report writes. `merge-reports` copies only these.
  public static func isImagePath(_ path: String) -> Bool {
    let parts = path.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, parts[0] == Substring(folder) else { return false }
    let name = parts[1].split(separator: ".", omittingEmptySubsequences: false)
    guard name.count == 2, ["png", "webp"].contains(name[1]), name[0].count == 32 else { return false }
    return name[0].unicodeScalars.allSatisfy { ("0"..."9").contains($0) || ("a"..."f").contains($0) }
  }
}
