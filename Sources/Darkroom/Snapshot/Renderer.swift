/// Rasterizes display lists.
public enum Renderer {
  /// Draws a display list into a new pixel buffer of its pixel size.
  ///
  /// - Throws: ``RasterError`` when the size is outside the buffer limits.
  public static func render(_ list: DisplayList) throws(RasterError) -> PixelBuffer {
    var buffer = try PixelBuffer(width: list.pixelWidth, height: list.pixelHeight, fill: list.background)
    let s = list.scale
    for command in list.commands {
      switch command {
      case .fill(let rect, let corner, let color):
        if corner == 0 {
          buffer.fill(rect.scaled(by: s), with: color)
        } else {
          var path = Path()
          path.addRoundedRect(rect.scaled(by: s), radius: corner * s)
          buffer.fill(path, with: color)
        }
      case .border(let rect, let corner, let width, let color):
        // A ring: the outer edge clockwise and the inner edge anticlockwise, whose
        // windings cancel inside. The inner corner radius shrinks by the width, as
        // CALayer's border does.
        let outer = rect.scaled(by: s)
        let w = min(width * s, outer.width / 2, outer.height / 2)
        var path = Path()
        path.addRoundedRect(outer, radius: corner * s)
        path.addRoundedRect(outer.insetBy(w), radius: max(0, corner * s - w), reversed: true)
        buffer.fill(path, with: color)
      case .text(let line, let origin, let color):
        buffer.fill(line.path(baselineOrigin: origin, scale: s), with: color)
      }
    }
    return buffer
  }
}
