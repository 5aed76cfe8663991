import DarkroomRaster
import Foundation
import Testing

@testable import Darkroom
@testable import DarkroomFoundation
@testable import DarkroomRendering

/// Store screenshots through the commands and the page composer, on a small project:
/// where `darkroom screenshots` writes (deliver's and supply's folders, store locale
/// codes, file names, exact sizes), captions fitted to their lines, right-to-left
/// pages, located errors that write nothing, and pages as snapshots (goldens, the
/// report, the truncation audit).
///
/// The pages are small where a store allows it — Google Play takes 360×640 — and
/// the App Store's are the 4.7-inch iPhone's 750×1334, the smallest size it takes;
/// the screens are the iPhone SE's (750×1334 pixels), the smallest device, so a
/// debug build draws a page in a fraction of a second.
@Suite("Screenshots")
struct ScreenshotTests {
  static let catalog = """
    {
      "sourceLanguage" : "en",
      "strings" : {
        "home" : { "localizations" : {
          "en" : { "stringUnit" : { "state" : "translated", "value" : "Home" } },
          "de" : { "stringUnit" : { "state" : "translated", "value" : "Startseite" } },
          "ar" : { "stringUnit" : { "state" : "translated", "value" : "الرئيسية" } } } },
        "cap.one" : { "localizations" : {
          "en" : { "stringUnit" : { "state" : "translated", "value" : "Track orders" } },
          "de" : { "stringUnit" : { "state" : "translated", "value" : "Bestellungen verfolgen" } },
          "ar" : { "stringUnit" : { "state" : "translated", "value" : "تتبع الطلبات" } } } },
        "cap.two" : { "localizations" : {
          "en" : { "stringUnit" : { "state" : "translated", "value" : "Ship fast" } },
          "de" : { "stringUnit" : { "state" : "translated", "value" : "Versandbestätigungsbenachrichtigungseinstellungen" } },
          "ar" : { "stringUnit" : { "state" : "translated", "value" : "اشحن بسرعة" } } } }
      },
      "version" : "1.0"
    }
    """

  /// A screen whose first label sits at the leading edge: in Arabic it moves right.
  static let screen = """
    size: [200, 120]
    root:
      vstack:
        padding: 16
        align: leading
        children:
          - label: { text: { key: home }, style: title1 }
          - box: { height: 40, fill: actionBackground, corner: 8 }
    """

  static let file = """
    stores:
      appstore: [iPhoneSE]
      play: [{ device: iPhoneSE, size: [360, 640] }]
    gradient: [actionBackground, actionBorder]
    caption: { color: white, size: 14, weight: bold, lines: 2 }
    pages:
      - layout: home
        caption: { key: cap.one }
      - layout: home
        name: second
        caption: { text: { key: cap.two }, lines: 1 }
        subtitle: "Every parcel"
    """

