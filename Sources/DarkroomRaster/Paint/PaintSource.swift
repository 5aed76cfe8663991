/// A paint prepared for one drawing: premultiplied colours, and a gradient's line
/// reduced to a projection, so each pixel costs a few multiplications.
struct PaintSource {
  enum Kind {
    case solid(PremultipliedRGBA8)
    case gradient(originX: Double, originY: Double, dx: Double, dy: Double, stops: [(location: Double, color: PremultipliedRGBA8)])
  }
  let kind: Kind

  init(_ paint: Paint) {
    switch paint {
    case .solid(let color):
      kind = .solid(color.premultiplied)
    case .linearGradient(let g):
      let vx = g.end.x - g.start.x, vy = g.end.y - g.start.y
      let lengthSquared = vx * vx + vy * vy
      let stops = g.stops.map { ($0.location, $0.color.premultiplied) }
      if lengthSquared == 0 || stops.count < 2 {
        kind = .solid(stops.last?.1 ?? PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 0))
      } else {
        kind = .gradient(originX: g.start.x, originY: g.start.y, dx: vx / lengthSquared, dy: vy / lengthSquared, stops: stops)
      }
    }
  }

  /// The solid colour, when the paint is one.
  var solidColor: PremultipliedRGBA8? {
    if case .solid(let c) = kind { return c }
    return nil
  }

  /// The colour at the centre of pixel (x, y).
  @inline(__always)
  func color(x: Int, y: Int) -> PremultipliedRGBA8 {
    switch kind {
    case .solid(let c):
      return c
    case .gradient(let ox, let oy, let dx, let dy, let stops):
      let t = (Double(x) + 0.5 - ox) * dx + (Double(y) + 0.5 - oy) * dy
      guard t > stops[0].location else { return stops[0].color }
      var i = 1
      while i < stops.count && stops[i].location < t { i += 1 }
      guard i < stops.count else { return stops[stops.count - 1].color }
      let a = stops[i - 1], b = stops[i]
      let span = b.location - a.location
      let f = span > 0 ? (t - a.location) / span : 1
      let w = UInt32((f * 255).rounded())
      let v = 255 - w
      return PremultipliedRGBA8(
        r: UInt8(Blend.divide255(UInt32(a.color.r) * v + UInt32(b.color.r) * w)),
        g: UInt8(Blend.divide255(UInt32(a.color.g) * v + UInt32(b.color.g) * w)),
        b: UInt8(Blend.divide255(UInt32(a.color.b) * v + UInt32(b.color.b) * w)),
        a: UInt8(Blend.divide255(UInt32(a.color.a) * v + UInt32(b.color.a) * w)))
    }
  }
}
