/// The report's `index.html`: failures first, each with side-by-side, slider and
/// onion-skin views and a zoom to actual pixels; then every layout with its modes
/// side by side and its contact sheet. Inline CSS and script, no network.
enum ReportPage {
  static func escape(_ text: String) -> String { HTMLText.escaped(text) }

  static func html(_ summary: RunSummary) -> String {
    let problems = summary.outcomes.filter(\.isFailure)
    var body = ""
    if !problems.isEmpty {
      body += "<section id=\"failures\"><h2>Needs review (\(problems.count))</h2>\n"
      for group in ReportFolder.explained(problems) {
        if !group.cause.isEmpty {
          body += "<div class=\"card why\"><h3>\(group.outcomes.count) snapshot(s): \(reason(group.cause))</h3></div>\n"
        }
        for outcome in group.outcomes { body += card(outcome, summary) }
      }
      body += "</section>\n"
    }
    if let removed = summary.removed, !removed.isEmpty {
      let items = removed.map { "<li><code>\(escape($0))</code></li>" }.joined()
      body += "<section class=\"card\" id=\"removed\"><h2>Removed snapshots (\(removed.count))</h2><ul>\(items)</ul><p>The base drew them; this revision has no such layout or mode.</p></section>\n"
    }
    if !summary.orphans.isEmpty {
      let items = summary.orphans.map { "<li><code>\(escape($0))</code></li>" }.joined()
      body += "<section class=\"card\" id=\"orphans\"><h2>Goldens with no layout or mode</h2><ul>\(items)</ul><p>Remove them with <code>darkroom prune --yes</code>.</p></section>\n"
    }
    let contrast = summary.outcomes.flatMap { $0.contrastFailures ?? [] }
    if !contrast.isEmpty {
      let items = contrast.map { "<li><code>\(escape($0))</code></li>" }.joined()
      body += "<section class=\"card\" id=\"contrast\"><h2>Labels below WCAG AA contrast (\(contrast.count))</h2><ul>\(items)</ul><p>Measured against the pixels behind each label; <code>darkroom audit --strict</code> fails on them.</p></section>\n"
    }
    let truncated = summary.outcomes.flatMap { $0.truncations ?? [] }
    if !truncated.isEmpty {
      let items = truncated.map { "<li><code>\(escape($0))</code></li>" }.joined()
      body += "<section class=\"card\" id=\"truncation\"><h2>Labels truncated or cut (\(truncated.count))</h2><ul>\(items)</ul><p>Text a label did not show, in every mode and locale; a label meant to truncate says <code>truncates: expected</code>. <code>darkroom audit --strict</code> fails on them.</p></section>\n"
    }
    body += "<section id=\"gallery\"><h2>All snapshots</h2>\n"
    let sheets = summary.sheets == true
    if !sheets {
      body += "<p class=\"sub\">A pass needs no picture: only the snapshots that need review have images here. Their goldens are in <code>\(escape(summary.golden ?? "Golden"))/</code>; <code>darkroom verify --sheets</code> adds a contact sheet of every layout.</p>\n"
    }
    for (layout, outcomes) in summary.byLayout {
      let name = escape(layout)
      let sheet = sheets ? " <a href=\"sheets/\(name).png\">contact sheet</a>" : ""
      body += "<div class=\"card layout\" id=\"layout-\(name)\"><h3>\(name)\(sheet)</h3><div class=\"modes\">"
      for outcome in outcomes {
        let status = outcome.isFailure ? outcome.status.rawValue : "passed"
        let file = outcome.isFailure ? "\(outcome.name).png" : sheets ? "\(outcome.name).thumb.png" : nil
        let image = file.map { "<img src=\"\(escape($0))\" alt=\"\(escape(outcome.name))\">" } ?? ""
        body += """
          <figure class="\(status)">\(image)\
          <figcaption>\(escape(outcome.mode)) <span class="tag \(status)">\(status)</span></figcaption></figure>
          """
      }
      body += "</div></div>\n"
    }
    body += "</section>\n"
    let headline = problems.isEmpty ? "All \(summary.outcomes.count) snapshots match" : "\(problems.count) of \(summary.outcomes.count) snapshots need review"
    var facts = "\(summary.count(.passed)) passed · \(summary.count(.failed)) failed · \(summary.count(.missing)) missing"
    if summary.count(.recorded) > 0 { facts += " · \(summary.count(.recorded)) recorded" }
    facts += " · \(summary.decodedGoldens) golden(s) decoded"
    if summary.cachedPasses > 0 { facts += " · \(summary.cachedPasses) passed from the cache, undrawn" }
    if let shard = summary.shard { facts += " · shard \(escape(shard))" }
    return """
      <!doctype html>
      <html lang="en"><head><meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>Darkroom report</title>
      <style>\(style)</style></head><body>
      <header><h1 id="headline">\(escape(headline))</h1><p class="sub">\(facts)</p></header>
      \(body)<script>\(script)</script></body></html>

      """
  }

