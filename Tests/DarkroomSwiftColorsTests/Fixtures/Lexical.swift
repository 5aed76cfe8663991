import SwiftUI

/* A block comment /* with a nested one */ and "a quote" that is not a string */
// A line comment with a "quote" and a /* that opens nothing

let raw = #"A raw "string" with \(no) interpolation"#
let rawer = ##"Two hashes: "# is not the end"##
let interpolated = "Sum: \(1 + 2), nested: \("inner \("deeper") \(")")")"
let multiline = """
  A multi-line string with "quotes", \""" escaped triple quotes,
  an interpolation \(["a", "b"].joined(separator: ")")) and a line \
  continuation.
  """
let rawMultiline = #"""
  Raw: \(not interpolated) "quotes" """ inside
  """#
let regex = /[a-z]+\/[0-9]*/
let extendedRegex = #/
  (?<year>\d{4}) - (?<month>\d{2})
  /#
let numbers = [1_000, 0xFF_FF, 0o17, 0b1010, 1.5e-3, 0x1p-2, 2_0.5_0]
let `default` = 1
let café = "a Unicode identifier"
let 🎨 = "an emoji identifier"
let range = 0.5...1.5
let tuple = (1, (2, 3)).1.0
let division = 10 / 2 / 5

enum Lexical {
  static let `class` = Color(red: 0x33 / 255, green: 0b1 / 1, blue: 1_0 / 1_0)
  static let afterComment /* inline */ = Color(/* red */ red: 0.5, green: 0.25 /* green */, blue: 0)
  static let spread = Color(
    red: 0.1,
    green: 0.2,  // a trailing comment
    blue: (0.1 + 0.2) * 1
  )
  static let named = Color("Name with \"quotes\" and \u{1F3A8}")
  static let hexFloat = Color(white: 0x1p-1)
  static let chained = Color.black
    .opacity(0.5)
  static let afterString = "}{)(" ; static let sameLine = Color.white
}
