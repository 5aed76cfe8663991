// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Darkroom",
  products: [
    .library(name: "Darkroom", targets: ["Darkroom"]),
    // Pixels: buffers, geometry, PNG files, for users who work with renders directly.
    .library(name: "DarkroomRaster", targets: ["DarkroomRaster"]),
    .library(name: "DarkroomTesting", targets: ["DarkroomTesting"]),
    .library(name: "DarkroomSnapshotTesting", targets: ["DarkroomSnapshotTesting"]),
    .executable(name: "darkroom", targets: ["DarkroomCLI"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.17.0"),
    // `swift package generate-documentation` (DocC).
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
  ],
  targets: [
    // C boundary: system libraries found through pkg-config, and the shims that
    // make every call into libpng and libdeflate, libjpeg, libwebp, FreeType, HarfBuzz and ICU, and the file
    // system's rename-and-swap. xxHash and libcrypto's HMAC need no shim (no
    // callbacks, no longjmp): one Swift file each calls them through their module
    // maps (DarkroomRaster/Hash/ContentHash.swift, Darkroom/Cache/CacheAuthentication.swift).
    .systemLibrary(
      name: "CLibPNG", pkgConfig: "libpng",
      providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),
    .systemLibrary(
      name: "CFreeType", pkgConfig: "freetype2",
      providers: [.apt(["libfreetype-dev"]), .brew(["freetype"])]),
    .systemLibrary(
      name: "CHarfBuzz", pkgConfig: "harfbuzz",
      providers: [.apt(["libharfbuzz-dev"]), .brew(["harfbuzz"])]),
    .systemLibrary(
      name: "CICU", pkgConfig: "icu-uc",
      providers: [.apt(["libicu-dev"]), .brew(["icu4c"])]),
    .systemLibrary(
      name: "CXXHash", pkgConfig: "libxxhash",
      providers: [.apt(["libxxhash-dev"]), .brew(["xxhash"])]),
    .systemLibrary(
      name: "CCrypto", pkgConfig: "libcrypto",
      providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]),
    .systemLibrary(
      name: "CLibDeflate", pkgConfig: "libdeflate",
      providers: [.apt(["libdeflate-dev"]), .brew(["libdeflate"])]),
    .systemLibrary(
      name: "CWebP", pkgConfig: "libwebp",
      providers: [.apt(["libwebp-dev"]), .brew(["webp"])]),
    .systemLibrary(
      name: "CLibJPEG", pkgConfig: "libjpeg",
      providers: [.apt(["libjpeg62-turbo-dev"]), .brew(["jpeg-turbo"])]),
    // libyaml's event parser: YAML and JSON read one event at a time, counted as they
    // are parsed (DarkroomFoundation/YAML/YAMLEventReader.swift).
    .systemLibrary(
      name: "CLibYAML", pkgConfig: "yaml-0.1",
      providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]),
    .target(name: "CDarkroomPNG", dependencies: ["CLibPNG"], linkerSettings: [.linkedLibrary("z")]),
    // The only code that calls librsvg and poppler (and the cairo surfaces they draw
    // on): a project's symbols and vector image sets parsed, measured and drawn into
    // a buffer. It declares the few functions it calls itself, linked by name:
    // through pkg-config, glib's `-pthread` would be a warning in every build.
    .target(
      name: "CDarkroomVector",
      linkerSettings: [
        .linkedLibrary("rsvg-2"), .linkedLibrary("poppler-glib"), .linkedLibrary("cairo"), .linkedLibrary("gobject-2.0"),
        .linkedLibrary("glib-2.0"),
      ]),
    .target(name: "CDarkroomFreeType", dependencies: ["CFreeType"]),
    // The only code that calls libwebp: the report's thumbnails, with fixed settings.
    .target(name: "CDarkroomWebP", dependencies: ["CWebP"]),
    // ICU's number symbols (unum) live in libicui18n, beside icu-uc's bidi and breaks.
    .target(name: "CDarkroomText", dependencies: ["CHarfBuzz", "CICU"], linkerSettings: [.linkedLibrary("icui18n")]),
    .target(name: "CDarkroomJPEG", dependencies: ["CLibJPEG"]),
    // renameat2(RENAME_EXCHANGE), or renamex_np(RENAME_SWAP) on macOS, which swaps a finished
    // report folder into place.
    .target(name: "CDarkroomFiles"),
    // cmark-gfm (CommonMark with GitHub's extensions): strings' inline Markdown.
    .target(
      name: "CDarkroomMarkdown",
      linkerSettings: [.linkedLibrary("cmark-gfm"), .linkedLibrary("cmark-gfm-extensions")]),

    // Pixels: geometry, coverage, compositing, glyph outlines, PNG and JPEG. Knows
    // nothing of themes or layouts.
    .target(
      name: "DarkroomRaster",
      dependencies: [
        "CDarkroomPNG", "CDarkroomJPEG", "CDarkroomWebP", "CDarkroomVector", "CDarkroomFreeType", "CDarkroomText", "CXXHash",
        "CLibDeflate",
      ]),

    // A reader of the colours Swift files define, by Swift's lexical grammar and the
    // few forms colours are written in: no compiler, no swift-syntax (whose release
    // build takes minutes), no dependency. Its own target, so it moves as it is.
    .target(name: "DarkroomSwiftColors"),

    // Darkroom's library in three layers, each importing only the ones below it
    // (docs/architecture.md; LayerTests checks this list against the map).
    //
    // What every layer stands on: diagnostics, files and the process's limits, YAML
    // and XML, colours and contrast, strings and locales, compare options.
    .target(
      name: "DarkroomFoundation",
      dependencies: ["DarkroomRaster", "CDarkroomFiles", "CDarkroomMarkdown", "CLibYAML"]),
    // A project's theme and layouts, from their specs to pixels: themes and imported
    // colours, layout specs and the DSL, fonts, the layout engine, display lists and
    // the renderer.
    .target(
      name: "DarkroomRendering",
      dependencies: ["DarkroomFoundation", "DarkroomRaster", "DarkroomSwiftColors"]),
    // Snapshots: projects, goldens, runs, caches, explanations, reviews, audits,
    // reports and store screenshots. It re-exports the layers below, so
    // `import Darkroom` is the whole library.
    .target(
      name: "Darkroom",
      dependencies: ["DarkroomRendering", "DarkroomFoundation", "DarkroomRaster", "CCrypto"]),

    // Snapshot assertions for XCTest and Swift Testing.
    .target(name: "DarkroomTesting", dependencies: ["Darkroom"]),
    // An adapter for pointfreeco's swift-snapshot-testing, in its own product so the
    // core library does not depend on it.
    .target(
      name: "DarkroomSnapshotTesting",
      dependencies: ["Darkroom", "DarkroomRaster", .product(name: "SnapshotTesting", package: "swift-snapshot-testing")]),

    // The commands, as types: the executable runs them, and tests call them
    // in-process.
    .target(
      name: "DarkroomCommands",
      dependencies: [
        "Darkroom",
        "DarkroomRaster",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    .executableTarget(name: "DarkroomCLI", dependencies: ["Darkroom", "DarkroomCommands"]),

    .testTarget(
      name: "DarkroomTests",
      dependencies: [
        "Darkroom", "DarkroomRendering", "DarkroomFoundation", "DarkroomRaster", "DarkroomTesting", "DarkroomCommands",
      ],
      exclude: ["Fixtures", "DarkroomTesting/__Snapshots__"]),
    .testTarget(name: "DarkroomRasterTests", dependencies: ["DarkroomRaster", "CXXHash"], exclude: ["Fixtures"]),
    .testTarget(name: "DarkroomSwiftColorsTests", dependencies: ["DarkroomSwiftColors"], exclude: ["Fixtures"]),
    .testTarget(
      name: "DarkroomSnapshotTestingTests",
      dependencies: [
        "Darkroom", "DarkroomRaster", "DarkroomSnapshotTesting",
        .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
      ],
      exclude: ["__Snapshots__"]),
  ],
  swiftLanguageModes: [.v6]
)
