import DarkroomFoundation
import DarkroomRendering
import Foundation

/// The report's page: `index.html`, small whatever the run, and its data,
/// `report-data.js` beside it (a script that sets one variable, as a page opened
/// from `file://` may load a script but not fetch a JSON file).
///
/// The first screen does not wait for the data, which grows with the run: the
/// page's own HTML holds the headline and the first group's heading (the largest
/// text of the first screen), so they paint as early on a run of thousands of
/// snapshots as on one of ten; the script draws the page in whole, that heading
/// again, once the data has run.
///
/// The page draws the groups of ``ChangeGroups``: changes of a mixed or unknown
/// cause first, each in full; then one section per cause with its count, the
/// statement that nothing else differs in those drawings, one command that accepts
/// the group, its representatives in full (golden, render and their difference,
/// side by side, as a slider or an onion skin) and the rest as a grid of
/// thumbnails of the changed region, each opening its full view. Images load when
/// scrolled to; the grid is added after the first screen is drawn, and the browser
/// lays out only what is on screen. A find box finds any snapshot by name. Then
/// the lists of removed snapshots, orphans, contrast failures and truncations, and
/// every layout with its modes.
///
/// Every text from input reaches the page as data and is set as text
/// (`textContent`), never as markup; what the HTML itself holds is escaped
/// (``/DarkroomFoundation/HTMLText``).
enum ReportPage {
  /// The data file's name, beside `index.html`.
  static let dataFile = "report-data.js"
  /// The most items each list of the page shows (removed snapshots, orphans,
  /// contrast failures, truncations); `results.json` holds them all.
  static let listedItems = 1_000

  static func escape(_ text: String) -> String { HTMLText.escaped(text) }

  static func html(_ summary: RunSummary, groups: [ChangeGroup] = []) -> String {
    let problems = summary.outcomes.filter(\.isFailure).count
    let headline =
      problems == 0
      ? "All \(summary.outcomes.count) snapshots match" : "\(problems) of \(summary.outcomes.count) snapshots need review"
    var facts = "\(summary.count(.passed)) passed · \(summary.count(.failed)) failed · \(summary.count(.missing)) missing"
    if summary.count(.recorded) > 0 { facts += " · \(summary.count(.recorded)) recorded" }
    facts += " · \(summary.decodedGoldens) golden(s) decoded"
    if summary.cachedPasses > 0 { facts += " · \(summary.cachedPasses) passed from the cache, undrawn" }
    if let shard = summary.shard { facts += " · shard \(escape(shard))" }
    if let base = summary.reviewBase { facts += " · compared with \(escape(base))" }
    let find =
      problems == 0
      ? ""
      : "<p class=\"find\"><label>Find a snapshot <input id=\"find\" type=\"search\" placeholder=\"name, such as orders/dark.de\" autocomplete=\"off\"></label> <span id=\"found\"></span></p>"
    return """
      <!doctype html>
      <html lang="en"><head><meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>Darkroom report</title>
      <style>\(style)</style></head><body>
      <svg width="0" height="0" style="position:absolute" aria-hidden="true"><filter id="changed" color-interpolation-filters="sRGB">\
      <feColorMatrix type="matrix" values="0 0 0 0 0.86  0 0 0 0 0.08  0 0 0 0 0.15  80 80 80 0 0"/></filter></svg>
      <header><h1 id="headline">\(escape(headline))</h1><p class="sub">\(facts)</p>\(find)</header>
      <main id="app">\(firstScreen(summary, groups: groups))<noscript><p>The report draws its snapshots with JavaScript; <code>summary.md</code> and <code>results.json</code> beside this page list them without it.</p></noscript></main>
      <dialog id="viewer"><form method="dialog"><button class="close" aria-label="close">close</button></form><div class="content"></div></dialog>
      <script src="\(dataFile)" defer></script>
      <script>\(script)</script></body></html>

      """
  }

