// Darkroom: develops themed snapshots — projects, goldens, runs, caches, reviews,
// audits, reports and store screenshots, over the two layers below it:
// DarkroomRendering (themes, layouts, the layout engine, the renderer) and
// DarkroomFoundation (diagnostics, files, YAML and XML, colours, strings).
//
// Both are re-exported, so `import Darkroom` is the whole library, as it was before
// the layers were targets. The map of every target and folder is
// docs/architecture.md (a test keeps it true).
//
// Pixels are DarkroomRaster's business; these modules hand it concrete draw commands.
// Users who need pixels (a `PixelBuffer`, a `Rect`) import DarkroomRaster themselves.
@_exported import DarkroomFoundation
@_exported import DarkroomRendering
