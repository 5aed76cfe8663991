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
  /// Compared a page at a time with `memcmp`: walked byte by byte through `zip` in
  /// a debug build, comparing two renders took longer than drawing them.
  func firstByteDiffering(from other: PixelBuffer) -> Int? {
    bytes.withUnsafeBytes { mine in
      other.bytes.withUnsafeBytes { theirs in
        let common = min(mine.count, theirs.count)
        var start = 0
        while start < common {
          let end = min(start + 4096, common)
          guard let a = mine.baseAddress, let b = theirs.baseAddress else { return nil }
          if memcmp(a + start, b + start, end - start) != 0 {
            return (start..<end).first { mine[$0] != theirs[$0] }
          }
          start = end
        }
        return mine.count == theirs.count ? nil : common
      }
    }
  }
}
