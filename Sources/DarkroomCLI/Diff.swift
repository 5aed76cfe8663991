import ArgumentParser
import Darkroom
import Foundation

extension DarkroomCommand {
  /// `darkroom diff A.png B.png`: compares two image files.
  struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Compare two PNG files; exit 0 when they pass, 1 when they differ.")

    @Argument(help: "The expected image.")
    var expected: String

    @Argument(help: "The actual image.")
    var actual: String

    @Option(name: .long, help: "Write an image marking the differing pixels.")
    var out: String?

    @OptionGroup var compare: CompareFlags

    func run() throws {
      let a = try load(expected)
      let b = try load(actual)
      let options = try compare.options(config: ProjectConfig())
      let result = Comparison.compare(expected: a, actual: b, options: options)
      if result.comparison.differingPixels == 0 && !result.comparison.sizeChanged {
        Terminal.line("identical: \(a.width)×\(a.height) pixels")
        return
      }
      Terminal.line(result.comparison.summary)
      if let out {
        let data = try result.diffImage().pngData()
        guard FileManager.default.createFile(atPath: out, contents: Data(data)) else {
          throw DarkroomError("cannot write the diff image", file: out)
        }
        Terminal.line("diff image: \(out)")
      }
      if !result.comparison.passed { throw ExitCode(1) }
    }

    private func load(_ path: String) throws -> StraightImage {
      guard let data = FileManager.default.contents(atPath: path) else {
        throw DarkroomError("cannot read the file", file: path)
      }
      do {
        return try StraightImage.decodePNG([UInt8](data)).image
      } catch {
        throw DarkroomError(error.description, file: path)
      }
    }
  }
}
