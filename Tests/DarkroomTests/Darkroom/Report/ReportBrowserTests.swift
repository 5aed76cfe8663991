import DarkroomRaster
import Foundation
import Testing

@testable import Darkroom
@testable import DarkroomFoundation
@testable import DarkroomRendering

extension Integration {
  /// Opens a real report in headless Chromium through chromedriver (Debian's
  /// `chromium` and `chromium-driver`) and uses it as a reviewer would: the failure
  /// list, the images, the slider and the onion skin. Skipped, with that said, when
  /// Chromium is missing — except in CI, where it must run.
  @Suite("Report in a browser", .serialized)
  struct ReportBrowserTests {
    static let driver = "/usr/bin/chromedriver"
    static let browser = "/usr/bin/chromium"
    static var available: Bool {
      [driver, browser, "/usr/bin/curl"].allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
    }
    static var required: Bool { ProcessInfo.processInfo.environment["CI"] != nil }

    @Test(
      "failures, images, slider and onion skin work in Chromium",
      .enabled(if: available || required, "Chromium, chromedriver or curl is not installed (apt-get install chromium chromium-driver curl)"))
    func reportWorksInChromium() throws {
      try #require(Self.available, "CI must run the browser test: install chromium, chromium-driver and curl")
      let copy = try TestProject()
      try copy.edit("Layouts/theme.yml", "blue40: \"#3c64f4\"", "blue40: \"#e0642a\"")
      let report = copy.path + "/report"
      let summary = try copy.session().verify(golden: copy.golden, report: report)
      let failing = summary.outcomes.filter { $0.status == .failed }.map(\.name)
      #expect(failing.count == 6, "the card and the palette sheet in every mode; the badge has no key colour")

      let session = try WebDriver.start(driver: Self.driver, browser: Self.browser)
      defer { session.stop() }
      try session.open("file://\(report)/index.html")

      let names = try session.script(
        "return Array.from(document.querySelectorAll('#failures .failure')).map(e => e.dataset.name)")
      // One group of six, in run order: the palette sheet prints the colour, which is
      // the colour's own change, so it is no other cause.
      #expect(names as? [String] == failing, "one cause, in run order")

      // Every image the first failure shows has loaded (the slider's load when it is
      // chosen: images load when they are drawn).
      let loaded = try Self.until(
        session,
        "return Array.from(document.querySelector('#failures .failure').querySelectorAll('.side img')).every(i => i.complete && i.naturalWidth > 0)")
      #expect(loaded, "images load from disk")

      // The slider: choose the view with a click, move the range with the keyboard.
      let first = "#failures .failure:first-of-type"
      try session.click("\(first) input[value=slider]")
      let range = try session.element("\(first) .amount")
      try session.sendKeys(range, String(repeating: "\u{E012}", count: 10))  // ArrowLeft ×10
      let clip = try session.script("return document.querySelector('\(first) .stack .over').style.clipPath")
      #expect(clip as? String == "inset(0px 60% 0px 0px)" || clip as? String == "inset(0 60% 0 0)", "\(String(describing: clip))")
      let stackVisible = try session.script(
        "return getComputedStyle(document.querySelector('\(first) .stack')).display")
      #expect(stackVisible as? String == "block")

      // The onion skin: the same range sets the new image's opacity.
      try session.click("\(first) input[value=onion]")
      let opacity = try session.script("return getComputedStyle(document.querySelector('\(first) .stack .over')).opacity")
      #expect(opacity as? String == "0.4")

      // Zoom to actual pixels.
      try session.click("\(first) .zoom")
      let zoomed = try session.script("return document.querySelector('\(first)').classList.contains('actual-size')")
      #expect(zoomed as? Bool == true)
    }
  }
}

