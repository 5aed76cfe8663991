import DarkroomRaster
import DarkroomRendering

/// A device drawn around its screen on a store page — Darkroom's own vector drawing,
/// no image: a band round the edge, the black glass between it and the display
/// (concentric with the display's corner radius, continuous corners), and over the
/// screen the housing of the front camera (a Dynamic Island, a notch, a punch hole).
///
/// The band's and glass's widths are Darkroom's, in the proportions of the devices'
/// published photographs, not measured: docs/fidelity.md lists them as such.
struct DeviceFrame {
  /// The device.
  let device: DevicePreset
  /// Whether a frame is drawn at all.
  let style: ScreenshotSet.FrameStyle

  /// The glass between the display's edge and the band, in the device's points.
  var glass: Double {
    guard style == .bezel else { return 0 }
    switch device {
    case .iPhone15, .iPhone15ProMax, .iPhone16Pro, .iPhone16ProMax: return 9
    case .iPhone11ProMax, .iPhoneSE: return 13
    case .pixel9: return 10
    case .iPad, .iPadPro13: return 24
    }
  }

  /// The band round the device's edge, in the device's points.
  var band: Double { style == .bezel ? 4 : 0 }

  /// From the display's edge to the device's.
  var bezel: Double { glass + band }

  /// The band's colour, its lit edge, the glass's and the camera housing's: a device
  /// is the same in every mode.
  static let bandColor = RGBA8(r: 0x2b, g: 0x2c, b: 0x30)
  static let edgeColor = RGBA8(r: 0x6a, g: 0x6c, b: 0x72)
  static let glassColor = RGBA8(r: 0x06, g: 0x06, b: 0x07)
  static let cameraColor = RGBA8(r: 0, g: 0, b: 0)

  /// What is drawn under the screen (the band and the glass) and over it (the
  /// camera's housing), for a display shown in `screen` (page points) at `factor`
  /// page points per device point.
  func commands(screen: Rect, factor: Double) -> (under: [DisplayList.Command], over: [DisplayList.Command]) {
    var under: [DisplayList.Command] = []
    let radius = device.cornerRadius
    if style == .bezel {
      let outer = RoundedRect(screen, radius: 0).insetBy(-bezel * factor)
      let body = RoundedRect(outer.rect, radius: (radius + bezel) * factor, curve: .continuous)
      under.append(.fill(body, paint: .solid(Self.bandColor)))
      under.append(.border(body, width: max(0.5, 0.6 * factor), dashes: [], color: Self.edgeColor))
      let glassShape = RoundedRect(
        RoundedRect(screen, radius: 0).insetBy(-glass * factor).rect, radius: (radius + glass) * factor, curve: .continuous)
      under.append(.fill(glassShape, paint: .solid(Self.glassColor)))
    }
    var over: [DisplayList.Command] = []
    // A screenshot shows no camera; a device does.
    if style == .bezel, let housing = device.camera.outline(width: device.size.width) {
      let shape = housing.scaled(by: factor).offsetBy(dx: screen.x, dy: screen.y)
      over.append(.fill(shape, paint: .solid(Self.cameraColor)))
    }
    return (under, over)
  }
}
