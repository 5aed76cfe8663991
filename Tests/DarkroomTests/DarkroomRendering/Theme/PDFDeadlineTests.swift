import DarkroomRaster
import Foundation
import Testing

@testable import DarkroomRendering

/// A PDF page as a hostile pull request would write it: a few kilobytes of forms,
/// each drawing the next `fan` times, `depth` deep.
enum NestedFormsPDF {
  /// A page that draws one grey image XObject of `width` × `height` pixels (its
  /// size written as `size`, to write it by reference), its data zeros, stored
  /// uncompressed when small.
  static func image(width: Int, height: Int, size: String? = nil) -> [UInt8] {
    let data = String(repeating: "\u{0}", count: width * height <= 64 ? width * height : 1)
    let objects: [Int: String] = [
      1: "<< /Type /Catalog /Pages 2 0 R >>",
      2: "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      3: "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 20 20] /Resources << /XObject << /I 5 0 R >> >> /Contents 4 0 R >>",
      4: "<< /Length 22 >>\nstream\nq 20 0 0 20 0 0 cm /I Do Q\nendstream",
      5: "<< /Type /XObject /Subtype /Image \(size ?? "/Width \(width) /Height \(height)") /ColorSpace /DeviceGray /BitsPerComponent 8 /Length \(data.utf8.count) >>\nstream\n\(data)\nendstream",
    ]
    return document(objects)
  }

  static func bytes(depth: Int, fan: Int) -> [UInt8] {
    var objects: [Int: String] = [
      1: "<< /Type /Catalog /Pages 2 0 R >>",
      2: "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      3: "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 20 20] /Resources << /XObject << /F 10 0 R >> >> /Contents 4 0 R >>",
      4: "<< /Length 5 >>\nstream\n/F Do\nendstream",
    ]
    for level in 0..<depth {
      let last = level + 1 == depth
      let body = last ? "0 0 1 1 re f" : Array(repeating: "/F Do", count: fan).joined(separator: " ")
      let resources = last ? "" : "/Resources << /XObject << /F \(11 + level) 0 R >> >> "
      objects[10 + level] =
        "<< /Type /XObject /Subtype /Form /BBox [0 0 20 20] \(resources)/Length \(body.utf8.count) >>\nstream\n\(body)\nendstream"
    }
    return document(objects)
  }

  /// The objects as a PDF file, with its cross-reference table.
  static func document(_ objects: [Int: String]) -> [UInt8] {
    var out = "%PDF-1.4\n"
    var offsets: [Int: Int] = [:]
    for number in objects.keys.sorted() {
      offsets[number] = out.utf8.count
      out += "\(number) 0 obj\n\(objects[number] ?? "")\nendobj\n"
    }
    let size = (objects.keys.max() ?? 0) + 1
    let table = out.utf8.count
    out += "xref\n0 \(size)\n0000000000 65535 f \n"
    for number in 1..<size {
      if let offset = offsets[number] {
        let digits = String(offset)
        out += String(repeating: "0", count: 10 - digits.count) + digits + " 00000 n \n"
      } else {
        out += "0000000000 65535 f \n"
      }
    }
    out += "trailer\n<< /Size \(size) /Root 1 0 R >>\nstartxref\n\(table)\n%%EOF\n"
    return Array(out.utf8)
  }
}

@Suite("PDF pages drawn within a time limit")
struct PDFDeadlineTests {
  @Test func aPageOfNestedFormsDrawsWhenItIsSmall() throws {
    let document = try PDFDocument(NestedFormsPDF.bytes(depth: 2, fan: 2))
    #expect(document.width == 20 && document.height == 20)
    let pixels = try document.draw(scale: 2, offset: Point(x: 0, y: 0), width: 40, height: 40)
    // The innermost form fills the page's bottom-left point: the top-left pixel of
    // that square (PDF's y grows upwards) is black and opaque, the opposite corner
    // empty.
    #expect(pixels[0, 39] == PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255))
    #expect(pixels[39, 0] == PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 0))
  }

  @Test func anImageDeclaredLargerThanAnyIconIsRefusedBeforePopplerDecodesIt() throws {
    // poppler decodes an image whole: 30000 × 30000 of compressed zeros took 3.5 GB.
    let small = try PDFDocument(NestedFormsPDF.image(width: 4, height: 4))
    let drawn = try small.draw(scale: 1, offset: Point(x: 0, y: 0), width: 20, height: 20)
    #expect(drawn[10, 10] == PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255), "a small image is drawn")
    func refusal(_ bytes: [UInt8]) -> String {
      do {
        _ = try PDFDocument(bytes)
        return "opened"
      } catch { return error.description }
    }
    #expect(refusal(NestedFormsPDF.image(width: 30000, height: 30000)).contains("30000 pixels wide"))
    #expect(refusal(NestedFormsPDF.image(width: 8000, height: 8000)).contains("8000 × 8000 pixels"))
    #expect(refusal(NestedFormsPDF.image(width: 4, height: 4, size: "/Width 9 0 R /Height 4")).contains("by reference"))
    // Written as PDF allows: in either order, with leading zeros, a sign, an escaped
    // name or a comment between a key and its value.
    for size in [
      "/Height 8000 /Width 8000", "/Width 000000000008000 /Height 8000", "/Width +8000 /Height 8000",
      "/Wid#74h 8000 /Height 8000", "/Width %a comment\n 8000 /Height 8000", "/Width <00> /Width 8000 /Height 8000",
    ] {
      #expect(refusal(NestedFormsPDF.image(width: 4, height: 4, size: size)).contains("8000 × 8000 pixels"), "\(size)")
    }
    // Within the limit on both sides, and large: opened.
    #expect(refusal(NestedFormsPDF.image(width: 4096, height: 4096)) == "opened")
  }
}

extension Integration {
  /// poppler cannot be stopped while it draws: a page that would draw ten billion
  /// times is given up on at the limit, as one located error, exit 2 and nothing
  /// written. In a process of its own (the drawing goes on in a thread until the
  /// process ends) and ten seconds long, so CI runs it.
  @Suite("Hostile input: a PDF page that never finishes")
  struct PDFBombTests {
    @Test func aPageThatWouldNeverFinishIsALocatedErrorAtTheLimit() throws {
      let folder = try TemporaryFolder()
      _ = try folder.write("Layouts/theme.yml", "colors:\n  ink: \"#000000\"\nimages:\n  bomb: bomb.pdf\n")
      _ = try folder.write("Layouts/a.yml", "size: [40, 40]\nroot:\n  image: { name: bomb }\n")
      try Data(NestedFormsPDF.bytes(depth: 10, fan: 10)).write(to: URL(fileURLWithPath: folder.path + "/Layouts/bomb.pdf"))
      let run = try spawnDarkroom(["record"], in: folder.path, environment: ["CI": "true"])
      #expect(run.status == 2)
      #expect(
        run.stderr == "Layouts/theme.yml:4:9: error: image 'bomb.pdf': poppler did not finish drawing the page in 10 s\n",
        "\(run.stderr)")
      #expect(!FileManager.default.fileExists(atPath: folder.path + "/Golden"))
    }
  }
}
