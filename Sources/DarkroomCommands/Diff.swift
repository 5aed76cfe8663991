import ArgumentParser
import Darkroom
import DarkroomRaster
import Foundation
import Synchronization

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

    @OptionGroup var compare: CompareArguments
    @OptionGroup var configOption: ConfigOption

    func run() throws {
      if let out {
        try ProjectFolder.current().checkDestination(out, what: "the difference image", given: true)
        try FileStore.checkReplaceable(out, from: Console.current.working)
      }
      // Inflating is most of the cost of a diff; the two files decode side by side.
      let (a, b) = try loadBoth()
      var flags = RunSettings.Flags()
      compare.apply(to: &flags)
      let options = try configOption.selection.settings(flags).options.compare
      let result = Comparison.compare(expected: a, actual: b, options: options)
      if result.comparison.differingPixels == 0 && !result.comparison.sizeChanged {
        Console.line("identical: \(a.width)×\(a.height) pixels")
        return
      }
      Console.line(result.comparison.summary)
      if let out {
        try FileStore.writeAtomically(
          try result.diffPNG(), to: out, from: Console.current.working, interruption: Console.current.interruption)
        Console.line("diff image: \(out)")
      }
      if !result.comparison.passed { throw ExitCode(1) }
    }

    private func loadBoth() throws -> (StraightImage, StraightImage) {
      let paths = [expected, actual]
      let working = Console.current.working
      let results = Mutex<[Result<StraightImage, Error>?]>([nil, nil])
      DispatchQueue.concurrentPerform(iterations: 2) { index in
        let result = Result { try Self.load(paths[index], from: working) }
        results.withLock { $0[index] = result }
      }
      let loaded = results.withLock { $0 }
      guard let first = loaded[0], let second = loaded[1] else {
        throw DarkroomError("internal error: a decode did not finish")
      }
      return (try first.get(), try second.get())
    }

    private static func load(_ path: String, from working: WorkingFolder) throws -> StraightImage {
      let bytes = try FileStore.read(path, what: "the image", from: working)
      do {
        return try StraightImage.decodePNG(bytes).image
      } catch {
        throw DarkroomError(error.description, file: path)
      }
    }
  }
}
