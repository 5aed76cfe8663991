/// A paragraph's UTF-16 units with the run each belongs to: what wrapping,
/// trimming and truncation cut, so that every piece of text keeps its style.
struct StyledUnits {
  /// The text.
  var units: [UInt16]
  /// The index of the run (in the paragraph's runs) of each unit.
  var runs: [Int]

  init(units: [UInt16] = [], runs: [Int] = []) {
    self.units = units
    self.runs = runs
  }

  /// The runs' texts one after another.
  init(_ runs: [TextRun]) {
    self.init()
    for (index, run) in runs.enumerated() {
      let units = Array(run.text.utf16)
      self.units += units
      self.runs += Array(repeating: index, count: units.count)
    }
  }

  var count: Int { units.count }
  var isEmpty: Bool { units.isEmpty }

  subscript(range: Range<Int>) -> StyledUnits {
    StyledUnits(units: Array(units[range]), runs: Array(runs[range]))
  }

  static func + (a: StyledUnits, b: StyledUnits) -> StyledUnits {
    StyledUnits(units: a.units + b.units, runs: a.runs + b.runs)
  }

  /// Adds one unit in run `run`.
  mutating func append(_ unit: UInt16, run: Int) {
    units.append(unit)
    runs.append(run)
  }

  /// `text` in the run of the unit at `offset` (the first run when there is none).
  func inserting(_ text: [UInt16], styledAs offset: Int) -> StyledUnits {
    let run = runs.indices.contains(offset) ? runs[offset] : (runs.first ?? 0)
    return StyledUnits(units: text, runs: Array(repeating: run, count: text.count))
  }

  /// Without the units at the start for which `drop` is true.
  func dropping(while drop: (UInt16) -> Bool) -> StyledUnits {
    var start = 0
    while start < units.count && drop(units[start]) { start += 1 }
    return self[start..<units.count]
  }

  /// Each unit replaced by `transform`'s, in the same run.
  func mapping(_ transform: (UInt16) -> UInt16) -> StyledUnits {
    StyledUnits(units: units.map(transform), runs: runs)
  }
}
