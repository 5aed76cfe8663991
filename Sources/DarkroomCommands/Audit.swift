import ArgumentParser
import Darkroom

extension DarkroomCommand {
  /// `darkroom audit`: the contrast of every label in every snapshot.
  struct Audit: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: """
        Check every label in every mode and locale: WCAG contrast against the pixels behind it, text truncated \
        or cut, and text left untranslated.
        """,
      discussion: """
        A label needs 4.5:1, or 3:1 when it is large (18 pt, or 14 pt bold); it is judged where it shows — not \
        where a bar, the home indicator or anything drawn over it covers it, nor outside the snapshot. Failures \
        are grouped by colour pair, named as the layout and theme name them (UIKit's own colours as UIKit's): \
        one line a pair, with the first label's file:line:column, the ratios, how many labels in how many \
        snapshots. Every label whose text did not all show — cut to its lines, too wide or tall for its frame, \
        cut by a clipping container or the snapshot's edge, hidden under a bar, the home indicator or the \
        status bar — is one line per label and cause, with its file:line:column, the first snapshot, whole \
        text and what showed, and the other snapshots; what lies past the visible end of a scrolling container \
        (a list, a stack with `scrolls: true`) is not cut, and `truncates: expected` on a label leaves it out. \
        Every key with no text in a locale it is drawn in — shown in the development language, as on the \
        device — is printed as untranslated. --all prints every label and every cut label of every snapshot, \
        one line each, instead of the groups. Exit status 1 on failures only with --strict.
        """)

    @OptionGroup var options: SharedOptions

    @Flag(name: .long, help: "Exit with status 1 when a label fails contrast, is truncated or is untranslated.")
    var strict = false

    @Flag(name: .long, help: "Print every label and every occurrence, one line each, instead of the groups.")
    var all = false

    func run() throws {
      let session = try options.session(try options.settings())
      var labels = 0, failures = 0, snapshots = 0, truncated = 0, untranslated: [String] = []
      var groups = AuditLines()
      var translationsChecked: Set<String> = []
      // One snapshot at a time: nothing but the current backdrop and the findings
      // are held.
      for snapshot in session.snapshots where snapshot.isAudited {
        snapshots += 1
        if translationsChecked.insert(snapshot.layout.name + "\n" + (snapshot.locale?.identifier ?? "")).inserted {
          let theme = session.project.theme
          for text in UntranslatedText.find(in: snapshot.layout, locale: snapshot.locale, theme: theme) {
            untranslated.append(text.line(layout: snapshot.layout.name))
            if all { Console.line(text.line(layout: snapshot.layout.name)) }
          }
        }
        let list = try session.displayList(of: snapshot)
        for check in try ContrastAudit.check(list, snapshot: snapshot.name, context: session.context) {
          labels += 1
          if !check.passes {
            failures += 1
            groups.add(check)
          }
          if all { Console.line(check.description) }
        }
        for truncation in list.truncations {
          truncated += 1
          groups.add(truncation, snapshot: snapshot.name)
          if all { Console.line(truncation.line(snapshot: snapshot.name)) }
        }
      }
      if !all {
        for line in groups.lines + untranslated { Console.line(line) }
      }
      Console.line(
        "audit: \(labels) labels in \(snapshots) snapshots, \(failures) below the WCAG AA threshold, \(truncated) truncated or cut, \(untranslated.count) untranslated")
      if strict && (failures > 0 || truncated > 0 || !untranslated.isEmpty) { throw ExitCode(1) }
    }
  }
}
