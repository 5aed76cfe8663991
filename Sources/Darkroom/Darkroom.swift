// Darkroom: develops themed snapshots.
//
// Diagnostics/  errors as data (file, line, column, suggestion), rendered once.
// Color/        traits, dynamic colours and the expressions derived colours are made of.
// Theme/        palette + semantic colours + modes, loaded from theme.yml.
// Layout/       the node model, its YAML parser, the layout engine and display lists.
// Snapshot/     layouts × modes: render, record, verify, diff, report.
//
// Pixels are DarkroomRaster's business; this module hands it concrete draw commands.
@_exported import DarkroomRaster
