// swift-colors-oracle FILE_OR_FOLDER…
//
// Checks Darkroom's Swift colour reader (DarkroomSwiftColors) against swift-syntax's
// parse of the same files:
//
// - tokens: every token's kind (word, integer, float, string, regex, directive,
//   symbol), start and end, line and column in Unicode scalars. A string or regex
//   literal is one token (swift-syntax's pieces of it, interpolations included, are
//   joined), and adjacent operator and punctuation tokens are joined on both sides,
//   so `x!.y` or `>>` compares however either side cuts it;
// - properties: every `let` and `var` at the top of a file or in a type's body
//   (under any `#if`): its Swift path, where its name is, its type annotation (spaces
//   aside), where its initial value begins and ends, and whether it has accessors;
// - a file swift-syntax parses without errors must be read by the reader without
//   an error, and a file the reader refuses must be one swift-syntax finds errors in.
//
// Prints each difference and a summary; exits 1 when there is any.

import DarkroomSwiftColors
import Foundation
import SwiftParser
import SwiftSyntax

/// A token as both sides are compared.
struct Unit: Equatable, CustomStringConvertible {
  var kind: String
  var start: Int
  var end: Int
  var line: Int
  var column: Int
  var description: String { "\(kind) \(line):\(column) [\(start)..<\(end)]" }
}

/// Lines and scalar columns of UTF-8 offsets.
struct Lines {
  let bytes: [UInt8]
  private var starts: [Int] = [0]

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      if byte == 0x0A || (byte == 0x0D && (index >= bytes.count || bytes[index] != 0x0A)) { starts.append(index) }
    }
  }

  func position(_ offset: Int) -> (line: Int, column: Int) {
    var low = 0, high = starts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if starts[middle] <= offset { low = middle } else { high = middle - 1 }
    }
    var column = 1
    var index = starts[low]
    while index < offset {
      if bytes[index] & 0xC0 != 0x80 { column += 1 }
      index += 1
    }
    return (low + 1, column)
  }
}

/// Joins adjacent symbols into one.
func joinSymbols(_ units: [Unit]) -> [Unit] {
  var result: [Unit] = []
  for unit in units {
    if unit.kind == "symbol", let last = result.last, last.kind == "symbol", last.end == unit.start {
      result[result.count - 1].end = unit.end
    } else {
      result.append(unit)
    }
  }
  return result
}

func theirUnits(_ tree: SourceFileSyntax, _ lines: Lines) -> [Unit] {
  var units: [Unit] = []
  var lastLiteral: SyntaxIdentifier? = nil
  for token in tree.tokens(viewMode: .sourceAccurate) where token.presence == .present {
    // The outermost string or regex literal holding the token.
    var literal: Syntax? = nil
    var node = token.parent
    while let current = node {
      if current.is(StringLiteralExprSyntax.self) || current.is(RegexLiteralExprSyntax.self)
        || current.is(SimpleStringLiteralExprSyntax.self)
      {
        literal = current
      }
      node = current.parent
    }
    if let literal {
      if literal.id == lastLiteral { continue }
      lastLiteral = literal.id
      let start = literal.positionAfterSkippingLeadingTrivia.utf8Offset
      let (line, column) = lines.position(start)
      let kind = literal.is(RegexLiteralExprSyntax.self) ? "regex" : "string"
      units.append(Unit(kind: kind, start: start, end: literal.endPositionBeforeTrailingTrivia.utf8Offset, line: line, column: column))
      continue
    }
    let kind: String
    switch token.tokenKind {
    case .endOfFile, .shebang: continue
    case .identifier, .keyword, .dollarIdentifier, .wildcard: kind = "word"
    case .integerLiteral: kind = "integer"
    case .floatLiteral: kind = "float"
    case .poundIf, .poundElse, .poundElseif, .poundEndif, .poundSourceLocation, .poundAvailable, .poundUnavailable:
      kind = "directive"
    case .stringQuote, .multilineStringQuote, .stringSegment, .rawStringPoundDelimiter, .singleQuote: kind = "string"
    case .regexSlash, .regexLiteralPattern, .regexPoundDelimiter: kind = "regex"
    default: kind = "symbol"
    }
    let start = token.positionAfterSkippingLeadingTrivia.utf8Offset
    let (line, column) = lines.position(start)
    units.append(Unit(kind: kind, start: start, end: token.endPositionBeforeTrailingTrivia.utf8Offset, line: line, column: column))
  }
  return joinSymbols(units)
}

