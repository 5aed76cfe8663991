// swift-tools-version: 6.0
// The raster's own benchmark, a package of its own so the library stays free of it:
// times each phase of drawing a snapshot (and of encoding, decoding and digesting
// it) in-process, one thread, medians of many runs. See main.swift.
import PackageDescription

let package = Package(
  name: "raster-bench",
  dependencies: [.package(name: "Darkroom", path: "../..")],
  targets: [
    .executableTarget(
      name: "raster-bench",
      dependencies: [.product(name: "Darkroom", package: "Darkroom"), .product(name: "DarkroomRaster", package: "Darkroom")])
  ],
  swiftLanguageModes: [.v6]
)
