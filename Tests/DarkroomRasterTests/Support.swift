import Foundation

@testable import DarkroomRaster

/// The pixel module's test fixtures, found from this file: PNG and JPEG files written by
/// `Fixtures/make-png-fixtures.py` and `make-jpeg-fixtures.py`, and pixelmatch's own cases.
enum Paths {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

  static func fixture(_ name: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: fixtures.appendingPathComponent(name)))
  }
}

/// A seeded generator (SplitMix64), so a test's "random" inputs are the same on
/// every run.
struct SplitMix: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

extension PixelBuffer {
  /// The offset of the first byte where `other` differs from this buffer, or nil
  /// when none does: two renders compared without printing them, so a failure
  /// names the byte instead of dumping megabytes.
  func firstByteDiffering(from other: PixelBuffer) -> Int? {
    zip(bytes, other.bytes).enumerated().first { $0.element.0 != $0.element.1 }?.offset
  }
}