extension Integration.ReportBrowserTests {
  @Test(
    "--sheets thumbnails show, and a copy button copies exactly its command",
    .enabled(if: available || required, "Chromium, chromedriver or curl is not installed (apt-get install chromium chromium-driver curl)"))
  func sheetThumbnailsAndTheCopyButton() throws {
    try #require(Self.available, "CI must run the browser test: install chromium, chromium-driver and curl")
    let copy = try TestProject()
    try copy.edit("Layouts/theme.yml", "blue40: \"#3c64f4\"", "blue40: \"#e0642a\"")
    let report = copy.path + "/report"
    var options = RunOptions()
    options.sheets = true
    let summary = try copy.session(options).verify(golden: copy.golden, report: report)
    let session = try WebDriver.start(driver: Self.driver, browser: Self.browser)
    defer { session.stop() }
    try session.open("file://\(report)/index.html")
    // Every snapshot's thumbnail in the gallery, loaded from the file verify wrote
    // (they load lazily, as the gallery is scrolled to: here all at once).
    let everyThumbnail = try Self.until(
      session,
      "const i = Array.from(document.querySelectorAll('#gallery .modes img')); i.forEach(e => { e.loading = 'eager'; }); "
        + "return i.length === \(summary.outcomes.count) && i.every(e => e.complete && e.naturalWidth > 0)")
    #expect(everyThumbnail, "the gallery shows a loaded thumbnail per snapshot")
    // The copy button hands over the code's text, nothing more.
    let copied = try session.script(
      """
      let copied = null;
      if (navigator.clipboard) navigator.clipboard.writeText = (t) => { copied = t; return Promise.resolve(); };
      const block = document.querySelector('#failures .accept');
      block.querySelector('.copy').click();
      return [copied === null ? getSelection().toString() : copied, block.querySelector('code').textContent];
      """) as? [String]
    #expect(copied?.count == 2 && copied?[0] == copied?[1] && copied?[0].hasPrefix("darkroom record") == true, "\(String(describing: copied))")
  }

