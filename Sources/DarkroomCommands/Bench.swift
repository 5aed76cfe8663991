import ArgumentParser
import Darkroom
import Dispatch

extension DarkroomCommand {
  /// `darkroom bench`: times layout, rasterizing and encoding, one snapshot at a time.
  struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Time each snapshot's layout, rasterizing and PNG encoding (median of many runs, one thread).",
      discussion: """
        Build with -c release. The reference scene is Benchmarks/orders, the scene of shared/bench/peers.py. \
        Each phase runs back to back in a loop of its own, as peers.py times its peers; the total is the \
        sum of the layout, raster and encode medians.
        """)

    @OptionGroup var options: SharedOptions

    @Option(name: .long, help: "Timed runs per snapshot (after 3 untimed ones).")
    var iterations = 30

    func validate() throws {
      guard (1...100_000).contains(iterations) else {
        throw ValidationError("--iterations must be between 1 and 100000, found \(iterations)")
      }
    }

    func run() throws {
      let session = try options.session(try options.settings())
      // Glyphs and set labels are kept from run to run, as in a verify run; the
      // coverage of shapes is not, so every run scans what the snapshot does not repeat.
      let context = session.context
      Console.line(
        "snapshot                        layout ms   raster ms   encode ms    total ms     text ms   shapes ms   (median of \(iterations), each phase back to back; text and shapes: each part rastered alone)")
      // The layouts' scenes; the palette sheet is a specimen, not a scene.
      for snapshot in session.snapshots where !PaletteSheet.isSheet(snapshot.layout) {
        // Each phase is timed in a loop of its own, back to back, as peers.py times
        // cairo's drawing and Pillow's encoding: a phase timed between the others
        // starts with its buffer partly pushed out of the caches by them (an encode
        // alone reads 12 MB and writes 9 MB), which no peer's figure pays.
        let list = try session.displayList(of: snapshot)
        let layout = try times { _ = try session.displayList(of: snapshot) }
        let raster = try times { _ = try Renderer.render(list, context: context.forgettingShapes()) }
        let buffer = try Renderer.render(list, context: context.forgettingShapes())
        let encode = try times { _ = try buffer.pngData() }
        let textOnly = list.filtered(text: true), shapesOnly = list.filtered(text: false)
        let text = try times { _ = try Renderer.render(textOnly, context: context.forgettingShapes()) }
        let shapes = try times { _ = try Renderer.render(shapesOnly, context: context.forgettingShapes()) }
        func column(_ value: Double) -> String {
          let text = String(format: "%.2f", value)
          return String(repeating: " ", count: max(0, 12 - text.count)) + text
        }
        let name = snapshot.name.padding(toLength: 28, withPad: " ", startingAt: 0)
        let total = layout + raster + encode
        Console.line("\(name)\(column(layout))\(column(raster))\(column(encode))\(column(total))\(column(text))\(column(shapes))")
      }
    }

    /// The median time of `body` in milliseconds, over `iterations` runs after three
    /// untimed ones.
    private func times(_ body: () throws -> Void) throws -> Double {
      var values: [Double] = []
      for run in 0..<(iterations + 3) {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        let end = DispatchTime.now().uptimeNanoseconds
        if run >= 3 { values.append(Double(end - start) / 1e6) }
      }
      return median(values)
    }

    private func median(_ values: [Double]) -> Double {
      let sorted = values.sorted()
      let mid = sorted.count / 2
      return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
    }
  }
}