  /// A reason escaped, with its `names` (as summary.md writes them) as code.
  static func reason(_ text: String) -> String {
    let parts = escape(text).split(separator: "`", omittingEmptySubsequences: false)
    // An odd count of parts: every backtick has its pair.
    guard parts.count % 2 == 1 else { return escape(text) }
    return parts.enumerated().map { $0.offset % 2 == 1 ? "<code>\($0.element)</code>" : String($0.element) }.joined()
  }

  /// A review's reasons under a changed snapshot's measure.
  private static func why(_ outcome: SnapshotOutcome) -> String {
    guard let reasons = outcome.explanation, !reasons.isEmpty else { return "" }
    return "<ul class=\"why\">" + reasons.map { "<li>\(reason($0))</li>" }.joined() + "</ul>"
  }

  /// How to accept the change: the command, shown as code, or what to do instead.
  private static func accept(_ outcome: SnapshotOutcome) -> String {
    switch outcome.accept {
    case .command(let command)?: "<p class=\"record\">Accept this change: <code>\(escape(command))</code></p>"
    case .instruction(let text)?: "<p class=\"record\">\(escape(text))</p>"
    case nil: ""
    }
  }

  private static func card(_ outcome: SnapshotOutcome, _ summary: RunSummary) -> String {
    let name = escape(outcome.name)
    let record = accept(outcome)
    switch outcome.status {
    case .failed:
      return """
        <article class="card failure" data-name="\(name)"><h3><span class="tag failed">changed</span> \(name)</h3>
        <p class="measure">\(escape(ReportFolder.describe(outcome)))</p>\(why(outcome))
        <div class="toolbar" role="group">
        <label><input type="radio" name="view-\(name)" value="side" checked> side by side</label>
        <label><input type="radio" name="view-\(name)" value="slider"> slider</label>
        <label><input type="radio" name="view-\(name)" value="onion"> onion skin</label>
        <input class="amount" type="range" min="0" max="100" value="50" aria-label="position">
        <button class="zoom" type="button">actual pixels</button></div>
        <div class="views" data-view="side">
        <div class="side"><figure><img src="\(name).golden.png" alt="golden"><figcaption>golden</figcaption></figure>
        <figure><img src="\(name).png" alt="this run"><figcaption>this run</figcaption></figure>
        <figure><img src="\(name).diff.png" alt="difference"><figcaption>difference</figcaption></figure></div>
        <div class="stack"><img class="under" src="\(name).golden.png" alt="golden"><img class="over" src="\(name).png" alt="this run"></div>
        </div>
        \(record)</article>

        """
    default:
      let tag = outcome.status == .missing ? "new" : outcome.status.rawValue
      return """
        <article class="card failure" data-name="\(name)"><h3><span class="tag \(outcome.status.rawValue)">\(tag)</span> \(name)</h3>
        <p class="measure">\(escape(ReportFolder.describe(outcome)))</p>
        <div class="views" data-view="side"><div class="side"><figure><img src="\(name).png" alt="this run"><figcaption>this run</figcaption></figure></div></div>
        \(record)</article>

        """
    }
  }