  @Test(
    "a headless screenshot of the page shows the first group's images",
    .enabled(if: available || required, "Chromium, chromedriver or curl is not installed (apt-get install chromium chromium-driver curl)"))
  func aHeadlessScreenshotShowsTheFirstImages() throws {
    try #require(Self.available, "CI must run the browser test: install chromium, chromium-driver and curl")
    let copy = try TestProject()
    try copy.edit("Layouts/theme.yml", "blue40: \"#3c64f4\"", "blue40: \"#e0642a\"")
    let report = copy.path + "/report"
    _ = try copy.session().verify(golden: copy.golden, report: report)
    // As CI preview bots take it: the page at its load event, nothing scrolled.
    let shot = copy.path + "/shot.png"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Self.browser)
    process.arguments = [
      "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--screenshot=\(shot)", "--window-size=1280,900",
      "file://\(report)/index.html",
    ]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    let image = try PixelBuffer(pngData: [UInt8](try Data(contentsOf: URL(fileURLWithPath: shot))))
    // The render paints the card's key colour, #e0642a, which nothing else on the
    // page is: an image that had not loaded shows only its grey checkerboard.
    var orange = 0
    for i in stride(from: 0, to: image.bytes.count, by: 4) {
      let (r, g, b) = (Int(image.bytes[i]), Int(image.bytes[i + 1]), Int(image.bytes[i + 2]))
      if abs(r - 0xE0) < 14 && abs(g - 0x64) < 14 && abs(b - 0x2A) < 14 { orange += 1 }
    }
    #expect(orange > 500, "the first card's render is in the screenshot: \(orange) pixels of its colour")
  }

  /// The fixture project with the card in `layouts` layouts  /// The fixture project with the card in `layouts` layouts (card, card-1…, each
  /// titled with its number, so no two pictures are one file), goldens recorded,
  /// then `blue40` changed: every card changes for that one cause.
  static func cards(_ layouts: Int, modes: [String]) throws -> (TestProject, RunSummary, String) {
    let project = try TestProject()
    let card = try String(contentsOfFile: project.layouts + "/card.yml", encoding: .utf8)
    for n in 1..<layouts {
      try card.replacingOccurrences(of: "\"Orders\"", with: "\"Orders \(n)\"")
        .write(toFile: project.layouts + "/card-\(n).yml", atomically: true, encoding: .utf8)
    }
    _ = try project.session(modes: modes).record(golden: project.golden)
    try project.edit("Layouts/theme.yml", "blue40: \"#3c64f4\"", "blue40: \"#e0642a\"")
    let report = project.path + "/report"
    let summary = try project.session(modes: modes).verify(golden: project.golden, report: report)
    return (project, summary, report)
  }

  /// Whether `script` (a function body that returns a Bool) comes to return true
  /// within the session's script timeout (15 s). The page checks it on its own
  /// event loop, each time it has had a frame to load and lay out, and answers
  /// once: the test waits on the browser's reply, not on a clock of its own.
  static func until(_ session: WebDriver, _ script: String) throws -> Bool {
    let waiting = """
      const done = arguments[arguments.length - 1];
      const holds = () => { try { return (function () { \(script) })() === true; } catch (e) { return false; } };
      const check = () => holds() ? done(true) : requestAnimationFrame(check);
      check();
      """
    do {
      return try session.asyncScript(waiting) as? Bool == true
    } catch let error as WebDriver.Failure where error.code == "script timeout" {
      return false
    }
  }

  @Test(
    "a group of 200 shows representatives, thumbnails load as they scroll into view and open in full, every name is findable",
    .enabled(if: available || required, "Chromium, chromedriver or curl is not installed (apt-get install chromium chromium-driver curl)"))
  func aLargeGroupIsRepresentativesAndThumbnails() throws {
    try #require(Self.available, "CI must run the browser test: install chromium, chromium-driver and curl")
    let (project, summary, report) = try Self.cards(100, modes: ["light", "dark"])
    let changed = summary.outcomes.filter(\.isFailure).map(\.name)
    #expect(changed.filter { $0.hasPrefix("card") }.count == 200)
    // The project's folder holds the report: it must outlive the browser.
    defer { withExtendedLifetime(project) {} }
    let session = try WebDriver.start(driver: Self.driver, browser: Self.browser)
    defer { session.stop() }
    try session.open("file://\(report)/index.html")
    // The 200 cards and the palette sheet in two modes: one cause.
    let group = "#failures section.group[data-count='202']"

    // The representatives, in full: the largest change in light, and dark.
    let shown = try session.script("return Array.from(document.querySelectorAll(\"\(group) > .failure\")).map(e => e.dataset.name)")
    #expect((shown as? [String])?.count == 2, "\(String(describing: shown))")
    #expect(try Self.until(session, "return Array.from(document.querySelectorAll(\"\(group) > .failure:first-of-type .side img\")).every(i => i.complete && i.naturalWidth > 0)"))
    let blends = try session.script("return document.querySelectorAll(\"\(group) > .failure .diff .blend .after\").length") as? Int
    #expect(blends == 2, "each representative's difference is drawn from its golden and render")
    let title = try session.script("return document.querySelector(\"\(group) h3\").textContent") as? String
    #expect(title == "blue40 changed: 202 snapshots — blue40 #3c64f4 → #e0642a (theme.yml:6:3)", "\(String(describing: title))")
    let note = try session.script("return document.querySelector(\"\(group) .note\").textContent") as? String
    #expect(note?.contains("nothing else in their drawings differs") == true)
    let accept = try session.script("return document.querySelector(\"\(group) .accept code\").textContent") as? String
    let cards = changed
    #expect(accept?.hasPrefix("darkroom record --layouts ") == true, "\(String(describing: accept))")
    #expect(accept?.hasSuffix(" --only " + cards.joined(separator: ",")) == true, "exactly the group's snapshots")

    // The other 200 as thumbnails, all drawn once the page settles; images load
    // only when scrolled to.
    #expect(try Self.until(session, "return document.querySelectorAll(\"\(group) .thumb\").length === 200"))
    let thumbs = "Array.from(document.querySelectorAll(\"\(group) .thumb img\"))"
    let lazy = try session.script("return \(thumbs).every(i => i.loading === 'lazy' && i.decoding === 'async')") as? Bool
    #expect(lazy == true)
    let loadedAtFirst = try session.script("return \(thumbs).filter(i => i.complete && i.naturalWidth > 0).length") as? Int ?? 0
    #expect(loadedAtFirst < 200, "thumbnails below the screen wait")
    let last = "\(thumbs).at(-1)"
    #expect(try session.script("return \(last).complete && \(last).naturalWidth > 0") as? Bool == false)
    _ = try session.script("\(last).scrollIntoView(); return true")
    #expect(try Self.until(session, "return \(last).complete && \(last).naturalWidth > 0"), "a thumbnail loads once on screen")

    // A thumbnail opens its full view: golden, render and difference of its region.
    _ = try session.script("\(last).closest('.thumb').scrollIntoView({block: 'center'}); return true")
    let name = try session.script("return \(last).closest('.thumb').dataset.name") as? String
    try session.click("\(group) .thumbs > .thumb:last-child img")
    #expect(try Self.until(session, "return document.getElementById('viewer').open"))
    let opened = try session.script("return document.querySelector('#viewer .failure').dataset.name") as? String
    #expect(opened != nil && opened == name)
    // Golden, render, and the stored changed pixels over the faded golden.
    #expect(try Self.until(session, "return Array.from(document.querySelectorAll('#viewer .side img')).length === 4 && Array.from(document.querySelectorAll('#viewer .side img')).every(i => i.complete && i.naturalWidth > 0)"))
    let mask = try session.script("return document.querySelector('#viewer .diff .mask img').getAttribute('src')") as? String
    let member = summary.outcomes.first { $0.name == name }
    #expect(mask != nil && mask == member?.images?.differenceThumbnail)
    let hint = try session.script("return document.querySelector('#viewer .record code').textContent") as? String
    #expect(hint == "darkroom verify --only \(name ?? "") --report .darkroom/one")

    // The full view closes (while it is open, the page behind it is inert).
    try session.click("#viewer .close")
    #expect(try Self.until(session, "return !document.getElementById('viewer').open"))

    // Every changed snapshot's name is on the page, and the find box finds it.
    let text = try session.script("return document.getElementById('failures').textContent") as? String ?? ""
    #expect(changed.allSatisfy { text.contains($0) }, "every name is on the page")
    try session.sendKeys(try session.element("#find"), "card-77/dark")
    #expect(try Self.until(session, "return Array.from(document.querySelectorAll('#found a.found')).map(a => a.textContent).join() === 'card-77/dark'"))
  }

  @Test(
    "a group of six shows each member in full",
    .enabled(if: available || required, "Chromium, chromedriver or curl is not installed (apt-get install chromium chromium-driver curl)"))
  func aGroupOfSixIsShownInFull() throws {
    try #require(Self.available, "CI must run the browser test: install chromium, chromium-driver and curl")
    // Two cards and the palette sheet in two modes: six snapshots of one cause.
    let (project, summary, report) = try Self.cards(2, modes: ["light", "dark"])
    let cards = summary.outcomes.filter(\.isFailure).map(\.name)
    #expect(cards.count == 6)
    // The project's folder holds the report: it must outlive the browser.
    defer { withExtendedLifetime(project) {} }
    let session = try WebDriver.start(driver: Self.driver, browser: Self.browser)
    defer { session.stop() }
    try session.open("file://\(report)/index.html")
    let group = "#failures section.group[data-count='6']"
    let shown = try session.script("return Array.from(document.querySelectorAll(\"\(group) > .failure\")).map(e => e.dataset.name)")
    #expect(shown as? [String] == cards)
    #expect(try session.script("return document.querySelectorAll(\"\(group) .thumb\").length") as? Int == 0)
    // Each with golden, render and the difference drawn from them.
    for index in 0..<6 {
      let member = "document.querySelectorAll(\"\(group) > .failure\")[\(index)]"
      _ = try session.script("\(member).scrollIntoView(); return true")
      #expect(
        try Self.until(session, "return Array.from(\(member).querySelectorAll('.side img')).every(i => i.complete && i.naturalWidth > 0)"),
        "member \(index) loads once on screen")
    }
    let blends = try session.script("return document.querySelectorAll(\"\(group) .diff .blend .after\").length") as? Int
    #expect(blends == 6)
    // The page draws the changed pixels red over the faded golden, and only them.
    _ = try session.script("document.querySelector(\"\(group) .diff\").scrollIntoView(); return true")
    let shot = try PixelBuffer(pngData: try session.screenshot(try session.element("\(group) .diff")))
    var red = 0, grey = 0
    for i in stride(from: 0, to: shot.bytes.count, by: 4) {
      let (r, g, b) = (Int(shot.bytes[i]), Int(shot.bytes[i + 1]), Int(shot.bytes[i + 2]))
      if r > 170 && g < 90 && b < 100 { red += 1 } else if abs(r - g) < 12 && abs(g - b) < 12 { grey += 1 }
    }
    // As much of it red as the comparison found changed (the screenshot has the
    // image's border too), the rest grey.
    let first = try #require(summary.outcomes.first { $0.name == shown.flatMap { ($0 as? [String])?.first } })
    let changedShare = Double(first.comparison?.differingPixels ?? 0) / Double(first.comparison?.comparedPixels ?? 1)
    let redShare = Double(red) / Double(shot.width * shot.height)
    #expect(abs(redShare - changedShare) < 0.03, "\(red) red of \(shot.width)×\(shot.height); \(changedShare) changed")
    #expect(red + grey > shot.width * shot.height * 9 / 10, "what did not change stays grey: \(grey)")
  }
}

