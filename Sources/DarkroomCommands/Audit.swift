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
        A label needs 4.5:1, or 3:1 when it is large (18 pt, or 14 pt bold). Each \
        failure is printed with its snapshot, text, position and colours; --all prints \
        the passing labels too. Every label whose text did not all show — cut to its \
        lines, too wide or tall for its frame, cut by a clipping container or the \
        snapshot's edge — is printed with its file:line:column, snapshot, whole text \
        and what showed; `truncates: expected` on a label leaves it out. Every key with \
        no text in a locale it is drawn in — shown in the development language, as on \
        the device — is printed as untranslated. Exit status 1 on failures only with \
        --strict.
        """)

    @OptionGroup var options: SharedOptions

    @Flag(name: .long, help: "Exit with status 1 when a label fails contrast, is truncated or is untranslated.")
    var strict = false

    @Flag(name: .long, help: "Print every label, not only the failing ones.")
    var all = false

    func run() throws {
      let session = try options.session(try options.settings())
      var labels = 0, failures = 0, snapshots = 0, truncated = 0, untranslated = 0
      var translationsChecked: Set<String> = []
      // One snapshot at a time: nothing but the current backdrop is held.
      for snapshot in session.snapshots where snapshot.isAudited {
        snapshots += 1
        if translationsChecked.insert(snapshot.layout.name + "\n" + (snapshot.locale?.identifier ?? "")).inserted {
          let theme = session.project.theme
          for text in UntranslatedText.find(in: snapshot.layout, locale: snapshot.locale, theme: theme) {
            untranslated += 1
            Console.line(text.line(layout: snapshot.layout.name))
          }
        }
        let list = try session.displayList(of: snapshot)
        for check in try ContrastAudit.check(list, snapshot: snapshot.name, context: session.context) {
          labels += 1
          if !check.passes { failures += 1 }
          if all || !check.passes { Console.line(check.description) }
        }
        for truncation in list.truncations {
          truncated += 1
          Console.line(truncation.line(snapshot: snapshot.name))
        }
      }
      Console.line(
        "audit: \(labels) labels in \(snapshots) snapshots, \(failures) below the WCAG AA threshold, \(truncated) truncated or cut, \(untranslated) untranslated")
      if strict && (failures > 0 || truncated > 0 || untranslated > 0) { throw ExitCode(1) }
    }
  }
}
