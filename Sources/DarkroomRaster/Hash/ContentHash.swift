import CXXHash

/// A 128-bit fingerprint of bytes: XXH3-128 from the system's xxHash.
///
/// Not cryptographic: it tells whether content changed (a golden's pixels, a
/// cache key's inputs), which is all Darkroom asks of it, at memory speed —
/// SHA-256 took 8% of a verify and a BoringSSL build of minutes. XXH3's output is
/// specified byte for byte and is the same on every platform and build, so a
/// digest written on one machine is checked on another.
public struct ContentHash: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The high 64 bits.
  public let high: UInt64
  /// The low 64 bits.
  public let low: UInt64

  /// A hash from its two halves.
  public init(high: UInt64, low: UInt64) {
    self.high = high
    self.low = low
  }

  /// The hash of `bytes` in one call.
  public init(_ bytes: [UInt8]) {
    var hasher = ContentHasher()
    hasher.update(bytes)
    self = hasher.finalize()
  }

  /// The hash of a string's UTF-8 bytes.
  public init(_ text: String) { self.init(Array(text.utf8)) }

  /// 32 lowercase hex digits, high half first (XXH3's canonical order).
  public var description: String { Self.hex(high) + Self.hex(low) }

  /// Parses 32 hex digits, as ``description`` writes them.
  public init?(hex: some StringProtocol) {
    guard hex.utf8.count == 32, let high = UInt64(hex.prefix(16), radix: 16), let low = UInt64(hex.suffix(16), radix: 16)
    else { return nil }
    self.init(high: high, low: low)
  }

  /// Orders hashes by value, for stable sorted output.
  public static func < (a: ContentHash, b: ContentHash) -> Bool { (a.high, a.low) < (b.high, b.low) }

  private static func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}

/// Hashes bytes fed in pieces; the result equals ``ContentHash`` of their
/// concatenation.
///
/// A value type over a reference to XXH3's state: copying a hasher shares the
/// state, so each hasher is meant to be used by one owner from start to finish.
public struct ContentHasher {
  private let state: State

  /// A hasher with nothing fed yet.
  public init() { state = State() }

  /// Feeds bytes.
  public mutating func update(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { state.update($0) }
  }

  /// Feeds a string's UTF-8 bytes, then a zero byte, so that ("ab", "c") and
  /// ("a", "bc") hash differently.
  public mutating func update(_ text: String) {
    update(Array(text.utf8) + [0])
  }

  /// Feeds an integer as 8 little-endian bytes.
  public mutating func update(_ value: Int) {
    let bits = UInt64(bitPattern: Int64(value))
    update((0..<8).map { UInt8(truncatingIfNeeded: bits >> (8 * $0)) })
  }

  /// Feeds raw memory; for callers that already hold a buffer pointer.
  public mutating func update(_ bytes: UnsafeRawBufferPointer) {
    state.update(bytes)
  }

  /// The hash of everything fed so far.
  public func finalize() -> ContentHash { state.digest() }

  /// XXH3's streaming state, freed with the last hasher that holds it.
  private final class State {
    private let pointer: OpaquePointer?

    init() {
      pointer = XXH3_createState()
      _ = XXH3_128bits_reset(pointer)
    }

    deinit { XXH3_freeState(pointer) }

    func update(_ bytes: UnsafeRawBufferPointer) {
      guard let base = bytes.baseAddress, bytes.count > 0 else { return }
      _ = darkroom_xxh3_128_update(pointer, base, bytes.count)
    }

    func digest() -> ContentHash {
      let value = XXH3_128bits_digest(pointer)
      return ContentHash(high: value.high64, low: value.low64)
    }
  }
}
