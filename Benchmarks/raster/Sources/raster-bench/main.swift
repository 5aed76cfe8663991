// raster-bench: each phase of a snapshot, timed in-process on one thread.
//
//   swift build -c release --package-path Benchmarks/raster
//   Benchmarks/raster/.build/release/raster-bench [--layouts Benchmarks/orders] [--iterations 50]
//       [--only PHASE] [--modes a,b] [--cold]
//
// Phases: layout (the display list), background (a buffer of the canvas filled),
// render (the whole drawing), shapes and text (each part of the list drawn alone),
// digest (the pixel digest), encode (a golden's PNG, its digest known), decode
// (that PNG back to pixels). `--only render` runs just that phase, for a profiler
// (`perf record -g`, `valgrind --tool=callgrind`). Times are medians in
// milliseconds of the thread's CPU time (`--wall` for elapsed time), which time
// slices lost to other work on a busy machine do not inflate; compare them only
// with others taken in the same run. Drawing shares one RenderContext across runs,
// as a verify run and `darkroom bench` do (and as cairo keeps its glyph cache across
// surfaces), so glyph masks are made once, but not the coverage of shapes: each
// drawing starts with none known (`forgettingShapes()`), so a shape the scene
// repeats is scanned once a drawing, as in a run's first drawing of a layout.
// `--cold` gives every drawing a fresh context, which times making glyphs too.
import Darkroom
import DarkroomRaster
import Dispatch
import Foundation

var layouts = "Benchmarks/orders"
var iterations = 50
var only: String? = nil
var modes: [String]? = nil
var wall = false
var cold = false
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
  switch argument {
  case "--layouts": layouts = arguments.next() ?? layouts
  case "--iterations": iterations = Int(arguments.next() ?? "") ?? iterations
  case "--only": only = arguments.next()
  case "--modes": modes = arguments.next()?.split(separator: ",").map(String.init)
  case "--wall": wall = true
  case "--cold": cold = true
  default:
    print("raster-bench: unknown argument \(argument)")
    exit(2)
  }
}

@MainActor func now() -> Double {
  guard !wall else { return Double(DispatchTime.now().uptimeNanoseconds) / 1e6 }
  var time = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
  return Double(time.tv_sec) * 1e3 + Double(time.tv_nsec) / 1e6
}

@MainActor func milliseconds(_ body: () throws -> Void) rethrows -> Double {
  let start = now()
  try body()
  return now() - start
}

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
}

// As the darkroom command does: large buffers reused, not mapped afresh and zeroed by the kernel.
Platform.reuseLargeAllocations()
let project = try Project.load(layoutsDirectory: layouts)
let snapshots = project.snapshots(modes: try project.modes(named: modes)).filter { !PaletteSheet.isSheet($0.layout) }
let shared = RenderContext()
@MainActor func context() -> RenderContext { cold ? RenderContext() : shared.forgettingShapes() }
let phases = ["layout", "background", "render", "shapes", "text", "digest", "encode", "decode"]
if only == nil {
  print("snapshot".padding(toLength: 28, withPad: " ", startingAt: 0) + phases.map { $0.leftPadded(11) }.joined())
}
for snapshot in snapshots {
  let list = try snapshot.displayList(theme: project.theme)
  let buffer = try Renderer.render(list)
  let digest = PixelDigest(buffer).description
  let png = try buffer.pngData(text: (key: PixelDigest.textKey, value: digest))
  let textOnly = list.filtered(text: true), shapesOnly = list.filtered(text: false)
  var times: [String: [Double]] = [:]
  for run in 0..<(iterations + 3) {
    var measured: [String: Double] = [:]
    func phase(_ name: String, _ body: () throws -> Void) rethrows {
      guard only == nil || only == name else { return }
      measured[name] = try milliseconds(body)
    }
    try phase("layout") { _ = try snapshot.displayList(theme: project.theme, context: context()) }
    try phase("background") {
      _ = try PixelBuffer(width: list.pixelWidth, height: list.pixelHeight, fill: list.background)
    }
    let (c1, c2, c3) = (context(), context(), context())
    try phase("render") { _ = try Renderer.render(list, context: c1) }
    try phase("shapes") { _ = try Renderer.render(shapesOnly, context: c2) }
    try phase("text") { _ = try Renderer.render(textOnly, context: c3) }
    phase("digest") { _ = PixelDigest(buffer) }
    try phase("encode") { _ = try buffer.pngData(text: (key: PixelDigest.textKey, value: digest)) }
    try phase("decode") { _ = try PixelBuffer(pngData: png) }
    guard run >= 3 else { continue }
    for (name, value) in measured { times[name, default: []].append(value) }
  }
  if let only {
    print("\(snapshot.name) \(only) \(String(format: "%.3f", median(times[only] ?? [])))")
  } else {
    print(
      snapshot.name.padding(toLength: 28, withPad: " ", startingAt: 0)
        + phases.map { String(format: "%.3f", median(times[$0] ?? [])).leftPadded(11) }.joined())
  }
}

extension String {
  func leftPadded(_ width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}
