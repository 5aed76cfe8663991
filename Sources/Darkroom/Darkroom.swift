import DarkroomRaster
// Darkroom: develops themed snapshots — colours and traits, themes, layouts and the
// layout engine, snapshots checked against their baselines, reports.
//
// The map of this module's folders, and of every other target, is
// docs/architecture.md (a test keeps it true).
//
// Pixels are DarkroomRaster's business; this module hands it concrete draw commands.
// Users who need pixels (a `PixelBuffer`, a `Rect`) import DarkroomRaster themselves.
