import ArgumentParser
import Darkroom
import Foundation

extension DarkroomCommand {
  /// `darkroom diff A.png B.png`: compares two image files.
  struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Compare two PNG files pixel for pixel; exit 0 when identical, 1 when not.")

    @Argument(help: "The expected image.")
    var expected: String

    @Argument(help: "The actual image.")
    var actual: String

    @Option(name: .long, help: "Write an image marking the differing pixels in red.")
    var out: String?

    func run() throws {
      let a = try load(expected)
      let b = try load(actual)
      let difference = PixelDifference(expected: a, actual: b)
      if difference.isIdentical {
        Terminal.line("identical: \(a.width)×\(a.height) pixels")
        return
      }
      Terminal.line(describe(difference))
      if let out {
        let image = PixelBuffer.differenceImage(expected: a, actual: b)
        let data = try image.pngData()
        guard FileManager.default.createFile(atPath: out, contents: Data(data)) else {
          throw DarkroomError("cannot write the diff image", file: out)
        }
        Terminal.line("diff image: \(out)")
      }
      throw ExitCode(1)
    }

    private func load(_ path: String) throws -> PixelBuffer {
      guard let data = FileManager.default.contents(atPath: path) else {
        throw DarkroomError("cannot read the file", file: path)
      }
      do {
        return try PixelBuffer(pngData: [UInt8](data))
      } catch {
        throw DarkroomError(error.description, file: path)
      }
    }
  }
}
