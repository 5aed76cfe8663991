// swift-tools-version: 6.0
import PackageDescription

// The oracle of Darkroom's Swift colour reader: swift-syntax's parse of the same
// files, compared token by token and property by property with the reader's. A
// package of its own, built only by `.ci/run`: swift-syntax's build takes minutes
// on two cores and must stay out of the README's two commands. The reader's
// sources are the package's own (`Sources/DarkroomSwiftColors` is a link to them).
let package = Package(
  name: "swift-colors-oracle",
  dependencies: [
    .package(url: "https://github.com/swiftlang/swift-syntax", exact: "603.0.1")
  ],
  targets: [
    .target(name: "DarkroomSwiftColors"),
    .executableTarget(
      name: "swift-colors-oracle",
      dependencies: [
        "DarkroomSwiftColors",
        .product(name: "SwiftParser", package: "swift-syntax"),
        .product(name: "SwiftSyntax", package: "swift-syntax"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