  /// The lists the page shows after the changes: removed snapshots, orphans,
  /// contrast failures, truncations; each at most ``listedItems`` items.
  static func lists(_ summary: RunSummary) -> [List] {
    var lists: [List] = []
    func add(_ id: String, _ title: String, _ items: [String], _ note: String) {
      guard !items.isEmpty else { return }
      lists.append(
        List(id: id, title: title, items: Array(items.prefix(listedItems)), more: max(0, items.count - listedItems), note: note))
    }
    add("removed", "Removed snapshots (\(summary.removed?.count ?? 0))", summary.removed ?? [],
      "The base drew them; this revision has no such layout, mode, locale or theme.")
    add(
      "orphans", "Goldens with no layout or mode", summary.orphans,
      "Remove them with `\(ShellCommand.prune(layouts: summary.layouts, golden: summary.golden, yes: true).shown)`.")
    // A line found the same in several snapshots is one item.
    func lines(_ kept: (SnapshotOutcome) -> [String]?) -> (count: Int, items: [String]) {
      let found = summary.outcomes.flatMap { outcome in (kept(outcome) ?? []).map { (outcome.name, $0) } }
      return (found.count, AuditLines.bySnapshot(found))
    }
    let contrast = lines(\.contrastFailures)
    add("contrast", "Labels below WCAG AA contrast (\(contrast.count))", contrast.items,
      "Measured against the pixels behind each label; `darkroom audit --strict` fails on them.")
    let truncated = lines(\.truncations)
    add("truncation", "Labels truncated or cut (\(truncated.count))", truncated.items,
      "Text a label did not show, in every mode and locale; a label meant to truncate says `truncates: expected`. `darkroom audit --strict` fails on them.")
    return lists
  }

  /// The part of the first screen the page holds before its script runs: the
  /// heading of the changes and the first group's, as the script draws them.
  static func firstScreen(_ summary: RunSummary, groups: [ChangeGroup]) -> String {
    guard let group = groups.first else { return "" }
    let needs = summary.outcomes.filter(\.isFailure).count
    let title = heading(group).enumerated().map { $0.offset % 2 == 1 ? "<code>\(escape($0.element))</code>" : escape($0.element) }
    let kind = escape(group.kind.rawValue)
    return "<section id=\"failures\"><h2>Needs review (\(needs))</h2><section class=\"card group \(kind)\" id=\"\(escape(group.id))\" "
      + "data-kind=\"\(kind)\" data-count=\"\(group.members.count)\"><h3>\(title.joined())</h3></section></section>"
  }

  /// A group's heading: how many snapshots, and what changed them; text and
  /// `names`, alternately (a line's names are code when its backticks pair up).
  static func heading(_ group: ChangeGroup) -> [String] {
    let n = group.members.count
    let snapshots = "\(n) \(n == 1 ? "snapshot" : "snapshots")"
    var parts = [""]
    func text(_ words: String) { if parts.count % 2 == 1 { parts[parts.count - 1] += words } else { parts.append(words) } }
    func line(_ line: String) {
      let pieces = line.split(separator: "`", omittingEmptySubsequences: false).map(String.init)
      guard pieces.count % 2 == 1 else { return text(line) }
      for (index, piece) in pieces.enumerated() {
        if index % 2 == 0 { text(piece) } else { parts.append(piece) }
      }
    }
    func causes() {
      for (index, cause) in group.cause.enumerated() {
        if index > 0 { text("; ") }
        line(cause)
      }
    }
    switch group.kind {
    case .unknown: text("\(n) \(n == 1 ? "snapshot changes" : "snapshots change") for a reason their drawings do not show")
    case .mixed, .cause:
      line(group.changed)
      text(": \(snapshots) — ")
      causes()
    case .added: text(snapshots + " added")
    case .recorded: text(snapshots + " recorded by verify")
    }
    return parts
  }