  static let style = """
    :root { color-scheme: light dark; --bg: #f5f7fa; --card: #fff; --text: #313440; --muted: #5e637a; --line: #d9dce9;
      --bad: #db3643; --new: #3c64f4; --ok: #2aab3f; }
    @media (prefers-color-scheme: dark) { :root { --bg: #000; --card: #20222a; --text: #f5f7fa; --muted: #8c93ad; --line: #313440; } }
    body { margin: 0; padding: 24px; background: var(--bg); color: var(--text); font: 15px/1.45 system-ui, sans-serif; }
    h1 { font-size: 24px; margin: 0 0 4px; } h2 { font-size: 19px; margin: 28px 0 12px; } h3 { font-size: 16px; margin: 0 0 8px; }
    .sub { color: var(--muted); margin: 0; } a { color: var(--new); font-size: 13px; font-weight: normal; margin-left: 8px; }
    .card { background: var(--card); border-radius: 12px; padding: 16px; margin-bottom: 16px; border: 1px solid var(--line); }
    .tag { font-size: 12px; color: #fff; border-radius: 6px; padding: 1px 7px; background: var(--ok); }
    .tag.failed { background: var(--bad); } .tag.missing, .tag.recorded { background: var(--new); }
    .measure { margin: 0 0 10px; font-variant-numeric: tabular-nums; } .record { color: var(--muted); margin: 10px 0 0; }
    .toolbar { display: flex; gap: 14px; align-items: center; flex-wrap: wrap; margin-bottom: 10px; font-size: 14px; }
    .toolbar .amount { width: 180px; } .toolbar button { font: inherit; border-radius: 6px; border: 1px solid var(--line); background: var(--bg); color: var(--text); padding: 2px 10px; }
    .side { display: flex; gap: 12px; overflow-x: auto; } figure { margin: 0; }
    img { max-height: 70vh; max-width: 30vw; border: 1px solid var(--line); border-radius: 6px; display: block; background: repeating-conic-gradient(#8882 0 25%, #0000 0 50%) 0 0 / 16px 16px; }
    figcaption { color: var(--muted); font-size: 13px; text-align: center; }
    .stack { position: relative; display: none; width: max-content; } .stack img { max-width: 60vw; }
    .stack .over { position: absolute; left: 0; top: 0; }
    .views[data-view="slider"] .side, .views[data-view="onion"] .side { display: none; }
    .views[data-view="slider"] .stack, .views[data-view="onion"] .stack { display: block; }
    .actual-size img { max-width: none; max-height: none; image-rendering: pixelated; }
    .actual-size .side, .actual-size .stack { overflow: auto; max-width: 100%; }
    .modes { display: flex; gap: 12px; overflow-x: auto; } .modes img { max-width: 22vw; max-height: 50vh; }
    """

  static let script = """
    for (const card of document.querySelectorAll('.failure')) {
      const views = card.querySelector('.views'), amount = card.querySelector('.amount');
      const over = card.querySelector('.stack .over');
      const apply = () => {
        const view = views.dataset.view, value = amount ? Number(amount.value) : 50;
        if (!over) return;
        over.style.clipPath = view === 'slider' ? `inset(0 ${100 - value}% 0 0)` : 'none';
        over.style.opacity = view === 'onion' ? String(value / 100) : '1';
      };
      for (const radio of card.querySelectorAll('input[type=radio]')) {
        radio.addEventListener('change', () => { views.dataset.view = radio.value; apply(); });
      }
      if (amount) amount.addEventListener('input', apply);
      const zoom = card.querySelector('.zoom');
      if (zoom) zoom.addEventListener('click', () => {
        const on = card.classList.toggle('actual-size');
        for (const img of card.querySelectorAll('img')) {
          img.style.width = on ? (img.naturalWidth / window.devicePixelRatio) + 'px' : '';
        }
        zoom.textContent = on ? 'fit' : 'actual pixels';
      });
      apply();
    }
    """
}
