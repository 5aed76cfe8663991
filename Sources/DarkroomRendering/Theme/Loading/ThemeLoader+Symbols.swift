import DarkroomFoundation
import Foundation

extension Theme {
  /// The theme's `symbols:` — symbol templates exported from the SF Symbols app:
  /// each entry an `.svg` file, or a folder whose `.svg` files (to any depth) are
  /// all read, each symbol named by its file's name (`rocket.fill.svg` is
  /// `rocket.fill`).
  ///
  /// ```yaml
  /// symbols: [symbols, ../Design/star.circle.svg]
  /// ```
  static func parseSymbols(_ node: YAMLNode, folder: String, reader: InputReader) throws(DarkroomError) -> [String: SymbolTemplate] {
    var symbols: [String: SymbolTemplate] = [:]
    for item in try node.sequence("symbols") {
      let files = try listedFiles(item, folder: folder, extensions: ["svg"], kind: "symbol file", reader: reader)
      for file in files {
        let symbol = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
        guard symbols[symbol] == nil else {
          throw DarkroomError("symbol '\(Quoted.text(symbol))' is defined twice: \(Excerpt.quoted(file)) repeats it", at: item.textLocation)
        }
        symbols[symbol] = try SymbolTemplate(name: symbol, file: file, bytes: try reader.read(file, what: "a symbol"))
      }
    }
    return symbols
  }
}
