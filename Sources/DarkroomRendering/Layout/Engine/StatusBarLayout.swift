import DarkroomRaster
/// Where a device's status bar puts its time and glyphs, and how large they are.
///
/// Dynamic Island iPhones split the bar either side of the island (126 × 37.33
/// points, 11 below the top: theblixguy/DynamicIslandUtilities), the time in the
/// middle of the left side and the glyphs in the middle of the right, all on the
/// island's middle line; a notched iPhone does the same either side of its notch
/// (210 × 30 points). A home-button iPhone's 20-point bar has the signal glyphs
/// at the leading edge, the time in the middle and the battery at the trailing
/// edge; an iPad's 24-point bar the time at the leading edge and Wi-Fi and battery
/// at the trailing one, as an Android phone with a punch-hole camera has its time
/// and glyphs (the latter drawn as iOS's). Insets, the time's size and the glyphs' scale follow the
/// proportions of aloisdeniel/flutter_device_preview's status bar artwork (hand
/// drawn, not measured from UIKit): docs/fidelity.md lists them as approximations.
struct StatusBarLayout {
  /// How the bar is arranged.
  enum Arrangement {
    /// Either side of a Dynamic Island; the glyphs centred on `rightCentre`.
    case island(rightCentre: Double)
    /// A home-button iPhone's bar, its glyphs `inset` from the edges.
    case homeButton(inset: Double)
    /// An iPad's bar, its time and glyphs `inset` from the edges.
    case pad(inset: Double)
  }

  let arrangement: Arrangement
  /// The screen's width.
  let width: Double
  /// The line the time and the glyphs are centred on.
  let middle: Double
  /// The time's horizontal centre.
  let timeCentre: Double
  /// The time's size in points (semibold).
  let timeSize: Double
  /// The glyphs' size relative to a Dynamic Island iPhone's.
  let glyphScale: Double

  /// The Dynamic Island's width and its top and height.
  static let island = (width: 126.0, top: 11.0, height: 37.33)

  init(_ layout: Layout) {
    width = layout.width
    let top = layout.safeArea.top
    let pad = layout.device?.isPad ?? false
    let camera = layout.device?.camera ?? (!pad && top >= 44 ? .dynamicIsland : .none)
    if camera == .dynamicIsland || camera == .notch {
      let housing = camera.outline(width: width)?.rect ?? Rect(x: 0, y: 0, width: 0, height: 0)
      let ear = (width - housing.width) / 2
      arrangement = .island(rightCentre: width - ear / 2)
      // A notch is lower than the island: the bar's items sit a little below its
      // middle line, as on iPhone X's design.
      middle = camera == .notch ? housing.maxY / 2 + 2 : housing.y + housing.height / 2
      timeCentre = ear / 2
      timeSize = camera == .notch ? 15 : 17
      glyphScale = 1
    } else if camera == .punchHole {
      let inset = 24.0
      arrangement = .pad(inset: inset)
      middle = top / 2
      timeSize = 14
      glyphScale = 0.9
      timeCentre = inset + 18
    } else if pad {
      let inset = 42.0
      arrangement = .pad(inset: inset)
      middle = max(20, top) / 2
      timeSize = 16
      glyphScale = 0.944
      // The time's box is 80 points wide and centred: its text starts at the inset.
      timeCentre = inset + 18
    } else {
      arrangement = .homeButton(inset: 6)
      middle = max(20, top) / 2
      timeCentre = width / 2
      timeSize = 14
      glyphScale = 0.833
    }
  }
}
