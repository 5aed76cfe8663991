import CDarkroomFreeType
import CDarkroomText

/// The versions of the libraries text is shaped and read with, as they report
/// themselves at run time (not the headers built against): equal faces give equal
/// glyphs only under equal shaping, so goldens record them and an explanation of a
/// change can name them.
public enum LibraryVersions {
  /// `HarfBuzz`, `FreeType` and `ICU`, each with its version (`10.2.0`).
  public static let current: [String: String] = {
    var harfbuzz = [CChar](repeating: 0, count: 64)
    var icu = [CChar](repeating: 0, count: 64)
    harfbuzz.withUnsafeMutableBufferPointer { h in
      icu.withUnsafeMutableBufferPointer { i in
        CDarkroomText_versions(h.baseAddress, Int32(h.count), i.baseAddress, Int32(i.count))
      }
    }
    var major: Int32 = 0, minor: Int32 = 0, patch: Int32 = 0
    CDarkroomFreeType_version(&major, &minor, &patch)
    func text(_ buffer: [CChar]) -> String {
      String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
    return ["HarfBuzz": text(harfbuzz), "FreeType": "\(major).\(minor).\(patch)", "ICU": text(icu)]
  }()
}
