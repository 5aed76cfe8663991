/// Reads the PNG files Darkroom and most tools write — 8-bit grey, grey with alpha,
/// RGB, RGBA or palette (with its transparency), not interlaced, every filter — in
/// one pass: the image data inflated at once into the memory the pixels end up in
/// (``Deflate``, its size known from the header), each row unfiltered into a scratch
/// row and widened to RGBA in place.
///
/// Anything else — other bit depths, interlacing, a grey or RGB transparent key,
/// unknown critical chunks, a chunk whose CRC is wrong, image data that does not
/// inflate to exactly its rows — is not read here: ``decode(_:limits:textKey:)``
/// returns nil and the caller hands the file to libpng, which reads every PNG and
/// explains every fault.
enum PNGReader {
  /// A decoded image: straight RGBA8, and whether every pixel is opaque as the
  /// colour type says (nothing to premultiply).
  struct Decoded {
    let width: Int
    let height: Int
    let bytes: [UInt8]
    let isOpaque: Bool
    let text: String?
  }

  /// The image in `data`, and the value of its first `tEXt` or `zTXt` chunk named
  /// `textKey`; nil when the file is not one this reader takes (see the type).
  static func decode(_ data: [UInt8], limits: PNGDecodingLimits, textKey: String?) -> Decoded? {
    data.withUnsafeBytes { decode($0, limits: limits, textKey: textKey) }
  }

  private struct Header {
    let width: Int
    let height: Int
    let colorType: UInt8
    /// Bytes a pixel in the file.
    let channels: Int
  }

  private static func decode(_ file: UnsafeRawBufferPointer, limits: PNGDecodingLimits, textKey: String?) -> Decoded? {
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    guard file.count >= 8, file.prefix(8).elementsEqual(signature) else { return nil }
    var header: Header? = nil
    var palette: [UInt8] = []
    var alphas: [UInt8] = []
    var data: [Range<Int>] = []
    var text: String? = nil
    var offset = 8
    var ended = false
    while !ended {
      guard file.count - offset >= 12 else { return nil }
      let length = Int(read32(file, offset))
      guard length <= file.count - offset - 12 else { return nil }
      let type = file[(offset + 4)..<(offset + 8)]
      let body = (offset + 8)..<(offset + 8 + length)
      // Every chunk's CRC, as libpng checks them; a damaged file is libpng's to explain.
      guard Deflate.crc32(UnsafeRawBufferPointer(rebasing: file[(offset + 4)..<body.upperBound])) == read32(file, body.upperBound)
      else { return nil }
      guard type.allSatisfy({ (65...90).contains($0) || (97...122).contains($0) }) else { return nil }
      let name = String(decoding: type, as: UTF8.self)
      if header == nil && name != "IHDR" { return nil }
      switch name {
      case "IHDR":
        guard header == nil, length == 13 else { return nil }
        let width = Int(read32(file, body.lowerBound)), height = Int(read32(file, body.lowerBound + 4))
        let (depth, colorType) = (file[body.lowerBound + 8], file[body.lowerBound + 9])
        let channels: Int
        switch colorType {
        case 0, 3: channels = 1
        case 2: channels = 3
        case 4: channels = 2
        case 6: channels = 4
        default: return nil
        }
        guard depth == 8, file[body.lowerBound + 10] == 0, file[body.lowerBound + 11] == 0,
          file[body.lowerBound + 12] == 0, width >= 1, height >= 1, width <= limits.maximumWidth,
          height <= limits.maximumHeight, width * height <= limits.maximumPixels,
          (try? PixelBuffer.validate(width: width, height: height)) != nil
        else { return nil }
        header = Header(width: width, height: height, colorType: colorType, channels: channels)
      case "PLTE":
        guard let header, data.isEmpty, palette.isEmpty, length % 3 == 0, (3...768).contains(length) else { return nil }
        guard header.colorType != 0 && header.colorType != 4 else { return nil }
        palette = Array(file[body])
      case "tRNS":
        // A palette's transparency; a grey or RGB key is libpng's.
        guard let header, header.colorType == 3, data.isEmpty, !palette.isEmpty, alphas.isEmpty,
          length <= palette.count / 3
        else { return nil }
        alphas = Array(file[body])
      case "IDAT":
        if let last = data.last, last.upperBound + 4 != offset { return nil }  // not consecutive
        data.append(body)
      case "IEND":
        ended = true
      case "tEXt", "zTXt":
        guard let textKey, text == nil, let separator = file[body].firstIndex(of: 0) else { break }
        guard String(decoding: file[body.lowerBound..<separator], as: UTF8.self) == textKey else { break }
        if name == "tEXt" {
          text = String(decoding: file[(separator + 1)..<body.upperBound], as: UTF8.self)
        } else {
          guard separator + 1 < body.upperBound, file[separator + 1] == 0,
            let inflated = Deflate.inflate(Array(file[(separator + 2)..<body.upperBound]), limit: limits.maximumChunkBytes)
          else { return nil }
          text = String(decoding: inflated, as: UTF8.self)
        }
      case "iTXt":
        if textKey != nil { return nil }  // international text is libpng's
      default:
        // An unknown chunk libpng would have to understand.
        if (65...90).contains(type[type.startIndex]) { return nil }
      }
      offset = body.upperBound + 4
    }
    guard let header, !data.isEmpty, header.colorType != 3 || !palette.isEmpty else { return nil }
    return image(file, header: header, data: data, palette: palette, alphas: alphas, text: text)
  }

