// DarkroomRaster: pixels, and nothing else.
//
// Geometry/   points, rectangles and paths; never sees a pixel.
// Scan/       turns a path into per-pixel coverage (exact-area accumulation).
// Composite/  colours in premultiplied form, the pixel buffer, source-over.
// Text/       glyph outlines from font files, laid out on one line.
// Codec/      PNG encode and decode, through the CDarkroomPNG shim.
//
// Themes, traits and layouts never reach this module: it takes concrete draw calls.