  /// A project in `en`, `de` and `ar` with one screen and `screenshots` as its
  /// screenshots file.
  static func project(_ screenshots: String = file, locales: String = "[en, de, ar]") throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    try folder.write("Layouts/Localizable.xcstrings", catalog)
    try folder.write(
      "Layouts/theme.yml", testTheme + "\nstrings: [Localizable.xcstrings]\nlocales: \(locales)\n")
    try folder.write("Layouts/home.yml", screen)
    try folder.write("Layouts/screenshots.yml", screenshots)
    return folder
  }

  /// A PNG's width, height and colour type, from its header.
  static func header(_ path: String) throws -> (width: Int, height: Int, colorType: UInt8) {
    let bytes = try #require(FileManager.default.contents(atPath: path).map { [UInt8]($0) }, "no file at \(path)")
    func int(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
    return (int(16), int(20), bytes[25])
  }

  // MARK: Output

  @Test func writesTheFoldersDeliverAndSupplyReadWithStoreLocaleCodes() throws {
    let folder = try Self.project()
    let run = darkroom(["screenshots", "--out", "out", "--locales", "de,ar", "--jobs", "2"], in: folder.path)
    #expect(run.status == 0, "\(run.stderr)")
    var expected: [String: (Int, Int)] = [:]
    for (locale, play) in [("de-DE", "de-DE"), ("ar-SA", "ar")] {
      for (number, page) in [(1, "home"), (2, "second")] {
        expected["out/fastlane/screenshots/\(locale)/0\(number)_APP_IPHONE_47_\(page).png"] = (750, 1334)
        expected["out/fastlane/metadata/android/\(play)/images/phoneScreenshots/0\(number)_\(page).png"] = (360, 640)
      }
    }
    let written = snapshotOfFiles(folder.path + "/out").keys.map { "out/" + $0 }.sorted()
    #expect(written == expected.keys.sorted())
    for (path, size) in expected {
      let header = try Self.header(folder.path + "/" + path)
      #expect(header.width == size.0 && header.height == size.1, "\(path): \(header.width)×\(header.height)")
      #expect(header.colorType == 2, "\(path) is 24-bit RGB without alpha")
    }
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/.darkroom/screenshots/en.png"), "--locales de,ar")
    for locale in ["de", "ar"] {
      let sheet = folder.path + "/.darkroom/screenshots/\(locale).png"
      #expect(FileManager.default.fileExists(atPath: sheet), "a contact sheet for \(locale)")
    }
    #expect(run.stdout.hasPrefix("sheet .darkroom/screenshots/de.png\nsheet .darkroom/screenshots/ar.png\n"), "\(run.stdout)")
    #expect(run.stdout.contains("screenshots: 4 for the App Store, 4 for Google Play under out/fastlane/, 2 contact sheet(s)"))
  }

  @Test func storesAndLocalesPickWhatIsWrittenAndPagesTakenOutAreRemoved() throws {
    let folder = try Self.project()
    let run = darkroom(["screenshots", "--stores", "play", "--locales", "de"], in: folder.path)
    #expect(run.status == 0, "\(run.stderr)")
    let play = "fastlane/metadata/android/de-DE/images/phoneScreenshots"
    #expect(snapshotOfFiles(folder.path + "/fastlane").keys.sorted() == [
      "metadata/android/de-DE/images/phoneScreenshots/01_home.png",
      "metadata/android/de-DE/images/phoneScreenshots/02_second.png",
    ])
    // A file of the team's own stays; a page Darkroom wrote and no longer makes goes.
    try folder.write(play + "/99_team.png", "not Darkroom's")
    try folder.write("Layouts/screenshots.yml", Self.file.replacingOccurrences(of: "name: second", with: "name: later"))
    let again = darkroom(["screenshots", "--stores", "play", "--locales", "de"], in: folder.path)
    #expect(again.status == 0, "\(again.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/" + play).sorted() == [
      "01_home.png", "02_later.png", "99_team.png",
    ])
    #expect(again.stdout.contains("removed fastlane/metadata/android/de-DE/images/phoneScreenshots/02_second.png"))
    let unknown = darkroom(["screenshots", "--stores", "plya"], in: folder.path)
    #expect(unknown.status == 2)
    #expect(unknown.stderr.contains("unknown store 'plya' (expected appstore, play); did you mean 'play'?"), "\(unknown.stderr)")
  }

  @Test func pseudoLocalesAreDrawnForTheSheetAndWrittenForNoStore() throws {
    let folder = try Self.project(
      Self.file.replacingOccurrences(of: "appstore: [iPhoneSE]\n  ", with: ""), locales: "[en, en-XA]")
    let run = darkroom(["screenshots"], in: folder.path)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(FileManager.default.fileExists(atPath: folder.path + "/.darkroom/screenshots/en-XA.png"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/fastlane/metadata/android") == ["en-US"])
    #expect(run.stderr.contains("warning: en-XA is a pseudo-locale, which no store lists"), "\(run.stderr)")
  }

  @Test func eachModeIsASetOfItsOwn() throws {
    let file = Self.file.replacingOccurrences(of: "appstore: [iPhoneSE]\n  ", with: "") + "\nmodes: [light, dark]\n"
    let folder = try Self.project(file, locales: "[de]")
    let run = darkroom(["screenshots", "--out", "out"], in: folder.path)
    #expect(run.status == 0, "\(run.stderr)")
    let play = "fastlane/metadata/android/de-DE/images/phoneScreenshots/"
    #expect(snapshotOfFiles(folder.path + "/out").keys.sorted() == [
      "dark/" + play + "01_home.png", "dark/" + play + "02_second.png", "light/" + play + "01_home.png",
      "light/" + play + "02_second.png",
    ])
    #expect(snapshotOfFiles(folder.path + "/out/light") != snapshotOfFiles(folder.path + "/out/dark"))
    #expect(FileManager.default.fileExists(atPath: folder.path + "/.darkroom/screenshots/dark/de.png"))
  }

  @Test func aFramelessPageShowsTheScreenAloneWithTheDisplaysCorners() throws {
    let framed = try Self.project(locales: "[en]")
    let bare = try Self.project(Self.file + "\nframe: none\n", locales: "[en]")
    let (withFrame, _) = try Self.page(framed, locale: "en")
    let (alone, _) = try Self.page(bare, locale: "en")
    func screen(_ list: DisplayList) -> RoundedRect? {
      for case .snapshot(_, let frame) in list.commands { return frame }
      return nil
    }
    let inFrame = try #require(screen(withFrame)), bareScreen = try #require(screen(alone))
    // Without the bezel the screen may take more of the room below the captions.
    #expect(bareScreen.rect.width > inFrame.rect.width)
    // The frame's band and glass are drawn under the screen, wider than it; frameless
    // draws nothing but the page's gradient there.
    let wider = { (list: DisplayList) in
      list.commands.filter {
        if case .fill(let shape, _) = $0 { return shape.rect.width < list.width && shape.rect.width > 0 }
        return false
      }.count
    }
    #expect(wider(withFrame) >= 2 && wider(alone) == 0, "\(wider(withFrame)) \(wider(alone))")
  }

  @Test func projectLocalesMapToEachStoresCodes() {
    let cases: [(String, String?, String?)] = [
      ("en", "en-US", "en-US"), ("de", "de-DE", "de-DE"), ("ar", "ar-SA", "ar"), ("en-GB", "en-GB", "en-GB"),
      ("fr-CA", "fr-CA", "fr-CA"), ("he", "he", "iw-IL"), ("ja", "ja", "ja-JP"), ("pt", "pt-BR", "pt-BR"),
      ("zh-Hant", "zh-Hant", "zh-TW"), ("nb", "no", "no-NO"), ("en-XA", nil, nil), ("tlh", nil, nil),
    ]
    for (locale, appStore, play) in cases {
      #expect(StoreLocales.code(for: LocaleID(locale), in: .appstore) == appStore, "\(locale) on the App Store")
      #expect(StoreLocales.code(for: LocaleID(locale), in: .play) == play, "\(locale) on Google Play")
    }
  }

  @Test func storeSizesAreTheStoresOwn() throws {
    // The devices the stores ask for, at their own pixels.
    for (device, display) in [
      (DevicePreset.iPhone16ProMax, "APP_IPHONE_67"), (.iPhone11ProMax, "APP_IPHONE_65"), (.iPadPro13, "APP_IPAD_PRO_3GEN_129"),
      (.iPhone16Pro, "APP_IPHONE_61"), (.iPhoneSE, "APP_IPHONE_47"),
    ] {
      let width = Int(device.size.width * device.scale), height = Int(device.size.height * device.scale)
      #expect(try Store.appstore.display(width: width, height: height).get().name == display, "\(device)")
    }
    #expect(Int((DevicePreset.pixel9.size.width * DevicePreset.pixel9.scale).rounded()) == 1080)
    #expect(Int((DevicePreset.pixel9.size.height * DevicePreset.pixel9.scale).rounded()) == 2424)
    #expect((try? Store.appstore.display(width: 1179, height: 2557).get()) == nil)
    // The Pixel 9's own screen is longer than Google Play takes: its pages are 9:16.
    #expect((try? Store.play.display(width: 1080, height: 2424).get()) == nil)
    #expect((try? Store.play.display(width: 1080, height: 2160).get())?.name == "phone")
    #expect((try? Store.play.display(width: 1080, height: 1920).get())?.name == "phone")
    #expect((try? Store.play.display(width: 319, height: 600).get()) == nil, "under 320 pixels a side")
    #expect((try? Store.play.display(width: 400, height: 801).get()) == nil, "longer than twice the short side")
    #expect((try? Store.play.display(width: 2000, height: 3841).get()) == nil, "over 3840 pixels a side")
  }

  // MARK: Bad input

  func expectBadInput(_ screenshots: String, _ expected: String, arguments: [String] = ["screenshots"]) throws {
    let folder = try Self.project(screenshots)
    let before = snapshotOfFiles(folder.path)
    let run = darkroom(arguments, in: folder.path)
    #expect(run.status == 2, "\(arguments): \(run.stdout)")
    #expect(run.stderr == expected + "\n", "\(run.stderr)")
    #expect(snapshotOfFiles(folder.path) == before, "nothing written")
  }

  @Test func badFilesAreLocatedAndWriteNothing() throws {
    let file = Self.file
    try expectBadInput(
      file.replacingOccurrences(of: "layout: home\n    name", with: "layout: hom\n    name"),
      "Layouts/screenshots.yml:9:13: error: unknown layout 'hom' (the layouts: home); did you mean 'home'?")
    try expectBadInput(
      file.replacingOccurrences(of: "appstore: [iPhoneSE]", with: "appstore: [iPhoneSF]"),
      "Layouts/screenshots.yml:2:14: error: unknown device 'iPhoneSF' (expected iPhoneSE, iPhone15, iPhone15ProMax, "
        + "iPhone11ProMax, iPhone16Pro, iPhone16ProMax, iPad, iPadPro13, pixel9); did you mean 'iPhoneSE'?")
    try expectBadInput(
      file.replacingOccurrences(of: "play:", with: "plya:"),
      "Layouts/screenshots.yml:3:3: error: unknown key 'plya' in stores; did you mean 'play'?")
    try expectBadInput(
      file.replacingOccurrences(of: "key: cap.two", with: "key: cap.tow"),
      "Layouts/screenshots.yml:11:29: error: unknown string key 'cap.tow'; did you mean 'cap.two'?")
    try expectBadInput(
      file.replacingOccurrences(of: "lines: 2", with: "lines: 12"),
      "Layouts/screenshots.yml:5:57: error: lines must be between 1 and 10, found 12")
    // Sizes are checked against the store's rules when the file is read.
    try expectBadInput(
      file.replacingOccurrences(of: "size: [360, 640]", with: "size: [300, 640]"),
      "Layouts/screenshots.yml:3:36: error: Google Play takes 320 to 3840 pixels a side, found 300×640")
    try expectBadInput(
      file.replacingOccurrences(of: "appstore: [iPhoneSE]", with: "appstore: [{ device: iPhoneSE, size: [1179, 2557] }]"),
      "Layouts/screenshots.yml:2:40: error: the App Store takes no 1179×2557 image; did you mean '1179x2556'?")
    try expectBadInput(
      file.replacingOccurrences(of: "size: [360, 640]", with: "size: [360, 900]"),
      "Layouts/screenshots.yml:3:36: error: Google Play takes images whose long side is at most twice the short one, found 360×900")
    try expectBadInput(
      file.replacingOccurrences(of: "appstore: [iPhoneSE]", with: "appstore: [pixel9]"),
      "Layouts/screenshots.yml:2:14: error: the App Store takes no 1080×2424 image, pixel9's own size; "
        + "give it one the store takes with { device: pixel9, size: [width, height] }")
    try expectBadInput(
      file + "\n  - layout: home\n    name: second\n",
      "Layouts/screenshots.yml:14:11: error: two pages are named 'second'; give one another with 'name:'")
    try expectBadInput(
      file + "\nstoreLocales: { play: { de: de_DE } }\n",
      "Layouts/screenshots.yml:13:29: error: 'de_DE' is not one of Google Play's locale codes; did you mean 'de-DE'?")
  }

  @Test func aMissingScreenshotsFileIsNamed() throws {
    let folder = try Self.project()
    try FileManager.default.removeItem(atPath: folder.path + "/Layouts/screenshots.yml")
    let run = darkroom(["screenshots"], in: folder.path)
    #expect(run.status == 2)
    #expect(
      run.stderr
        == "Layouts/screenshots.yml: error: the layouts folder has no screenshots.yml; write one to describe the store screenshots\n",
      "\(run.stderr)")
  }

  // MARK: Captions

  /// The page's display list for `page` (from 1) on the Play phone in `locale`.
  static func page(_ folder: TemporaryFolder, number: Int = 1, locale: String) throws -> (DisplayList, Snapshot) {
    let project = try Project.load(layoutsDirectory: folder.path + "/Layouts")
    let snapshot = try #require(
      project.snapshots(modes: project.theme.modes, locales: [LocaleID(locale)]).first {
        $0.page?.number == number && $0.page?.target.store == .play
      })
    return (try snapshot.displayList(theme: project.theme), snapshot)
  }

  /// The text commands at the page's top level: the captions.
  static func captions(_ list: DisplayList) -> [(text: String, size: Double, x: Double, width: Double)] {
    list.commands.compactMap {
      guard case .text(let line, let origin, _) = $0 else { return nil }
      return (line.text, line.size, origin.x, line.width)
    }
  }

  /// A page may name a layout per device class: an iPad draws the app's iPad layout,
  /// a phone the phone's; a page that stretches a phone layout onto an iPad says so
  /// once, at the page.
  @Test func anIPadPageDrawsTheIPadLayoutAndAStretchedOneIsSaid() throws {
    let file = """
      stores:
        appstore: [iPhoneSE, iPad]
      caption: { color: white, size: 14 }
      pages:
        - layout: { phone: home, pad: homepad }
          caption: { key: cap.one }
        - layout: home
          name: second
      """
    let folder = try Self.project(file)
    try folder.write(
      "Layouts/homepad.yml",
      "size: [400, 300]\nroot:\n  hstack: { children: [ { label: { text: Sidebar } }, { label: { text: { key: home } } } ] }\n")
    let project = try Project.load(layoutsDirectory: folder.path + "/Layouts")
    func page(_ number: Int, pad: Bool) throws -> (texts: [String], warnings: [String]) {
      let snapshot = try #require(
        project.snapshots(modes: project.theme.modes, locales: ["en"]).first {
          $0.page?.number == number && $0.page?.target.device.isPad == pad
        })
      let list = try snapshot.displayList(theme: project.theme)
      let screen = try #require(
        list.commands.lazy.compactMap { command -> DisplayList? in
          guard case .snapshot(let screen, _) = command else { return nil }
          return screen
        }.first)
      return (screen.textLines.map(\.line.text), list.warnings.map(\.description))
    }
    let padPage = try page(1, pad: true), phonePage = try page(1, pad: false)
    #expect(padPage.texts.contains("Sidebar") && padPage.warnings.isEmpty, "\(padPage)")
    #expect(!phonePage.texts.contains("Sidebar") && phonePage.texts.contains("Home"), "\(phonePage)")
    let stretched = try page(2, pad: true)
    #expect(!stretched.texts.contains("Sidebar"))
    #expect(
      stretched.warnings.count == 1
        && stretched.warnings[0].hasSuffix(
          "/Layouts/screenshots.yml:7:5: warning: page 'second' draws the phone layout 'home' on the 11-inch iPad, stretched; "
            + "name the app's iPad layout with layout: { phone: home, pad: … }"),
      "\(stretched.warnings)")
    #expect(try page(2, pad: false).warnings.isEmpty, "a phone page says nothing")
    // A page's layouts are checked as a layout is.
    for (layouts, message) in [
      ("{ pad: homepad }", "a page's layouts need 'phone'"),
      ("{ phone: home, tablet: homepad }", "tablet"),
      ("{ phone: home, pad: homepd }", "unknown layout 'homepd'"),
    ] {
      try folder.write("Layouts/screenshots.yml", file.replacingOccurrences(of: "{ phone: home, pad: homepad }", with: layouts))
      let error = expectThrows(DarkroomError.self) { try Project.load(layoutsDirectory: folder.path + "/Layouts") }
      #expect(error?.description.contains(message) == true, "\(layouts): \(error?.description ?? "none")")
    }
  }

  @Test func aGermanCaptionThatWouldOverflowShrinksToFit() throws {
    let folder = try Self.project(Self.file.replacingOccurrences(of: "lines: 2", with: "lines: 1"))
    let (english, _) = try Self.page(folder, locale: "en")
    let (german, _) = try Self.page(folder, locale: "de")
    let en = try #require(Self.captions(english).first)
    #expect(en.text == "Track orders" && en.size == 14, "the English caption fits at its size: \(en)")
    let de = Self.captions(german)
    #expect(de.count == 1 && de[0].text == "Bestellungen verfolgen", "one line, whole: \(de)")
    #expect(de[0].size < 14 && de[0].size >= 14 * 0.6, "shrunk, not below the minimum: \(de[0].size)")
    #expect(german.truncations.isEmpty, "\(german.truncations)")
  }

  @Test func aCaptionThatCannotFitIsCutAndReportedByTheAudit() throws {
    let folder = try Self.project()
    // Page 2's German caption is one word too long for the page even at 60%.
    let (german, snapshot) = try Self.page(folder, number: 2, locale: "de")
    let cut = try #require(german.truncations.first)
    #expect(cut.text == "Versandbestätigungsbenachrichtigungseinstellungen")
    #expect(Self.captions(german).first?.size == 8.5, "cut at its smallest size, 60% of 14 to a quarter point")
    #expect(snapshot.name == "screenshots/02_phone_second_light.de")
    let audit = darkroom(["audit", "--locales", "de", "--modes", "light"], in: folder.path)
    #expect(audit.status == 0, "\(audit.stderr)")
    // The App Store's page is twice as wide in points: there it fits, shrunk.
    let lines = audit.stdout.split(separator: "\n").filter { $0.contains("Versandbest") }.map(String.init)
    #expect(
      lines == [
        "Layouts/screenshots.yml:11:14: screenshots/02_phone_second_light.de: \"Versandbestätigungsbenachrichtigungseinstellungen\" — "
          + "too wide for its frame; showed \"Versandbestätigungsbenachricht…\""
      ], "\(lines)")
    #expect(!audit.stdout.contains("_light.en: \"Ship fast\""), "the English caption fits")
  }

  // MARK: Right to left

  @Test func rightToLeftPagesAreMirrored() throws {
    let file = Self.file.replacingOccurrences(of: "lines: 2 }", with: "lines: 2, align: leading }")
    let folder = try Self.project(file)
    let (english, _) = try Self.page(folder, locale: "en")
    let (arabic, _) = try Self.page(folder, locale: "ar")
    let width = english.width
    let en = try #require(Self.captions(english).first), ar = try #require(Self.captions(arabic).first)
    #expect(en.x < width * 0.1, "a leading caption starts at the left in English: \(en.x)")
    #expect(ar.x + ar.width > width * 0.9, "and ends at the right in Arabic: \(ar.x + ar.width) of \(width)")
    // The screen inside is drawn mirrored: its leading title is at the right.
    func screen(_ list: DisplayList) throws -> DisplayList {
      try #require(
        list.commands.lazy.compactMap { command -> DisplayList? in
          guard case .snapshot(let screen, _) = command else { return nil }
          return screen
        }.first)
    }
    let enScreen = try screen(english), arScreen = try screen(arabic)
    let enTitle = try #require(Self.captions(enScreen).first { $0.text == "Home" })
    let arTitle = try #require(Self.captions(arScreen).first { $0.text == "الرئيسية" })
    #expect(enTitle.x < enScreen.width / 2)
    #expect(arTitle.x > enScreen.width / 2, "the title is at the right of the Arabic screen: \(arTitle.x)")
    // The device is where it is in English: the page's halves are each other's mirror.
    func frame(_ list: DisplayList) -> Rect? {
      for case .snapshot(_, let frame) in list.commands { return frame.rect }
      return nil
    }
    #expect(frame(english) == frame(arabic))
  }

  // MARK: Pages are snapshots

  @Test func aPagePassesWithoutBeingLaidOutOnlyWhileTheScreenItFramesIsUnchanged() throws {
    let folder = try Self.project(Self.file.replacingOccurrences(of: "appstore: [iPhoneSE]\n  ", with: ""), locales: "[en]")
    #expect(darkroom(["record", "--modes", "light"], in: folder.path).status == 0)
    #expect(darkroom(["verify", "--modes", "light"], in: folder.path).status == 0)
    #expect(darkroom(["verify", "--modes", "light"], in: folder.path).status == 0)
    func pages() throws -> [SnapshotOutcome] {
      let data = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/.darkroom/report/results.json"))
      return try JSONDecoder().decode(RunSummary.self, from: data).outcomes.filter { $0.name.hasPrefix("screenshots/") }
    }
    #expect(try pages().count == 2)
    #expect(try pages().allSatisfy { $0.unchangedInputs == true })
    // The screen the pages frame is its own layout file: a change to it changes them.
    try folder.write("Layouts/home.yml", Self.screen.replacingOccurrences(of: "style: title1", with: "style: body"))
    let changed = darkroom(["verify", "--modes", "light"], in: folder.path)
    #expect(changed.status == 1)
    #expect(changed.stdout.contains("FAIL screenshots/01_phone_home_light: "), "\(changed.stdout)")
    #expect(try pages().allSatisfy { $0.unchangedInputs == nil })
  }

  @Test func pagesVerifyAgainstGoldensAndAppearInTheReport() throws {
    let folder = try Self.project(
      Self.file.replacingOccurrences(of: "appstore: [iPhoneSE]\n  ", with: ""), locales: "[en, ar]")
    let record = darkroom(["record", "--modes", "light"], in: folder.path)
    #expect(record.status == 0, "\(record.stderr)")
    let goldens = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/Golden/screenshots").sorted()
    #expect(goldens == [
      "01_phone_home_light.ar.png", "01_phone_home_light.en.png", "02_phone_second_light.ar.png",
      "02_phone_second_light.en.png",
    ])
    let pass = darkroom(["verify", "--modes", "light", "--locales", "en"], in: folder.path)
    #expect(pass.status == 0, "\(pass.stdout)")
    try folder.write("Layouts/screenshots.yml", Self.file.replacingOccurrences(of: "appstore: [iPhoneSE]\n  ", with: "")
      .replacingOccurrences(of: "Every parcel", with: "Every box"))
    let fail = darkroom(["verify", "--modes", "light", "--locales", "en"], in: folder.path)
    #expect(fail.status == 1)
    #expect(fail.stdout.contains("FAIL screenshots/02_phone_second_light.en: "), "\(fail.stdout)")
    #expect(!fail.stdout.contains("FAIL screenshots/01_"), "page 1 did not change")
    let results = try String(contentsOfFile: folder.path + "/.darkroom/report/results.json", encoding: .utf8)
    #expect(results.contains("02_phone_second_light.en"))
    // The report shows the changed page: its render and its difference.
    let images = try #require(try reportImages(folder.path + "/.darkroom/report", "screenshots/02_phone_second_light.en"))
    #expect(images.render.map { FileManager.default.fileExists(atPath: folder.path + "/.darkroom/report/" + $0) } ?? false)
    #expect(images.differenceThumbnail != nil)
  }

  @Test func pagesAreDrawnTheSameOnEveryRunAndThreadCount() throws {
    let folder = try Self.project(Self.file.replacingOccurrences(of: "appstore: [iPhoneSE]\n  ", with: ""), locales: "[ar]")
    #expect(darkroom(["screenshots", "--jobs", "1", "--out", "a"], in: folder.path).status == 0)
    #expect(darkroom(["screenshots", "--jobs", "2", "--out", "b"], in: folder.path).status == 0)
    let a = snapshotOfFiles(folder.path + "/a"), b = snapshotOfFiles(folder.path + "/b")
    #expect(a.count == 2 && a == b)
  }
}
