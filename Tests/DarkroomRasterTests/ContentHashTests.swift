import CXXHash
import Testing

@testable import DarkroomRaster

/// The hash goldens store and caches are keyed by: fed through xxHash's x86
/// dispatcher (AVX2 where the CPU has it), it must be XXH3-128 exactly as the
/// library's one-shot function computes it, whatever the sizes of the pieces.
@Suite("Content hash")
struct ContentHashTests {
  /// The library's own one-shot XXH3-128 of `bytes` (not the dispatcher).
  func oneShot(_ bytes: [UInt8]) -> ContentHash {
    let value = bytes.withUnsafeBytes { XXH3_128bits($0.baseAddress, $0.count) }
    return ContentHash(high: value.high64, low: value.low64)
  }

  @Test func piecesOfAnySizeHashAsTheWholeDoesInOneShot() {
    var generator = SplitMix(seed: 71)
    // Around XXH3's stripes (64 bytes), its internal buffer (256) and its blocks
    // (1,024 bytes at the default secret), and a snapshot-sized run.
    let sizes = [0, 1, 35, 63, 64, 65, 239, 240, 241, 255, 256, 257, 1023, 1024, 1025, 4099, 1 << 20, 3 << 20 + 17]
    for size in sizes {
      let bytes = (0..<size).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
      var whole = ContentHasher()
      whole.update(bytes)
      #expect(whole.finalize() == oneShot(bytes), "\(size) bytes at once")
      // A prefix as PixelDigest feeds one (a string and two integers), then the rest
      // in uneven pieces.
      var pieces = ContentHasher()
      var start = 0
      for length in [35, 1, 300, 64, 5000] where start < size {
        let end = min(size, start + length)
        pieces.update(Array(bytes[start..<end]))
        start = end
      }
      if start < size { pieces.update(Array(bytes[start...])) }
      #expect(pieces.finalize() == oneShot(bytes), "\(size) bytes in pieces")
    }
  }
}
