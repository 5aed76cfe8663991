// DarkroomRaster: pixels, and nothing else.
//
// The map of its folders is docs/architecture.md (a test keeps it true).
//
// Themes, traits and layouts never reach this module: it takes concrete draw calls.
//
// Determinism. Everything that becomes a pixel value is integer arithmetic
// (coverage to 8 bits, divisions by 255 correctly rounded, blur sums, resampling
// weights in 14-bit fixed point), except geometry: path coordinates, flattening and
// the area of each cell are doubles. Those are the same everywhere because Swift
// never fuses a multiply and an add into an FMA on its own (it emits them
// separately and LLVM does not contract without fast-math flags), no code here
// uses the platform's libm for shapes (sine and cosine are Trigonometry's, made of
// + and × only), and loops keep their order of summation whatever the vector width.
// The C shims turn contraction off in their source. The tests render every
// snapshot in debug and release, on 1 and 4 threads, and compare the bytes.
