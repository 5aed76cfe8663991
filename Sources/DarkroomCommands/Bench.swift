import ArgumentParser
import Darkroom
import Dispatch

extension DarkroomCommand {
  /// `darkroom bench`: times layout, rasterizing and encoding, one snapshot at a time.
  struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Time each snapshot's layout, rasterizing and PNG encoding (median of many runs, one thread).",
      discussion: "Build with -c release. The reference scene is Benchmarks/orders, the scene of shared/bench/peers.py.")

    @OptionGroup var options: SharedOptions

    @Option(name: .long, help: "Timed runs per snapshot (after 3 untimed ones).")
    var iterations = 30

    func validate() throws {
      if iterations < 1 { throw ValidationError("--iterations must be at least 1, found \(iterations)") }
    }

    func run() throws {
      let session = try options.session(try options.settings())
      // Glyphs and set labels are kept from run to run, as in a verify run; the
      // coverage of shapes is not, so every run scans what the snapshot does not repeat.
      let context = session.context
      Console.line(
        "snapshot                        layout ms   raster ms   encode ms    total ms     text ms   shapes ms   (median of \(iterations); text and shapes: each part rastered alone)")
      // The layouts' scenes; the palette sheet is a specimen, not a scene.
      for snapshot in session.snapshots where !PaletteSheet.isSheet(snapshot.layout) {
        var layout: [Double] = [], raster: [Double] = [], encode: [Double] = [], text: [Double] = [], shapes: [Double] = []
        for run in 0..<(iterations + 3) {
          let t0 = DispatchTime.now().uptimeNanoseconds
          let list = try session.displayList(of: snapshot)
          let t1 = DispatchTime.now().uptimeNanoseconds
          let buffer = try Renderer.render(list, context: context.forgettingShapes())
          let t2 = DispatchTime.now().uptimeNanoseconds
          _ = try buffer.pngData()
          let t3 = DispatchTime.now().uptimeNanoseconds
          _ = try Renderer.render(list.filtered(text: true), context: context.forgettingShapes())
          let t4 = DispatchTime.now().uptimeNanoseconds
          _ = try Renderer.render(list.filtered(text: false), context: context.forgettingShapes())
          let t5 = DispatchTime.now().uptimeNanoseconds
          guard run >= 3 else { continue }
          text.append(Double(t4 - t3) / 1e6)
          shapes.append(Double(t5 - t4) / 1e6)
          layout.append(Double(t1 - t0) / 1e6)
          raster.append(Double(t2 - t1) / 1e6)
          encode.append(Double(t3 - t2) / 1e6)
        }
        let totals = zip(zip(layout, raster), encode).map { $0.0 + $0.1 + $1 }
        func column(_ values: [Double]) -> String {
          let text = String(format: "%.2f", median(values))
          return String(repeating: " ", count: max(0, 12 - text.count)) + text
        }
        let name = snapshot.name.padding(toLength: 28, withPad: " ", startingAt: 0)
        Console.line("\(name)\(column(layout))\(column(raster))\(column(encode))\(column(totals))\(column(text))\(column(shapes))")
      }
    }

    private func median(_ values: [Double]) -> Double {
      let sorted = values.sorted()
      let mid = sorted.count / 2
      return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
    }
  }
}