/// The ranges of version tuples (`iOS 26.0.1` in `#available`, `@available`), which
/// swift-syntax cuts into integers and periods where Swift's lexer makes a float.
func versionRanges(_ tree: SourceFileSyntax) -> [Range<Int>] {
  final class Finder: SyntaxVisitor {
    var ranges: [Range<Int>] = []
    override func visit(_ node: VersionTupleSyntax) -> SyntaxVisitorContinueKind {
      ranges.append(node.positionAfterSkippingLeadingTrivia.utf8Offset..<node.endPositionBeforeTrailingTrivia.utf8Offset)
      return .skipChildren
    }
  }
  let finder = Finder(viewMode: .sourceAccurate)
  finder.walk(tree)
  return finder.ranges
}

/// Each version tuple as one unit, on either side.
func joinVersions(_ units: [Unit], _ ranges: [Range<Int>]) -> [Unit] {
  var result: [Unit] = []
  for unit in units {
    if let range = ranges.first(where: { $0.contains(unit.start) && unit.end <= $0.upperBound }) {
      if let last = result.last, last.kind == "version", last.start == range.lowerBound { continue }
      result.append(Unit(kind: "version", start: range.lowerBound, end: range.upperBound, line: unit.line, column: unit.column))
    } else {
      result.append(unit)
    }
  }
  return result
}

func myUnits(_ file: SwiftFile) -> [Unit] {
  joinSymbols(
    file.tokens.map { token in
      let kind: String
      switch token.kind {
      case .identifier: kind = "word"
      case .integer: kind = "integer"
      case .float: kind = "float"
      case .string: kind = "string"
      case .regex: kind = "regex"
      case .directive: kind = "directive"
      case .operator, .punctuation: kind = "symbol"
      }
      return Unit(kind: kind, start: Int(token.start), end: Int(token.end), line: Int(token.line), column: Int(token.column))
    })
}

/// The outline of properties as swift-syntax sees them, in the reader's words.
final class OutlineVisitor: SyntaxVisitor {
  let lines: Lines
  let path: String
  var properties: [String] = []

  init(lines: Lines, path: String) {
    self.lines = lines
    self.path = path
    super.init(viewMode: .sourceAccurate)
  }

  func at(_ position: AbsolutePosition) -> String {
    let (line, column) = lines.position(position.utf8Offset)
    return "\(line):\(column)"
  }

  /// The enclosing types' path, or nil when the declaration is inside a body of code.
  func scope(of node: Syntax) -> [String]? {
    var names: [String] = []
    var current = node.parent
    while let parent = current {
      if parent.is(CodeBlockSyntax.self) || parent.is(ClosureExprSyntax.self) || parent.is(AccessorBlockSyntax.self)
        || parent.is(SwitchCaseSyntax.self)
      {
        return nil
      }
      if let decl = parent.as(StructDeclSyntax.self) {
        names.insert(decl.name.text.trimmingCharacters(in: ["`"]), at: 0)
      } else if let decl = parent.as(ClassDeclSyntax.self) {
        names.insert(decl.name.text.trimmingCharacters(in: ["`"]), at: 0)
      } else if let decl = parent.as(EnumDeclSyntax.self) {
        names.insert(decl.name.text.trimmingCharacters(in: ["`"]), at: 0)
      } else if let decl = parent.as(ActorDeclSyntax.self) {
        names.insert(decl.name.text.trimmingCharacters(in: ["`"]), at: 0)
      } else if let decl = parent.as(ProtocolDeclSyntax.self) {
        names.insert(decl.name.text.trimmingCharacters(in: ["`"]), at: 0)
      } else if let decl = parent.as(ExtensionDeclSyntax.self) {
        var type = decl.extendedType.trimmedDescription
        if let generic = type.firstIndex(of: "<") { type = String(type[..<generic]) }
        var parts = type.split(separator: ".").map { String($0).trimmingCharacters(in: ["`", " "]) }
        let modules: Set<String> = ["SwiftUI", "UIKit", "AppKit", "Foundation", "CoreGraphics", "Swift"]
        if parts.count > 1, modules.contains(parts[0]) { parts.removeFirst() }
        // `extension ShapeStyle where Self == Color`: the reader names its members `Color`'s.
        for requirement in decl.genericWhereClause?.requirements ?? [] {
          if case .sameTypeRequirement(let same) = requirement.requirement, same.leftType.trimmedDescription == "Self" {
            parts = [String(same.rightType.trimmedDescription.split(separator: ".").last ?? "")]
          }
        }
        // An extension is at the top of a file: its path is the extended type's.
        return parts + names
      }
      current = parent.parent
    }
    return names
  }

