@testable import Darkroom
import DarkroomRaster
import Testing

/// The part of a changed snapshot its thumbnails show: the changed pixels with a
/// margin, at least half the image wide and a quarter of it tall, inside the image.
@Suite("Thumbnail region")
struct ThumbnailRegionTests {
  @Test func aSmallChangeIsFramedWithAMarginAndShownInItsPlace() {
    let size = PixelSize(width: 1170, height: 2532)
    let changed = PixelRect(x: 600, y: 1200, width: 4, height: 3)
    let region = Thumbnail.region(changed: changed, in: size)
    // Half the width, a quarter of the height, centred on the change.
    #expect(region.width == size.width / 2 && region.height == size.height / 4)
    #expect(region.x <= changed.x && region.x + region.width >= changed.x + changed.width)
    #expect(region.y <= changed.y && region.y + region.height >= changed.y + changed.height)
    #expect(abs((region.x + region.width / 2) - (changed.x + 2)) <= 1)
  }

  @Test func aLargeChangeKeepsItsMarginInsideTheImage() {
    let size = PixelSize(width: 1000, height: 800)
    // The margin is a twentieth of the width (50 pixels); a region that would start
    // left of the image is moved right, keeping its width.
    let region = Thumbnail.region(changed: PixelRect(x: 20, y: 100, width: 700, height: 500), in: size)
    #expect(region == PixelRect(x: 0, y: 50, width: 800, height: 600))
    let whole = Thumbnail.region(changed: PixelRect(x: 0, y: 0, width: 1000, height: 800), in: size)
    #expect(whole == PixelRect(x: 0, y: 0, width: 1000, height: 800))
  }

  @Test func withNothingToFrameTheWholeImageIsShown() {
    let size = PixelSize(width: 320, height: 220)
    #expect(Thumbnail.region(changed: nil, in: size) == PixelRect(x: 0, y: 0, width: 320, height: 220))
    #expect(Thumbnail.region(changed: PixelRect(x: 5, y: 5, width: 0, height: 0), in: size) == PixelRect(x: 0, y: 0, width: 320, height: 220))
  }

  @Test func aRegionIsShownUnscaledWhenItFitsAndScaledDownWhenItDoesNot() {
    #expect(Thumbnail.size(of: PixelRect(x: 0, y: 0, width: 390, height: 490)) == PixelSize(width: 390, height: 490))
    // 1200 wide: a third, so 400 × 844.
    #expect(Thumbnail.size(of: PixelRect(x: 0, y: 0, width: 1200, height: 2532)) == PixelSize(width: 400, height: 844))
    // Tall: the height decides.
    #expect(Thumbnail.size(of: PixelRect(x: 0, y: 0, width: 300, height: 1800)) == PixelSize(width: 150, height: 900))
  }
}
