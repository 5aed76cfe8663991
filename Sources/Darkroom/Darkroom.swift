import DarkroomRaster
// Darkroom: develops themed snapshots.
//
// Diagnostics/  errors as data (file, line, column, suggestion), rendered once.
// Color/        traits, dynamic colours and the expressions derived colours are made of.
// Theme/        palette + semantic colours + modes, loaded from theme.yml.
// Layout/       the node model (Model/: a spec per node kind), its YAML reader
//               (Parsing/), the one check of names and values (Checking/), the layout
//               engine and display lists (Engine/).
// DSL/          the same nodes built in Swift.
// Snapshot/     layouts × modes: render, record, verify, diff, report.
//
// Pixels are DarkroomRaster's business; this module hands it concrete draw commands.
// Users who need pixels (a `PixelBuffer`, a `Rect`) import DarkroomRaster themselves.
