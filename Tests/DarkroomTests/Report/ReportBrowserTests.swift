import Foundation
import Testing

@testable import Darkroom

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
    #expect(names as? [String] == failing, "failures are listed first, in run order")

    // Every image of the first failure and of the gallery has loaded.
    var loaded: Bool? = false
    for _ in 0..<150 where loaded != true {
      loaded = try session.script(
        "return Array.from(document.querySelectorAll('#failures .failure:first-of-type img, #gallery img')).every(i => i.complete && i.naturalWidth > 0)"
      ) as? Bool
      if loaded != true { usleep(100_000) }
    }
    #expect(loaded == true, "images load from disk")

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
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    let webDriver = WebDriver(process: process, base: "http://127.0.0.1:\(port)")
    var ready = false
    var lastError = "no answer"
    for _ in 0..<100 where !ready {
      do {
        ready = (try webDriver.request("GET", "/status", nil) as? [String: Any])?["ready"] as? Bool ?? false
      } catch {
        lastError = "\(error)"
      }
      if !ready { usleep(100_000) }
    }
    guard ready else {
      webDriver.stop()
      throw DarkroomError("chromedriver did not start: \(lastError)")
    }
    let capabilities: [String: Any] = [
      "capabilities": [
        "alwaysMatch": [
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
      throw DarkroomError("WebDriver \(error): \(value["message"] as? String ?? "")")
    }
    return json?["value"]
  }
}

