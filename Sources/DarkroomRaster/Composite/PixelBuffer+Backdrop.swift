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
    // pixels past the buffer's edge taken from the edge.
    let reach = AlphaMask.boxSizes(sigma: min(sigma, 500)).reduce(0) { $0 + $1 / 2 }
    let regionX = left - reach, regionY = top - reach
    let regionWidth = right - left + 2 * reach, regionHeight = bottom - top + 2 * reach
    var channels: [AlphaMask] = []
    for channel in 0..<4 {
      var plane = AlphaMask(x: regionX, y: regionY, width: regionWidth, height: regionHeight)
      plane.values.withUnsafeMutableBufferPointer { plane in
        bytes.withUnsafeBufferPointer { pixels in
          for row in 0..<regionHeight {
            let y = min(max(regionY + row, bounds.top), bounds.bottom - 1) - origin.y
            for column in 0..<regionWidth {
              let x = min(max(regionX + column, bounds.left), bounds.right - 1) - origin.x
              plane[row * regionWidth + column] = pixels[(y * width + x) * 4 + channel]
            }
          }
        }
      }
      channels.append(plane.blurred(sigma: sigma))
    }
    for y in top..<bottom {
      for x in left..<right {
        let coverage = UInt32(mask[x, y])
        guard coverage > 0 else { continue }
        let i = ((y - origin.y) * width + (x - origin.x)) * 4
        func mixed(_ channel: Int) -> UInt8 {
          let blurred = UInt32(channels[channel][x, y]), original = UInt32(bytes[i + channel])
          return UInt8((blurred * coverage + original * (255 - coverage) + 127) / 255)
        }
        let alpha = mixed(3)
        // Blurring and mixing keep every channel at or below alpha; the minimum
        // states the invariant rather than trusting the arithmetic to keep it.
        let r = min(mixed(0), alpha), g = min(mixed(1), alpha), b = min(mixed(2), alpha)
        bytes[i] = r
        bytes[i + 1] = g
        bytes[i + 2] = b
        bytes[i + 3] = alpha
      }
    }
  }
}
