// The one Swift file that calls libdeflate (through the CLibDeflate module map),
// and zlib's streaming inflate (through CDarkroomPNG) to bound what a stream
// inflates to. Pointers to C stay inside this file's functions.
import CDarkroomPNG
import CLibDeflate

/// The zlib streams inside PNG files and the CRC-32 of their chunks, through
/// libdeflate: a whole buffer compressed or inflated in one call, with no
/// streaming state — the image sizes are known before either starts.
enum Deflate {
  /// `bytes` as a zlib stream at a libdeflate level (0…12): the same bytes and level
  /// always give the same stream, with the same libdeflate.
  static func zlib(_ bytes: UnsafeRawBufferPointer, level: Int32) throws(PNGError) -> [UInt8] {
    guard let compressor = libdeflate_alloc_compressor(level) else { throw .outOfMemory }
    defer { libdeflate_free_compressor(compressor) }
    // Room for an eighth of the input first: screens compress twenty to forty times,
    // and a buffer of the worst case (larger than the input) would be fresh pages
    // each time. Only incompressible input is compressed a second time.
    let bound = libdeflate_zlib_compress_bound(compressor, bytes.count)
    for room in [min(bound, bytes.count / 8 + 65_536), bound] {
      let output = [UInt8](unsafeUninitializedCapacity: room) { buffer, count in
        count = libdeflate_zlib_compress(compressor, bytes.baseAddress, bytes.count, buffer.baseAddress, room)
      }
      // Zero bytes written means the room was too small; with the bound it never is.
      if !output.isEmpty { return output }
    }
    throw .outOfMemory
  }

  /// `bytes` as a zlib stream at a level.
  static func zlib(_ bytes: [UInt8], level: Int32) throws(PNGError) -> [UInt8] {
    let outcome: Result<[UInt8], PNGError> = bytes.withUnsafeBytes { raw in
      do throws(PNGError) { return .success(try zlib(raw, level: level)) } catch { return .failure(error) }
    }
    return try outcome.get()
  }

  /// Inflates the zlib stream `stream` into `output`, which it must fill exactly:
  /// false when the stream is damaged, or inflates to fewer or more bytes (an
  /// image's data holds exactly its rows). The Adler-32 of the stream is checked.
  static func inflate(_ stream: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) -> Bool {
    guard let decompressor = libdeflate_alloc_decompressor() else { return false }
    defer { libdeflate_free_decompressor(decompressor) }
    let result = libdeflate_zlib_decompress(
      decompressor, stream.baseAddress, stream.count, output.baseAddress, output.count, nil)
    return result == LIBDEFLATE_SUCCESS
  }

  /// Whether the zlib stream `stream` inflates to more than `bytes` bytes, counted
  /// through a small buffer (zlib's streaming inflate, which can stop part way) and
  /// no further.
  static func inflatesPast(_ stream: [UInt8], bytes: Int) -> Bool {
    stream.withUnsafeBufferPointer { stream in
      guard let base = stream.baseAddress else { return false }
      return CDarkroomPNG_inflates_past(base, stream.count, UInt64(bytes)) != 0
    }
  }

  /// A zlib stream inflated, or nil when it is damaged or inflates past `limit`
  /// bytes: room is tried from four times the stream's size, doubling, never past
  /// one byte more than the limit, so a hostile stream costs no more memory.
  static func inflate(_ stream: [UInt8], limit: Int) -> [UInt8]? {
    guard let decompressor = libdeflate_alloc_decompressor() else { return nil }
    defer { libdeflate_free_decompressor(decompressor) }
    var room = min(limit + 1, stream.count * 4 + 256)
    while true {
      var status = LIBDEFLATE_BAD_DATA
      let output = stream.withUnsafeBytes { input in
        [UInt8](unsafeUninitializedCapacity: room) { buffer, count in
          var produced = 0
          status = libdeflate_zlib_decompress(
            decompressor, input.baseAddress, input.count, buffer.baseAddress, room, &produced)
          count = status == LIBDEFLATE_SUCCESS ? produced : 0
        }
      }
      switch status {
      case LIBDEFLATE_SUCCESS: return output.count <= limit ? output : nil
      case LIBDEFLATE_INSUFFICIENT_SPACE where room <= limit: room = min(limit + 1, room * 2)
      default: return nil
      }
    }
  }

  /// The CRC-32 PNG chunks carry (ISO 3309, as zlib's), continuing `crc`.
  static func crc32(_ bytes: UnsafeRawBufferPointer, continuing crc: UInt32 = 0) -> UInt32 {
    libdeflate_crc32(crc, bytes.baseAddress, bytes.count)
  }

  /// The CRC-32 of some bytes.
  static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    bytes.withUnsafeBytes { crc32($0) }
  }
}
