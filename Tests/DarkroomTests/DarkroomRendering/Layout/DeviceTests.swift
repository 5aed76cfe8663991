import Testing

@testable import Darkroom
@testable import DarkroomFoundation
@testable import DarkroomRendering

/// The device presets' sizes, scales, safe areas and corner radii, each against
/// its public source.
@Suite("Devices")
struct DeviceTests {
  @Test func theCurrentLargestPhonesAndIPadHaveTheirSizesScalesAndSafeAreas() {
    // aloisdeniel/flutter_device_preview's device_specs (a probe of the iOS simulator's window and safe
    // area): iPhone 16 Pro 402 × 874 @3x, 62/34; 16 Pro Max 440 × 956 @3x, 62/34; iPad Pro 13-inch (M4)
    // 1032 × 1376 @2x, 24/20 on iPadOS 17/18.
    let expected: [(DevicePreset, (Double, Double), Double, Double, Double)] = [
      (.iPhone16Pro, (402, 874), 3, 62, 34), (.iPhone16ProMax, (440, 956), 3, 62, 34),
      (.iPadPro13, (1032, 1376), 2, 24, 20),
    ]
    for (device, size, scale, top, bottom) in expected {
      #expect(device.size == size && device.scale == scale, "\(device)")
      #expect(device.safeArea == Insets(top: top, leading: 0, bottom: bottom, trailing: 0), "\(device)")
    }
    // In pixels, the App Store's screenshot sizes (fastlane deliver's DEVICE_RESOLUTIONS: 6.3", 6.9", 13").
    let pixels = [DevicePreset.iPhone16Pro, .iPhone16ProMax, .iPadPro13].map {
      ($0.size.width * $0.scale, $0.size.height * $0.scale)
    }
    #expect(pixels.map(\.0) == [1206, 1320, 2064] && pixels.map(\.1) == [2622, 2868, 2752])
  }

  @Test func displayCornerRadiiAreUIScreensWhereOneWasRead() {
    // UIScreen._displayCornerRadius read on each simulator (flutter/flutter issue 97349, 2025-01-13):
    // iPhone17,1/17,2 (16 Pro, 16 Pro Max) 62; iPhone15,4 (15) and 16,2 (15 Pro Max) 55; iPhone14,6 (SE) 0.
    #expect(DevicePreset.iPhone16Pro.cornerRadius == 62 && DevicePreset.iPhone16ProMax.cornerRadius == 62)
    #expect(DevicePreset.iPhone15.cornerRadius == 55 && DevicePreset.iPhone15ProMax.cornerRadius == 55)
    #expect(DevicePreset.iPhoneSE.cornerRadius == 0)
    // kylebshr/UIKitCorners: iPad Air / iPad Pro 11- and 12.9-inch 18.
    #expect(DevicePreset.iPad.cornerRadius == 18)
  }

  @Test func aLayoutNamingANewDeviceTakesItsScreen() throws {
    let theme = try Theme.parse("colors:\n  tint: system.blue\n", file: "theme.yml")
    for device in [DevicePreset.iPhone16Pro, .iPhone16ProMax, .iPadPro13] {
      let yaml = "size: \(device.rawValue)\nroot:\n  vstack: {}\n"
      let layout = try CheckingParser(theme: theme).parse(yaml, file: "k.yml", name: "k")
      #expect(layout.width == device.size.width && layout.height == device.size.height && layout.scale == device.scale)
      #expect(layout.safeArea == device.safeArea && layout.statusBar && layout.homeIndicator)
    }
  }
}
