import DarkroomFoundation
import DarkroomRendering

/// Contrast failures that share a colour pair — the same text colour on the same
/// background, by name where the drawing knows it (`secondaryText` on `background`),
/// else by value — across the snapshots of a run: one line of the audit.
///
/// A pair of named colours fails wherever it is drawn, so its labels are one
/// finding, fixed in one place; a colour of UIKit's own is named as such, so a
/// team tells its palette's failures from the platform's.
public struct ContrastGroup: Sendable {
  /// The text colour's name, or its hex value.
  public let foreground: String
  /// The background's name, or its hex value.
  public let background: String
  /// The failing checks, in the order found.
  public private(set) var checks: [ContrastCheck]

  /// A group of one check.
  public init(_ check: ContrastCheck) {
    foreground = check.foregroundLabel
    background = check.backgroundLabel
    checks = [check]
  }

  /// Whether `check` fails with this group's pair.
  public func holds(_ check: ContrastCheck) -> Bool {
    check.foregroundLabel == foreground && check.backgroundLabel == background
  }

  /// Adds a check of this group's pair.
  public mutating func add(_ check: ContrastCheck) { checks.append(check) }

  /// The snapshots the checks are in, in the order found.
  public var snapshots: [String] { AuditLines.unique(checks.map(\.snapshot)) }

  /// One line: where the first label is written, the pair, the ratios against
  /// what they need, how many labels in how many snapshots, the colours' values,
  /// the first label and the other snapshots.
  /// `Layouts/feed.yml:9:11: UIKit's `secondaryLabel` on `background`: 3.439:1 < 4.5:1 in 12 labels of 3 snapshots (#8a8a8e on #ffffff), first "3d" in feed/light; also in feed/light.de, feed/light.ja`
  public var line: String {
    let first = checks[0]
    let ratios = checks.map(\.ratio)
    let low = ratios.min() ?? first.ratio, high = ratios.max() ?? first.ratio
    let measured = format3(low) == format3(high) ? format3(low) : format3(low) + "–" + format3(high)
    let needs = Set(checks.map(\.required)).sorted(by: >)
    var required = "< " + DisplayList.number(needs.first ?? first.required) + ":1"
    if needs.count > 1 { required += " (" + DisplayList.number(needs.last ?? 3) + ":1 for large text)" }
    let values = AuditLines.unique(checks.map { $0.foreground.hex + " on " + $0.background.hex })
    let shownValues = values.prefix(3).joined(separator: ", ") + (values.count > 3 ? ", …" : "")
    let others = snapshots.filter { $0 != first.snapshot }
    let text = "\"" + Quoted.text(first.text, limit: nil) + "\" in " + first.snapshot
    return (first.location.map { "\($0): " } ?? "") + foreground + " on " + background + ": " + measured + ":1 "
      + required + " in " + AuditLines.count(checks.count, "label") + " of "
      + AuditLines.count(snapshots.count, "snapshot") + " (" + shownValues + ")"
      + (checks.count > 1 ? ", first " : ": ") + text
      + (others.isEmpty ? "" : "; also in " + AuditLines.names(others))
  }
}