  /// The page's data: what the page draws, as JSON assigned to
  /// `window.darkroomReport`.
  static func data(_ summary: RunSummary, groups: [ChangeGroup]) throws -> [UInt8] {
    var items: [Item] = []
    var position: [String: Int] = [:]
    for outcome in summary.outcomes where outcome.isFailure {
      position[outcome.name] = items.count
      items.append(Item(outcome, one: oneSnapshotCommand(summary, name: outcome.name)))
    }
    let page = PageData(
      groups: groups.map { group in
        let full = Set(group.shownInFull)
        return Group(
          id: group.id, kind: group.kind.rawValue, cause: group.cause, heading: heading(group),
          accept: group.accept?.description, acceptIsCommand: group.accept?.isCommand ?? false,
          full: group.members.filter { full.contains($0.name) }.compactMap { position[$0.name] },
          rest: group.members.filter { !full.contains($0.name) }.compactMap { position[$0.name] })
      },
      items: items,
      layouts: summary.byLayout.map { layout, outcomes in
        Layout(
          name: layout,
          modes: outcomes.map { outcome in
            Mode(
              name: outcome.mode, status: outcome.isFailure ? outcome.status.rawValue : "passed",
              item: position[outcome.name],
              sheet: summary.sheets == true ? sheetThumbnail(of: outcome.name) : nil)
          })
      },
      lists: lists(summary), sheets: summary.sheets == true, golden: summary.golden)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return Array("window.darkroomReport = ".utf8) + (try encoder.encode(page)) + Array(";\n".utf8)
  }

