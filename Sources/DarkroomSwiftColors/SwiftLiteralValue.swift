extension SwiftFile {
  /// The value of an integer literal token; nil when it does not fit 64 bits.
  func integerValue(_ token: SwiftToken) -> UInt64? {
    var text = Substring(text(token).filter { $0 != "_" })
    var radix = 10
    if text.hasPrefix("0x") {
      radix = 16
    } else if text.hasPrefix("0o") {
      radix = 8
    } else if text.hasPrefix("0b") {
      radix = 2
    }
    if radix != 10 { text = text.dropFirst(2) }
    return UInt64(text, radix: radix)
  }

  /// The value of a number literal token, as Swift makes a `Double` of it; it may
  /// be infinite (`1e309`), which the reader of a colour refuses.
  func doubleValue(_ token: SwiftToken) -> Double? {
    if token.kind == .integer {
      guard let value = integerValue(token) else { return Double(text(token).filter { $0 != "_" }) }
      return Double(value)
    }
    return Double(text(token).filter { $0 != "_" })
  }

  /// The text a string literal token stands for; nil when it interpolates (its
  /// value is made at run time).
  func stringValue(_ token: SwiftToken) -> String? {
    let scalars = Array(text(token).unicodeScalars)
    var hashes = 0
    while hashes < scalars.count, scalars[hashes] == "#" { hashes += 1 }
    let multiline = scalars.count >= hashes * 2 + 6 && scalars[hashes..<(hashes + 3)].allSatisfy { $0 == "\"" }
    let quotes = multiline ? 3 : 1
    guard scalars.count >= 2 * (hashes + quotes) else { return nil }
    let body = Array(scalars[(hashes + quotes)..<(scalars.count - hashes - quotes)])
    let lines = multiline ? Self.multilineContent(body) : [body]
    guard let lines else { return nil }
    var result = String.UnicodeScalarView()
    for (number, line) in lines.enumerated() {
      if number > 0 { result.append("\n") }
      var index = 0
      while index < line.count {
        let scalar = line[index]
        let escaped = scalar == "\\" && (0..<hashes).allSatisfy { index + 1 + $0 < line.count && line[index + 1 + $0] == "#" }
        guard escaped else {
          result.append(scalar)
          index += 1
          continue
        }
        index += 1 + hashes
        guard index < line.count else {
          // `\` at the end of a line: the line continues without its break.
          continue
        }
        switch line[index] {
        case "n": result.append("\n")
        case "t": result.append("\t")
        case "r": result.append("\r")
        case "0": result.append("\0")
        case "\\", "\"", "'": result.append(line[index])
        case "u":
          guard let close = line[index...].firstIndex(of: "}"), index + 2 <= close,
            let value = UInt32(String(String.UnicodeScalarView(line[(index + 2)..<close])), radix: 16),
            let decoded = Unicode.Scalar(value)
          else { return nil }
          result.append(decoded)
          index = close
        case "(": return nil
        default:
          // Spaces before a line continuation's break.
          guard line[index...].allSatisfy({ $0 == " " || $0 == "\t" }) else { return nil }
          index = line.count
          continue
        }
        index += 1
      }
    }
    return String(result)
  }

  /// A multi-line string's lines as Swift reads them: the line breaks after the
  /// opening and before the closing quotes left out, and the closing line's
  /// indentation removed from every line; a line ending in `\` joins the next.
  private static func multilineContent(_ body: [Unicode.Scalar]) -> [[Unicode.Scalar]]? {
    var lines: [[Unicode.Scalar]] = [[]]
    var index = 0
    while index < body.count {
      if body[index] == "\r" && index + 1 < body.count && body[index + 1] == "\n" { index += 1 }
      if body[index] == "\n" || body[index] == "\r" {
        lines.append([])
      } else {
        lines[lines.count - 1].append(body[index])
      }
      index += 1
    }
    // The opening line holds only spaces; the closing line only the indentation.
    guard lines.count >= 2, let indentation = lines.last, indentation.allSatisfy({ $0 == " " || $0 == "\t" }) else {
      return nil
    }
    var content = Array(lines.dropFirst().dropLast())
    for (number, line) in content.enumerated() {
      if line.allSatisfy({ $0 == " " || $0 == "\t" }) {
        content[number] = []
      } else if line.starts(with: indentation) {
        content[number] = Array(line.dropFirst(indentation.count))
      } else {
        return nil
      }
    }
    // A line ending in `\` continues on the next.
    var joined: [[Unicode.Scalar]] = []
    var continues = false
    for line in content {
      let trimmed = Array(line.reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
      let continuation = trimmed.last == "\\" && trimmed.reversed().prefix(while: { $0 == "\\" }).count % 2 == 1
      let kept = continuation ? Array(trimmed.dropLast()) : line
      if continues, !joined.isEmpty { joined[joined.count - 1] += kept } else { joined.append(kept) }
      continues = continuation
    }
    return joined
  }
}
