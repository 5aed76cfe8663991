import DarkroomFoundation
import DarkroomRaster

/// Localising and mirroring: the texts a locale shows, a node that changes the
/// traits or the direction it is laid out in, frames mirrored right to left, and
/// the fonts a locale's characters need.
extension LayoutEngine {
  /// Whether a node's subtree is laid out by an engine of its own (``entering(_:)``):
  /// it overrides traits, or stops mirroring. Most nodes do not, and are laid out
  /// by this engine itself: a copy retains every reference the engine holds, which
  /// was a sixth of a layout pass.
  func changesEngine(_ node: Element) -> Bool {
    node.traits != nil || (rightToLeft && !node.mirrors)
  }

  /// The engine for a node's subtree: its trait override applied, and mirroring
  /// turned off under `mirror: false`.
  func entering(_ node: Element) -> LayoutEngine {
    var engine = self
    if let override = node.traits { engine.traits = override.applied(to: traits) }
    if !node.mirrors { engine.rightToLeft = false }
    return engine
  }

  /// `child`, laid out left to right in `parent`, as the mirrored layout places it:
  /// the same distance from the right edge as it had from the left.
  func mirrored(_ child: Rect, in parent: Rect) -> Rect {
    guard rightToLeft else { return child }
    var result = child
    result.x = parent.x + (parent.maxX - child.maxX)
    return result
  }

  /// A label's text in this mode: its runs' texts one after another, Markdown's
  /// marks left out.
  func text(of label: LabelSpec) -> String {
    switch label.value {
    case nil:
      guard label.runs == nil, label.text.key == nil else { return runs(of: label).map(\.text).joined() }
      let text = shown(label.text)
      guard label.uppercased else { return text }
      return (localization.locale ?? LocaleID("en")).uppercased(text)
    case .hex(let expression):
      let c = colour(expression)
      return c.a == 255 ? c.hex : c.hex + " (alpha " + String(Int((Double(c.a) / 255 * 100).rounded())) + "%)"
    case .variant(let name):
      colours.note(.named(name), theme: theme, traits: traits)
      guard let color = theme.colors[name], let chosen = color.candidates(for: traits).first else { return "" }
      if color.variants.count == 1 { return chosen.value.description }
      return chosen.key.description + ": " + chosen.value.description
    case .titled(let title):
      return theme.brandName.map { title + " · " + $0 } ?? title
    case .contrast(let foreground, let background):
      let back = Contrast.composite(colour(background), over: RGBA8(r: 255, g: 255, b: 255))
      let ratio = Contrast.ratio(Contrast.composite(colour(foreground), over: back), back)
      let marks = ratio >= 7 ? "AA AAA" : ratio >= 4.5 ? "AA" : ratio >= 3 ? "AA large" : "fails AA"
      return format3(ratio) + ":1 " + marks
    }
  }

  /// A label's text as the runs it is drawn in: its `runs:`, each in the label's
  /// style with its own settings over it, or its text in the label's style; the
  /// value of a string key split further by its Markdown (bold, italic, code,
  /// struck, links in the label's tint), as SwiftUI's `Text` shows a
  /// `LocalizedStringKey`. Empty runs are left out, unless all are.
  func runs(of label: LabelSpec) -> [LabelRun] {
    let base = LabelRun(
      text: "", weight: label.fontWeight, italic: false, monospaced: false, underline: label.underline,
      strikethrough: label.strikethrough, color: label.color)
    guard label.value == nil else { return [base.with { $0.text = text(of: label) }] }
    var written: [(LocalizedText, LabelRun)] = []
    if let runs = label.runs {
      for run in runs {
        written.append(
          (
            run.text,
            base.with {
              $0.weight = run.weight ?? base.weight
              $0.italic = run.italic
              $0.monospaced = run.monospaced
              $0.underline = base.underline || run.underline
              $0.strikethrough = base.strikethrough || run.strikethrough
              $0.color = run.color ?? base.color
            }
          ))
      }
    } else {
      written.append((label.text, base))
    }
    // In a pseudo-locale, styled text is transformed after its Markdown is read,
    // and runs as the one text they make up; a plain text as before.
    let pseudo = localization.locale?.pseudo
    var untransformed = localization
    untransformed.transformsPseudo = false
    var result: [LabelRun] = []
    var styled = label.runs != nil
    for (text, style) in written {
      let value = pseudo == nil ? shown(text) : ((try? untransformed.resolve(text)) ?? text.description)
      // Only a string's value is Markdown, as only a LocalizedStringKey's is in
      // SwiftUI: text written in the layout is shown as written.
      let spans = text.key == nil ? [InlineMarkdown.Span(value)] : InlineMarkdown.spans(value)
      if spans.count > 1 || spans.contains(where: { !$0.isPlain || $0.text != value }) { styled = true }
      for span in spans {
        result.append(
          style.with {
            $0.text = span.text
            if span.strong && $0.weight.weightClass < FontWeight.bold.weightClass { $0.weight = .bold }
            if span.emphasis { $0.italic = true }
            if span.code { $0.monospaced = true }
            if span.strikethrough { $0.strikethrough = true }
            if span.link { $0.color = label.tint }
          })
      }
    }
    if let pseudo {
      if styled {
        for (index, text) in pseudo.apply(toRuns: result.map(\.text)).enumerated() { result[index].text = text }
      } else if let first = written.first {
        result = [first.1.with { $0.text = shown(first.0) }]
      }
    }
    if label.uppercased {
      let locale = localization.locale ?? LocaleID("en")
      for index in result.indices { result[index].text = locale.uppercased(result[index].text) }
    }
    let drawn = result.filter { !$0.text.isEmpty }
    return drawn.isEmpty ? [result.first ?? base] : drawn
  }

  /// What `text` shows in this locale. The layout's check has resolved every text
  /// in every locale, so a failure here cannot happen; the key would show.
  func shown(_ text: LocalizedText) -> String {
    (try? localization.resolve(text)) ?? text.description
  }
}

extension LayoutEngine {
  /// A label whose characters no face has, where a fallback family that would
  /// have them is not on this machine: an error naming the text, never boxes.
  func requireFallbacks(for missing: [Unicode.Scalar], label: String, at location: SourceLocation) throws(DarkroomError) {
    guard !missing.isEmpty else { return }
    let absent = context.fonts.missingFallbacks(project: theme.fontFiles)
    for scalar in missing {
      guard let family = absent.first(where: { FontLibrary.family($0, covers: scalar) }) else { continue }
      let code = String(scalar.value, radix: 16, uppercase: true)
      throw DarkroomError(
        "label \"\(Quoted.text(label))\" needs the font family '\(family)' for '\(Quoted.text(String(scalar)))' "
          + "(U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code)), which is not on this machine; install "
          + "it (Scripts/install-deps installs Debian's) or run `darkroom fonts vendor` where it is installed",
        at: location)
    }
  }
}