  /// Where the `--sheets` thumbnail of snapshot `name` is, relative to the page:
  /// `<layout>/<mode>.thumb.png`, each part percent-encoded but for letters, digits
  /// and `._~-`.
  static func sheetThumbnail(of name: String) -> String {
    func encoded(_ part: String) -> String {
      var out = ""
      for byte in part.utf8 {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
          UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "-"):
          out.unicodeScalars.append(Unicode.Scalar(byte))
        default: out += (byte < 16 ? "%0" : "%") + String(byte, radix: 16, uppercase: true)
        }
      }
      return out
    }
    return name.split(separator: "/", omittingEmptySubsequences: false).map { encoded(String($0)) }
      .joined(separator: "/") + ".thumb.png"
  }

  /// The command that draws snapshot `name` of this report in full: the same
  /// command limited with `--only`, into another folder so it does not replace this
  /// report; nil when a word of it cannot be printed safely.
  static func oneSnapshotCommand(_ summary: RunSummary, name: String) -> String? {
    var command = ShellCommand(["darkroom", "verify"])
    if let base = summary.reviewBase {
      command = ShellCommand(["darkroom", "review"])
      // A base given as a ref is named by it; the default base needs no flag.
      if !base.hasPrefix("the merge base ") { command = command.adding("--base", base) }
    }
    return command.adding("--only", name).adding("--report", ".darkroom/one").text
  }

  private struct PageData: Encodable {
    var groups: [Group]
    var items: [Item]
    var layouts: [Layout]
    var lists: [List]
    var sheets: Bool
    var golden: String?
  }

  private struct Group: Encodable {
    var id: String
    var kind: String
    var cause: [String]
    /// ``ReportPage/heading(_:)``: text and names, alternately.
    var heading: [String]
    var accept: String?
    var acceptIsCommand: Bool
    var full: [Int]
    var rest: [Int]
  }

  /// A list section: its anchor, heading, items, how many more there are, and a
  /// note whose `names` are code.
  struct List: Encodable {
    var id: String
    var title: String
    var items: [String]
    var more: Int
    var note: String
  }

  private struct Layout: Encodable {
    var name: String
    var modes: [Mode]
  }

  private struct Mode: Encodable {
    var name: String
    var status: String
    var item: Int?
    var sheet: String?
  }

  /// A snapshot that needs review, as the page shows it.
  private struct Item: Encodable {
    var name: String
    var status: String
    var measure: String
    var why: [String]
    var accept: String?
    var acceptIsCommand: Bool
    /// The command that draws it in full, when its words can be printed.
    var one: String?
    var images: ReportImages?
    var thumb: [Int]?

    init(_ outcome: SnapshotOutcome, one: String?) {
      self.one = one
      name = outcome.name
      status = outcome.status.rawValue
      measure = ReportFolder.describe(outcome)
      why = (outcome.explanation ?? []).filter { $0 != "added" }
      accept = outcome.accept?.description
      acceptIsCommand = outcome.accept?.isCommand ?? false
      images = outcome.images
      thumb = outcome.images?.region.map { region in
        let size = Thumbnail.size(of: region)
        return [size.width, size.height]
      }
    }
  }

  static let style = """
    :root { color-scheme: light dark; --bg: #f5f7fa; --card: #fff; --text: #313440; --muted: #5e637a; --line: #d9dce9;
      --bad: #db3643; --new: #3c64f4; --ok: #2aab3f; }
    @media (prefers-color-scheme: dark) { :root { --bg: #000; --card: #20222a; --text: #f5f7fa; --muted: #8c93ad; --line: #313440; } }
    body { margin: 0; padding: 24px; background: var(--bg); color: var(--text); font: 15px/1.45 system-ui, sans-serif; }
    h1 { font-size: 24px; margin: 0 0 4px; } h2 { font-size: 19px; margin: 28px 0 12px; } h3 { font-size: 16px; margin: 0 0 8px; }
    h4 { font-size: 14px; margin: 14px 0 8px; color: var(--muted); font-weight: 600; }
    .sub, .note { color: var(--muted); margin: 0; } a { color: var(--new); }
    .find { margin: 10px 0 0; } .find input { font: inherit; width: 280px; padding: 2px 8px; border-radius: 6px; border: 1px solid var(--line); background: var(--card); color: var(--text); }
    #found { color: var(--muted); font-size: 13px; }
    .card { background: var(--card); border-radius: 12px; padding: 16px; margin-bottom: 16px; border: 1px solid var(--line); }
    .group { border-left: 4px solid var(--new); } .group.unknown, .group.mixed { border-left-color: var(--bad); }
    .group > .card { margin: 12px 0 0; }
    .tag { font-size: 12px; color: #fff; border-radius: 6px; padding: 1px 7px; background: var(--ok); }
    .tag.failed { background: var(--bad); } .tag.missing, .tag.recorded { background: var(--new); }
    .measure { margin: 0 0 10px; font-variant-numeric: tabular-nums; } .record { color: var(--muted); margin: 10px 0 0; }
    .record code, .accept code { user-select: all; word-break: break-all; } .command .copy { font-size: 12px; }
    .accept { margin: 8px 0 0; } .accept code { display: block; max-height: 4.5em; overflow: auto; }
    .toolbar { display: flex; gap: 14px; align-items: center; flex-wrap: wrap; margin-bottom: 10px; font-size: 14px; }
    .toolbar .amount { width: 180px; } button { font: inherit; border-radius: 6px; border: 1px solid var(--line); background: var(--bg); color: var(--text); padding: 2px 10px; }
    .side { display: flex; gap: 12px; overflow-x: auto; } figure { margin: 0; }
    img { max-height: 70vh; max-width: 30vw; border: 1px solid var(--line); border-radius: 6px; display: block; background: repeating-conic-gradient(#8882 0 25%, #0000 0 50%) 0 0 / 16px 16px; }
    figcaption { color: var(--muted); font-size: 13px; text-align: center; }
    .diff { position: relative; width: max-content; } .diff .base { opacity: .22; filter: grayscale(1); }
    .diff .blend { position: absolute; inset: 0; filter: url(#changed); }
    .diff .blend img { position: absolute; left: 0; top: 0; width: 100%; height: 100%; max-width: none; max-height: none; border-color: transparent; background: none; }
    .diff .blend .after { mix-blend-mode: difference; }
    .diff .mask { position: absolute; inset: 0; }
    .diff .mask img { position: absolute; left: 0; top: 0; width: 100%; height: 100%; max-width: none; max-height: none;
      border-color: transparent; background: none; mix-blend-mode: multiply; image-rendering: pixelated; }
    .stack { position: relative; display: none; width: max-content; } .stack img { max-width: 60vw; }
    .stack .over { position: absolute; left: 0; top: 0; }
    .views[data-view="slider"] .side, .views[data-view="onion"] .side { display: none; }
    .views[data-view="slider"] .stack, .views[data-view="onion"] .stack { display: block; }
    .actual-size img { max-width: none; max-height: none; image-rendering: pixelated; }
    .actual-size .side, .actual-size .stack { overflow: auto; max-width: 100%; }
    .thumbs { display: grid; grid-template-columns: repeat(auto-fill, minmax(150px, 1fr)); gap: 10px; }
    .thumb { content-visibility: auto; contain-intrinsic-size: auto 150px auto 340px; padding: 6px; text-align: left; cursor: zoom-in; }
    .thumb img { width: 100%; height: auto; max-width: none; max-height: 300px; object-fit: contain; }
    .thumb span { display: block; font-size: 12px; overflow-wrap: anywhere; margin-top: 4px; }
    .hit { outline: 3px solid var(--new); }
    #viewer { max-width: 96vw; max-height: 94vh; border: 1px solid var(--line); border-radius: 12px; background: var(--card); color: var(--text); padding: 12px; }
    #viewer::backdrop { background: #0008; } #viewer .close { float: right; } #viewer .card { border: 0; margin: 0; }
    .layout { content-visibility: auto; contain-intrinsic-size: auto 60px; }
    .modes { display: flex; gap: 8px; flex-wrap: wrap; } .modes a, .modes span.mode { font-size: 13px; }
    .modes img { max-width: 120px; max-height: 260px; }
    """

  static let script = """
    'use strict';
    // The data is a deferred script: the header and the first group's heading, in
    // the page, paint while it loads, and the page is drawn once it has run.
    document.addEventListener('DOMContentLoaded', () => {
    const report = window.darkroomReport || { groups: [], items: [], layouts: [], sheets: false };
    const app = document.getElementById('app');
    const early = document.getElementById('failures');
    if (early) early.remove();
    const image = /^images\\/[0-9a-f]{32}\\.(png|webp)$/;
    const el = (tag, attributes, ...children) => {
      const node = document.createElement(tag);
      for (const [key, value] of Object.entries(attributes || {})) {
        if (value === undefined || value === null || value === false) continue;
        if (key === 'class') node.className = value; else node.setAttribute(key, value === true ? '' : String(value));
      }
      for (const child of children) if (child !== null && child !== undefined) node.append(child);
      return node;
    };
    // A reason: its `names` as code, the rest as text.
    const reason = (text) => {
      const parts = text.split('`'), out = document.createDocumentFragment();
      if (parts.length % 2 === 0) { out.append(text); return out; }
      parts.forEach((part, i) => out.append(i % 2 ? el('code', {}, part) : part));
      return out;
    };
    const pictureOf = (src, alt, extra) => image.test(src || '') ?
      el('img', Object.assign({ src, alt, loading: 'lazy', decoding: 'async' }, extra || {})) : null;
    // A --sheets thumbnail: <layout>/<mode>.thumb.png, each part percent-encoded.
    const sheetThumb = /^(?:(?!\\.\\.?\\/)[A-Za-z0-9%._~-]+\\/)+[A-Za-z0-9%._~-]+\\.thumb\\.png$/;
    // A command to run: shown as code, with a button that copies exactly its text.
    const command = (text) => {
      const code = el('code', {}, text), button = el('button', { class: 'copy', type: 'button' }, 'Copy');
      button.addEventListener('click', () => {
        const done = () => { button.textContent = 'Copied'; };
        if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(text).then(done, () => {});
        else {
          const range = document.createRange();
          range.selectNodeContents(code);
          const selection = getSelection();
          selection.removeAllRanges();
          selection.addRange(range);
          if (document.execCommand('copy')) done();
        }
      });
      return el('span', { class: 'command' }, code, ' ', button);
    };
    const tags = { failed: 'changed', missing: 'new', recorded: 'recorded' };
    let views = 0;

    // A snapshot in full: golden, this run and their difference (drawn here from
    // the two full-size images, or the stored changed pixels over the faded golden
    // thumbnail).
    // The first screen's images load before the page's load event (not lazily), so
    // a screenshot taken then (a headless browser's, a CI preview bot's) shows them.
    function card(index, first) {
      const picture = (src, alt, extra) => pictureOf(src, alt, Object.assign(first ? { loading: 'eager', decoding: 'sync' } : {}, extra || {}));
      const item = report.items[index], images = item.images || {};
      const full = !!images.render;
      const before = full ? images.golden : images.goldenThumbnail, after = full ? images.render : images.renderThumbnail;
      const node = el('article', { class: 'card failure', 'data-name': item.name, 'data-index': index },
        el('h3', {}, el('span', { class: 'tag ' + item.status }, tags[item.status] || item.status), ' ', item.name),
        el('p', { class: 'measure' }, item.measure));
      if (item.why.length) node.append(el('ul', { class: 'why' }, ...item.why.map(w => el('li', {}, reason(w)))));
      if (before && after) {
        const name = 'view-' + (views++);
        const radio = (value, label, checked) => el('label', {}, el('input', { type: 'radio', name, value, checked }), ' ' + label);
        node.append(el('div', { class: 'toolbar', role: 'group' },
          radio('side', 'side by side', true), radio('slider', 'slider'), radio('onion', 'onion skin'),
          el('input', { class: 'amount', type: 'range', min: 0, max: 100, value: 50, 'aria-label': 'position' }),
          el('button', { class: 'zoom', type: 'button' }, 'actual pixels')));
        const difference = full ?
          el('div', { class: 'diff' }, picture(before, 'golden, faded', { class: 'base' }),
            el('div', { class: 'blend' }, picture(before, ''), picture(after, '', { class: 'after' }))) :
          el('div', { class: 'diff' }, picture(before, 'golden, faded', { class: 'base' }),
            el('div', { class: 'mask' }, picture(images.differenceThumbnail, 'changed pixels')));
        node.append(el('div', { class: 'views', 'data-view': 'side' },
          el('div', { class: 'side' },
            el('figure', {}, picture(before, 'golden'), el('figcaption', {}, 'golden')),
            el('figure', {}, picture(after, 'this run'), el('figcaption', {}, 'this run')),
            el('figure', { class: 'difference' }, difference, el('figcaption', {}, 'difference'))),
          el('div', { class: 'stack' }, picture(before, 'golden', { class: 'under' }), picture(after, 'this run', { class: 'over' }))));
      } else if (after) {
        node.append(el('div', { class: 'views', 'data-view': 'side' },
          el('div', { class: 'side' }, el('figure', {}, picture(after, 'this run'), el('figcaption', {}, 'this run')))));
      }
      if (!full && images.renderThumbnail) {
        node.append(el('p', { class: 'record' }, 'This is the changed region, scaled down. Full-size images: ',
          item.one ? command(item.one) : 'darkroom verify --only with its name', ' (or --images all for every snapshot).'));
      }
      if (item.accept) {
        node.append(item.acceptIsCommand ?
          el('p', { class: 'record' }, 'Accept this change: ', command(item.accept)) :
          el('p', { class: 'record' }, item.accept));
      }
      wire(node);
      return node;
    }

    // The side by side, slider and onion skin views, and zoom to actual pixels.
    function wire(node) {
      const views = node.querySelector('.views'), amount = node.querySelector('.amount');
      const over = node.querySelector('.stack .over');
      if (!views || !over) return;
      const apply = () => {
        const view = views.dataset.view, value = amount ? Number(amount.value) : 50;
        over.style.clipPath = view === 'slider' ? `inset(0 ${100 - value}% 0 0)` : 'none';
        over.style.opacity = view === 'onion' ? String(value / 100) : '1';
      };
      for (const radio of node.querySelectorAll('input[type=radio]')) {
        radio.addEventListener('change', () => { views.dataset.view = radio.value; apply(); });
      }
      if (amount) amount.addEventListener('input', apply);
      const zoom = node.querySelector('.zoom');
      if (zoom) zoom.addEventListener('click', () => {
        const on = node.classList.toggle('actual-size');
        for (const img of node.querySelectorAll('img')) {
          img.style.width = on ? (img.naturalWidth / window.devicePixelRatio) + 'px' : '';
        }
        zoom.textContent = on ? 'fit' : 'actual pixels';
      });
      apply();
    }

    // A member of a large group: its changed region, which opens its full view.
    function thumb(index) {
      const item = report.items[index], images = item.images || {}, size = item.thumb || [];
      const button = el('button', { class: 'thumb', type: 'button', 'data-index': index, 'data-name': item.name,
        title: 'Open ' + item.name },
        pictureOf(images.renderThumbnail, '', { width: size[0], height: size[1] }), el('span', {}, item.name));
      button.addEventListener('click', () => open(index));
      return button;
    }

    const viewer = document.getElementById('viewer');
    function open(index) {
      const content = viewer.querySelector('.content');
      content.replaceChildren(card(index));
      if (!viewer.open) viewer.showModal();
    }

    const count = (n, one, many) => n + ' ' + (n === 1 ? one : many);
    const later = [];
    function group(g) {
      const n = g.full.length + g.rest.length;
      const section = el('section', { class: 'card group ' + g.kind, id: g.id, 'data-kind': g.kind, 'data-count': n });
      const title = el('h3', {});
      (g.heading || []).forEach((part, i) => title.append(i % 2 ? el('code', {}, part) : part));
      if (g.kind === 'unknown') {
        section.append(title, el('p', { class: 'note' }, 'Their pixels differ while the drawings Darkroom compared are the same, or a golden does not say what it drew: look at each.'));
      } else if (g.kind === 'mixed') {
        section.append(title, el('p', { class: 'note' }, 'These changed by more than another group\\u2019s change: each is shown, so what only they hold is not missed.'));
      } else if (g.kind === 'cause') {
        section.append(title, el('p', { class: 'note' }, (n === 1 ? 'It differs' : 'All ' + n + ' differ') +
          ' from their goldens by exactly this change: nothing else in their drawings differs.'));
      } else if (g.kind === 'added') {
        section.append(title, el('p', { class: 'note' }, 'No golden to compare with.'));
      } else {
        section.append(title, el('p', { class: 'note' }, 'Re-run verify to check them.'));
      }
      if (g.accept) {
        section.append(g.acceptIsCommand ?
          el('div', { class: 'accept' }, 'Accept ' + (n === 1 ? 'it' : 'all ' + n) + ': ', command(g.accept)) :
          el('p', { class: 'accept' }, g.accept));
      }
      if (g.rest.length) {
        section.append(el('p', { class: 'note' }, 'In full: ' + count(g.full.length, 'representative', 'representatives') +
          ' (the largest change, and each style and direction the group holds). The other ' + g.rest.length +
          ' below show their changed region; click one for its golden, render and difference.'));
      }
      for (const index of g.full) section.append(card(index, g === report.groups[0] && index === g.full[0]));
      if (g.rest.length) {
        const grid = el('div', { class: 'thumbs' });
        section.append(el('h4', {}, 'The other ' + g.rest.length), grid);
        // The first screenful now; the rest once the page has drawn.
        const first = g.rest.slice(0, 24), after = g.rest.slice(24);
        for (const index of first) grid.append(thumb(index));
        for (let i = 0; i < after.length; i += 200) later.push(() => { for (const index of after.slice(i, i + 200)) grid.append(thumb(index)); });
      }
      return section;
    }

    if (report.groups.length) {
      const failures = el('section', { id: 'failures' }, el('h2', {}, 'Needs review (' + report.items.length + ')'));
      for (const g of report.groups) failures.append(group(g));
      app.append(failures);
    }

    for (const list of report.lists || []) {
      const items = el('ul', {}, ...list.items.map(item => el('li', {}, el('code', {}, item))));
      if (list.more) items.append(el('li', {}, '… and ' + list.more + ' more (results.json lists them all)'));
      app.append(el('section', { class: 'card', id: list.id }, el('h2', {}, list.title), items, el('p', {}, reason(list.note))));
    }

    // Every layout with its modes: a failure links to its place above.
    const gallery = el('section', { id: 'gallery' }, el('h2', {}, 'All snapshots'));
    if (!report.sheets) gallery.append(el('p', { class: 'sub' }, 'A pass needs no picture: only the snapshots that need review have images. ' +
      'Their goldens are in ' + (report.golden || 'Golden') + '/; darkroom verify --sheets adds a contact sheet of every layout.'));
    app.append(gallery);
    const layouts = report.layouts.slice();
    const drawLayouts = (list) => {
      for (const layout of list) {
        const modes = el('div', { class: 'modes' });
        for (const mode of layout.modes) {
          const label = el('span', {}, mode.name + ' ', el('span', { class: 'tag ' + mode.status }, mode.status));
          const thumbnail = report.sheets && sheetThumb.test(mode.sheet || '') ?
            el('img', { src: mode.sheet, alt: layout.name + '/' + mode.name, loading: 'lazy', decoding: 'async' }) : null;
          if (mode.item !== undefined && mode.item !== null) {
            const link = el('a', { href: '#', 'data-index': mode.item }, thumbnail, label);
            link.addEventListener('click', (event) => { event.preventDefault(); open(mode.item); });
            modes.append(link);
          } else modes.append(el('figure', { class: mode.status }, thumbnail, el('figcaption', {}, label)));
        }
        const sheet = report.sheets ? el('a', { href: 'sheets/' + encodeURIComponent(layout.name) + '.png' }, 'contact sheet') : null;
        gallery.append(el('div', { class: 'card layout', id: 'layout-' + layout.name }, el('h3', {}, layout.name, ' ', sheet), modes));
      }
    };
    drawLayouts(layouts.splice(0, 20));
    for (let i = 0; i < layouts.length; i += 200) { const part = layouts.slice(i, i + 200); later.push(() => drawLayouts(part)); }

    // What waits is added once the first screen's images have loaded (the load
    // event), a part at a time while the browser is idle, so it never delays them.
    const idle = (f) => window.requestIdleCallback ? window.requestIdleCallback(f, { timeout: 500 }) : setTimeout(f, 0);
    const step = () => { const next = later.shift(); if (next) { next(); idle(step); } };
    if (document.readyState === 'complete') idle(step); else window.addEventListener('load', () => idle(step));

    // Find: every snapshot that needs review, by name, drawn or not yet.
    const find = document.getElementById('find'), found = document.getElementById('found');
    if (find) find.addEventListener('input', () => {
      const text = find.value.trim().toLowerCase();
      for (const hit of document.querySelectorAll('.hit')) hit.classList.remove('hit');
      if (!text) { found.textContent = ''; return; }
      const matches = report.items.map((item, index) => [item, index]).filter(([item]) => item.name.toLowerCase().includes(text));
      found.replaceChildren(matches.length + ' found' + (matches.length ? ': ' : ''));
      for (const [item, index] of matches.slice(0, 20)) {
        const link = el('a', { href: '#', class: 'found', 'data-index': index }, item.name);
        link.addEventListener('click', (event) => { event.preventDefault(); open(index); });
        found.append(link, ' ');
      }
      if (matches.length > 20) found.append('and ' + (matches.length - 20) + ' more');
    });
    });
    """
}