  private static func read32(_ file: UnsafeRawBufferPointer, _ at: Int) -> UInt32 {
    UInt32(file[at]) << 24 | UInt32(file[at + 1]) << 16 | UInt32(file[at + 2]) << 8 | UInt32(file[at + 3])
  }

  /// Inflates and unfilters the image data into RGBA.
  private static func image(
    _ file: UnsafeRawBufferPointer, header: Header, data: [Range<Int>], palette: [UInt8], alphas: [UInt8],
    text: String?
  ) -> Decoded? {
    let (width, height, channels) = (header.width, header.height, header.channels)
    let rowBytes = width * channels
    let filtered = height * (rowBytes + 1)
    let size = width * height * 4
    // The rows go where their pixels will be: at the end of the pixels when they are
    // narrower, so each widened row lands on rows already read (see below).
    let start = max(0, size - filtered)
    var fits = false
    var colours: [UInt32] = []
    let bytes = [UInt8](unsafeUninitializedCapacity: max(size, filtered)) { buffer, count in
      count = size
      let stream: [UInt8]? = data.count == 1 ? nil : data.flatMap { Array(file[$0]) }
      let raw = UnsafeMutableRawBufferPointer(rebasing: UnsafeMutableRawBufferPointer(buffer)[start..<(start + filtered)])
      let inflated: Bool
      if let stream {
        inflated = stream.withUnsafeBytes { Deflate.inflate($0, into: raw) }
      } else {
        inflated = Deflate.inflate(UnsafeRawBufferPointer(rebasing: file[data[0]]), into: raw)
      }
      guard inflated else { return }
      if header.colorType == 3 { colours = paletteWords(palette, alphas) }
      fits = colours.withUnsafeBufferPointer { colours in
        unfilter(
          UnsafeMutableRawBufferPointer(buffer), from: start, width: width, height: height, channels: channels,
          colorType: header.colorType, colours: colours)
      }
    }
    guard fits else { return nil }
    let opaque =
      switch header.colorType {
      case 0, 2: true
      case 3: alphas.allSatisfy { $0 == 255 }
      default: false
      }
    return Decoded(width: width, height: height, bytes: bytes, isOpaque: opaque, text: text)
  }

  /// The palette as pixel words (straight RGBA, alpha from `tRNS` or 255); an index
  /// past them is refused when a row uses it (libpng's to explain).
  private static func paletteWords(_ palette: [UInt8], _ alphas: [UInt8]) -> [UInt32] {
    (0..<(palette.count / 3)).map { i in
      PNGFilter.word(
        r: palette[i * 3], g: palette[i * 3 + 1], b: palette[i * 3 + 2], a: i < alphas.count ? alphas[i] : 255)
    }
  }

  /// Unfilters each row of `rows` (at `start` in `pixels`) into a scratch row and
  /// widens it to RGBA at its place in `pixels`. A widened row ends at or before
  /// the next filtered row begins, so no row is overwritten before it is read.
  /// False for a filter type PNG does not have or a palette index past the palette.
  private static func unfilter(
    _ pixels: UnsafeMutableRawBufferPointer, from start: Int, width: Int, height: Int, channels: Int,
    colorType: UInt8, colours: UnsafeBufferPointer<UInt32>
  ) -> Bool {
    let rowBytes = width * channels
    // Room for a whole 16-byte load or store past either end of a row.
    let scratch = [UInt8](repeating: 0, count: 2 * (rowBytes + 32))
    var copy = scratch
    return copy.withUnsafeMutableBytes { scratch in
      guard let base = scratch.baseAddress, let target = pixels.baseAddress else { return false }
      var previous = base + 16, current = base + rowBytes + 48
      for y in 0..<height {
        let row = target + start + y * (rowBytes + 1)
        let filter = row.load(as: UInt8.self)
        guard PNGFilter.unfilter(
          filter, row + 1, into: current, previous: previous, count: rowBytes, bytesPerPixel: channels)
        else { return false }
        let out = target + y * width * 4
        switch colorType {
        case 6: out.copyMemory(from: current, byteCount: rowBytes)
        case 2: PNGFilter.widenRGB(current, into: out, count: width)
        case 0: PNGFilter.widenGrey(current, into: out, count: width)
        case 4: PNGFilter.widenGreyAlpha(current, into: out, count: width)
        default:
          for x in 0..<width {
            let index = Int(current.load(fromByteOffset: x, as: UInt8.self))
            guard index < colours.count else { return false }
            out.storeBytes(of: colours[index], toByteOffset: x * 4, as: UInt32.self)
          }
        }
        swap(&previous, &current)
      }
      return true
    }
  }
}
