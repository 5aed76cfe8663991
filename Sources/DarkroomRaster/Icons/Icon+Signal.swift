/// The status bar's signal glyphs, drawn on the icons' 24-unit grid: shapes of
/// Darkroom's own, in the proportions iOS's status bar shows them (Wi-Fi about
/// 15.3 × 11 points beside a battery of 24.3 × 11.3).
extension Icon {
  /// Wi-Fi: around one centre near the bottom, a wedge (the dot) and two bands,
  /// each reaching 45° either side of straight up, with round ends — a fan, not
  /// rising bars.
  static func wifiShape() -> Path {
    let centre = Point(x: 12, y: 19.6)
    // Straight up is -π/2 on a y-down grid; the fan spans a quarter turn around it.
    let start = -0.75 * Double.pi, end = -0.25 * Double.pi
    let band = 3.3, gap = 2.5
    let dot = 4.6
    var shape = Path()
    // The wedge: from the centre out along one edge, round the arc and back.
    shape.move(to: centre)
    shape.addArc(center: centre, radius: dot, startAngle: start, endAngle: end, connect: true)
    shape.close()
    // The bands: arcs stroked with round caps; the caps sit inside the fan's angle.
    for index in 0..<2 {
      let inner = dot + gap + Double(index) * (band + gap)
      let middle = inner + band / 2
      // A round cap reaches band/2 past its end: pull the ends in by that much
      // of the arc so the fan keeps its angle.
      let inset = band / 2 / middle
      var arc = Path()
      arc.addArc(center: centre, radius: middle, startAngle: start + inset, endAngle: end - inset)
      shape.append(Stroker(style: StrokeStyle(width: band, cap: .round, join: .round)).outline(of: arc))
    }
    return shape
  }

  /// Four bars of rising height on one baseline, with rounded corners.
  static func cellularShape() -> Path {
    var shape = Path()
    let width = 4.2, gap = 2.4, bottom = 19.5
    let heights = [5.0, 8.3, 11.7, 15.0]
    let left = 12 - (4 * width + 3 * gap) / 2
    for (index, height) in heights.enumerated() {
      let bar = Rect(x: left + Double(index) * (width + gap), y: bottom - height, width: width, height: height)
      shape.addRoundedRect(bar, radius: 1.2)
    }
    return shape
  }
}