/// Just enough of the W3C WebDriver protocol to drive chromedriver.
final class WebDriver: @unchecked Sendable {
  private let process: Process
  private let base: String
  private var session = ""

  private init(process: Process, base: String) {
    self.process = process
    self.base = base
  }

  static func start(driver: String, browser: String) throws -> WebDriver {
    let port = 20000 + Int(getpid() % 20000)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: driver)
    process.arguments = ["--port=\(port)"]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let webDriver = WebDriver(process: process, base: "http://127.0.0.1:\(port)")
    // chromedriver says when it listens; until then, read what it prints (a read
    // returns when it prints, or ends when it exits).
    var printed = ""
    while !printed.contains("started successfully") {
      let data = output.fileHandleForReading.availableData
      guard !data.isEmpty else {
        webDriver.stop()
        throw DarkroomError("chromedriver did not start: \(printed)")
      }
      printed += String(decoding: data, as: UTF8.self)
    }
    // Whatever it prints later is read and dropped, so a full pipe never stops it.
    output.fileHandleForReading.readabilityHandler = { _ = $0.availableData }
    let capabilities: [String: Any] = [
      "capabilities": [
        "alwaysMatch": [
          "timeouts": ["script": 15_000],
          "goog:chromeOptions": [
            "binary": browser,
            "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1400,1000", "--disable-dev-shm-usage"],
          ]
        ]
      ]
    ]
    let created = try webDriver.request("POST", "/session", capabilities) as? [String: Any]
    guard let id = created?["sessionId"] as? String else {
      webDriver.stop()
      throw DarkroomError("chromedriver gave no session: \(String(describing: created))")
    }
    webDriver.session = id
    return webDriver
  }

  func stop() {
    if !session.isEmpty { _ = try? request("DELETE", "/session/\(session)", nil) }
    // chromedriver may outlive SIGTERM; the test must not wait for it.
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }

  func open(_ url: String) throws { _ = try request("POST", "/session/\(session)/url", ["url": url]) }

  func script(_ source: String) throws -> Any? {
    try request("POST", "/session/\(session)/execute/sync", ["script": source, "args": [Any]()])
  }

  /// Runs `source`, which calls its last argument with the result when it has one.
  func asyncScript(_ source: String) throws -> Any? {
    try request("POST", "/session/\(session)/execute/async", ["script": source, "args": [Any]()])
  }

  /// An error WebDriver answered with (`code` is its name: `script timeout`, …).
  struct Failure: Error, CustomStringConvertible {
    let code: String
    let message: String
    var description: String { "WebDriver \(code): \(message)" }
  }

  func element(_ css: String) throws -> String {
    let found = try request("POST", "/session/\(session)/element", ["using": "css selector", "value": css])
    guard let dictionary = found as? [String: Any], let id = dictionary.values.first as? String else {
      throw DarkroomError("no element \(css)")
    }
    return id
  }

  func click(_ css: String) throws {
    let id = try element(css)
    _ = try request("POST", "/session/\(session)/element/\(id)/click", [String: Any]())
  }

  /// A PNG of one element as drawn.
  func screenshot(_ element: String) throws -> [UInt8] {
    guard let text = try request("GET", "/session/\(session)/element/\(element)/screenshot", nil) as? String,
      let data = Data(base64Encoded: text)
    else { throw DarkroomError("no screenshot of the element") }
    return Array(data)
  }

  func sendKeys(_ element: String, _ text: String) throws {
    _ = try request("POST", "/session/\(session)/element/\(element)/value", ["text": text])
  }

  /// One WebDriver call through the `curl` tool: FoundationNetworking's client
  /// fails on chromedriver's replies here ("Failed writing header"), and curl is a
  /// dependency the browser test installs anyway.
  func request(_ method: String, _ path: String, _ body: Any?) throws -> Any? {
    var arguments = ["-s", "--max-time", "60", "-X", method, base + path]
    if let body {
      let json = String(decoding: try JSONSerialization.data(withJSONObject: body), as: UTF8.self)
      arguments += ["-H", "Content-Type: application/json", "--data-binary", json]
    }
    let curl = Process()
    curl.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
    curl.arguments = arguments
    let out = Pipe()
    curl.standardOutput = out
    curl.standardError = FileHandle.nullDevice
    try curl.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    curl.waitUntilExit()
    guard curl.terminationStatus == 0 else { throw DarkroomError("curl exited \(curl.terminationStatus) on \(path)") }
    let json = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    if let value = json?["value"] as? [String: Any], let error = value["error"] as? String {
      throw Failure(code: error, message: value["message"] as? String ?? "")
    }
    return json?["value"]
  }
}