  override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
    guard let scope = scope(of: Syntax(node)) else { return .skipChildren }
    for binding in node.bindings {
      guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
      let name = pattern.identifier.text.trimmingCharacters(in: ["`"])
      var line = (scope + [name]).joined(separator: ".") + " @" + at(pattern.identifier.positionAfterSkippingLeadingTrivia)
      if let type = binding.typeAnnotation?.type {
        line += " : " + type.trimmedDescription.filter { !$0.isWhitespace }
      }
      if let value = binding.initializer?.value {
        line += " = " + at(value.positionAfterSkippingLeadingTrivia) + ".." + at(value.endPositionBeforeTrailingTrivia)
      }
      if binding.accessorBlock != nil { line += " { }" }
      properties.append(line)
    }
    return .skipChildren
  }
}

func myOutline(_ file: SwiftFile) throws -> [String] {
  try SwiftOutline.properties(of: file).map { property in
    var line = "\(property.name) @\(property.location.line):\(property.location.column)"
    if let type = property.type { line += " : " + type.filter { !$0.isWhitespace } }
    if let start = property.initializerStart {
      let end = property.initializerEnd.map { "\($0.line):\($0.column)" } ?? "?"
      line += " = \(start.line):\(start.column)..\(end)"
    }
    if property.hasBody { line += " { }" }
    return line
  }
}

// MARK: Main

/// Compares every `.swift` file under the arguments; returns the exit status.
func run(_ arguments: [String]) -> Int32 {
  var paths: [String] = []
  for argument in arguments {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder) else {
      print("no such file or folder: \(argument)")
      return 2
    }
    if isFolder.boolValue {
      let walker = FileManager.default.enumerator(atPath: argument)
      while let relative = walker?.nextObject() as? String {
        if relative.hasSuffix(".swift") { paths.append((argument as NSString).appendingPathComponent(relative)) }
      }
    } else {
      paths.append(argument)
    }
  }
  paths.sort()

  var differences = 0, files = 0, tokens = 0, properties = 0, refusedByBoth = 0, withErrors: [String] = []
  func report(_ path: String, _ message: String) {
    differences += 1
    print("\(path): \(message)")
  }

  for path in paths {
    guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
      continue
    }
    files += 1
    let tree = Parser.parse(source: text)
    let lines = Lines(Array(text.utf8))
    let theirsFail = tree.hasError
    if theirsFail { withErrors.append(path) }
    let file: SwiftFile
    do {
      file = try SwiftFile(path: path, text: text)
    } catch {
      if theirsFail {
        refusedByBoth += 1
      } else {
        report(path, "the reader refuses a file swift-syntax parses: \(error)")
      }
      continue
    }
    let versions = versionRanges(tree)
    let mine = joinVersions(myUnits(file), versions), theirs = joinVersions(theirUnits(tree, lines), versions)
    tokens += theirs.count
    if mine != theirs {
      let index = zip(mine, theirs).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(mine.count, theirs.count)
      let ours = index < mine.count ? "\(mine[index])" : "nothing"
      let other = index < theirs.count ? "\(theirs[index])" : "nothing"
      report(path, "token \(index): reader \(ours), swift-syntax \(other)")
      continue
    }
    let myProperties: [String]
    do {
      myProperties = try myOutline(file)
    } catch {
      if theirsFail {
        refusedByBoth += 1
      } else {
        report(path, "the reader refuses a file swift-syntax parses: \(error)")
      }
      continue
    }
    let visitor = OutlineVisitor(lines: lines, path: path)
    visitor.walk(tree)
    properties += visitor.properties.count
    let ours = Set(myProperties), others = Set(visitor.properties)
    for line in myProperties where !others.contains(line) { report(path, "reader only: \(line)") }
    for line in visitor.properties where !ours.contains(line) { report(path, "swift-syntax only: \(line)") }
  }
  // Files swift-syntax finds errors in are compared all the same; they are named,
  // as a fixture meant to be valid Swift must not be one of them.
  for path in withErrors { print("\(path): swift-syntax finds errors in it") }
  print(
    "swift-colors-oracle: \(files) files, \(tokens) tokens and \(properties) properties compared, \(withErrors.count) with syntax errors (\(refusedByBoth) refused by both), \(differences) differences"
  )
  return differences == 0 ? 0 : 1
}

exit(run(Array(CommandLine.arguments.dropFirst())))
