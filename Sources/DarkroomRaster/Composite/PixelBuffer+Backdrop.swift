extension PixelBuffer {
  /// Blurs what has been drawn under `mask`, in place: a backdrop blur, the first
  /// step of a material (a bar's background is this blur with a translucent tint
  /// drawn over it).
  ///
  /// Each premultiplied channel is blurred by a Gaussian of standard deviation
  /// `sigma` pixels — `AlphaMask.blurred(sigma:)`'s three box blurs, in integers, so
  /// the result is the same on every machine — reading pixels beyond the buffer's
  /// edge as the nearest edge pixel (a bar at the bottom of the screen does not
  /// darken towards it). Where `mask` covers a pixel partly, the blurred and the
  /// original pixel are mixed by its coverage. Pixels outside the mask are not
  /// changed. A σ below half a pixel changes nothing.
  public mutating func blurBackdrop(under mask: AlphaMask, sigma: Double) {
    guard sigma >= 0.5, sigma.isFinite else { return }
    let bounds = canvasBounds
    // The pixels to change: the mask's rectangle on this buffer.
    let left = max(mask.x, bounds.left), top = max(mask.y, bounds.top)
    let right = min(mask.x + mask.width, bounds.right), bottom = min(mask.y + mask.height, bounds.bottom)
    guard left < right, top < bottom else { return }
    // The blur reads this far; the region read is the rectangle grown by it, with
    // pixels past the buffer's edge taken from the edge. Its four channels are
    // blurred together, interleaved as they are in the buffer; the results inside
    // the rectangle are those of a blur of each channel's whole plane.
    let boxes = AlphaMask.boxSizes(sigma: min(sigma, 500))
    let reach = Self.backdropReach(boxes)
    let regionX = left - reach, regionY = top - reach
    let regionWidth = right - left + 2 * reach, regionHeight = bottom - top + 2 * reach
    var region = [UInt8](repeating: 0, count: regionWidth * regionHeight * 4)
    let width = self.width, origin = self.origin
    region.withUnsafeMutableBufferPointer { region in
      bytes.withUnsafeBufferPointer { pixels in
        guard let to = region.baseAddress, let from = pixels.baseAddress else { return }
        // Columns inside the buffer are copied as a run; those past its edges repeat it.
        let inLeft = max(regionX, bounds.left), inRight = min(regionX + regionWidth, bounds.right)
        for row in 0..<regionHeight {
          let y = min(max(regionY + row, bounds.top), bounds.bottom - 1) - origin.y
          let line = to + row * regionWidth * 4
          let source = from + y * width * 4
          (line + (inLeft - regionX) * 4).update(from: source + (inLeft - origin.x) * 4, count: (inRight - inLeft) * 4)
          for column in 0..<(inLeft - regionX) {
            (line + column * 4).update(from: source + (bounds.left - origin.x) * 4, count: 4)
          }
          for column in (inRight - regionX)..<regionWidth {
            (line + column * 4).update(from: source + (bounds.right - 1 - origin.x) * 4, count: 4)
          }
        }
        AlphaMask.boxBlur(
          region, width: regionWidth, height: regionHeight, channels: 4, boxes: boxes, wantedInset: reach)
      }
    }
    region.withUnsafeBufferPointer { blurred in
      bytes.withUnsafeMutableBufferPointer { pixels in
        guard let into = pixels.baseAddress, let from = blurred.baseAddress else { return }
        for y in top..<bottom {
          // Both rows addressed by canvas column.
          let target = into + ((y - origin.y) * width - origin.x) * 4
          let source = from + ((y - regionY) * regionWidth - regionX) * 4
          mask.forEachRun(row: y, columns: left..<right) { start, end, coverage in
            // Fully covered (most of a bar): the mix is the blurred pixel itself, and
            // a box average of premultiplied channels never exceeds its alpha's.
            guard coverage < 255 else {
              return (target + start * 4).update(from: source + start * 4, count: (end - start) * 4)
            }
            let coverage = UInt32(coverage)
            for x in start..<end {
              let i = target + x * 4, b = source + x * 4
              @inline(__always) func mixed(_ channel: Int) -> UInt8 {
                let blurred = UInt32(b[channel]), original = UInt32(i[channel])
                return UInt8((blurred * coverage + original * (255 - coverage) + 127) / 255)
              }
              let alpha = mixed(3)
              // Blurring and mixing keep every channel at or below alpha (the fast path
              // above relies on it for the blur alone); for a mix the minimum restates it.
              let r = min(mixed(0), alpha), g = min(mixed(1), alpha), b2 = min(mixed(2), alpha)
              i[0] = r
              i[1] = g
              i[2] = b2
              i[3] = alpha
            }
          }
        }
      }
    }
  }

  /// How many pixels beyond its mask's rectangle a backdrop blur of `sigma` reads;
  /// where that passes the buffer's edge, it reads the edge's pixels instead. A
  /// buffer that is a band of a canvas blurs as the whole canvas would only where it
  /// holds all of those rows, or the canvas's edge.
  public static func backdropReach(sigma: Double) -> Int {
    guard sigma >= 0.5, sigma.isFinite else { return 0 }
    return backdropReach(AlphaMask.boxSizes(sigma: min(sigma, 500)))
  }

  private static func backdropReach(_ boxes: [Int]) -> Int { boxes.reduce(0) { $0 + $1 / 2 } }
}
