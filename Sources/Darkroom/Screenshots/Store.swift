import DarkroomFoundation

/// A store a set of screenshots is made for, with the rules its images must keep and
/// the folders fastlane uploads them from.
///
/// The App Store's sizes are App Store Connect's display types as fastlane's
/// `deliver` detects them (`deliver/lib/deliver/app_screenshot.rb`, which cites
/// <https://help.apple.com/app-store-connect/#/devd274dd925>); Google Play's rules are
/// its phone screenshot rules (JPEG or 24-bit PNG without alpha, 320 to 3,840 pixels a
/// side, the long side at most twice the short one, 2 to 8 images, 8 MB each). README
/// names the sources.
public enum Store: String, Sendable, CaseIterable, Comparable {
  /// App Store Connect, through fastlane `deliver`.
  case appstore
  /// Google Play, through fastlane `supply`.
  case play

  /// How messages name the store.
  public var title: String {
    switch self {
    case .appstore: "the App Store"
    case .play: "Google Play"
    }
  }

  /// The fewest pages a set may have: one for the App Store, two for Google Play.
  public var minimumPages: Int {
    switch self {
    case .appstore: 1
    case .play: 2
    }
  }

  /// The most pages a set may have: ten per display type for the App Store, eight
  /// phone screenshots for Google Play.
  public var maximumPages: Int {
    switch self {
    case .appstore: 10
    case .play: 8
    }
  }

  /// The largest file a store takes, in bytes; nil when it publishes none (the App
  /// Store).
  public var maximumFileBytes: Int? {
    switch self {
    case .appstore: nil
    case .play: 8 << 20
    }
  }

  /// The folder of one locale's images under fastlane's folder, as `deliver` and
  /// `supply` read them: `screenshots/<locale>` and
  /// `metadata/android/<locale>/images/phoneScreenshots`.
  public func folder(locale: String) -> String {
    switch self {
    case .appstore: "screenshots/\(locale)"
    case .play: "metadata/android/\(locale)/images/phoneScreenshots"
    }
  }

  /// The file name of page `number` (from 1) named `page` for `display`: two
  /// digits first, so both fastlane's natural sort (`deliver`) and its plain sort
  /// (`supply`) keep the order.
  public func fileName(number: Int, display: String, page: String) -> String {
    let digits = number < 10 ? "0\(number)" : "\(number)"
    switch self {
    case .appstore: return "\(digits)_\(display)_\(page).png"
    case .play: return "\(digits)_\(page).png"
    }
  }

  /// The display an image of this size is for, or why the store refuses it.
  ///
  /// The App Store takes only the exact sizes of its display types (either way up);
  /// Google Play takes 320 to 3,840 pixels a side with the long side at most twice
  /// the short one.
  public func display(width: Int, height: Int) -> Result<StoreDisplay, StoreSizeProblem> {
    switch self {
    case .appstore:
      if let display = StoreDisplay.appStore.first(where: { $0.accepts(width: width, height: height) }) {
        return .success(display)
      }
      return .failure(
        StoreSizeProblem(
          message: "the App Store takes no \(width)×\(height) image", closest: StoreDisplay.closest(width: width, height: height)))
    case .play:
      let short = min(width, height), long = max(width, height)
      if short < 320 || long > 3840 {
        return .failure(
          StoreSizeProblem(message: "Google Play takes 320 to 3840 pixels a side, found \(width)×\(height)", closest: nil))
      }
      if long > 2 * short {
        return .failure(
          StoreSizeProblem(
            message: "Google Play takes images whose long side is at most twice the short one, found \(width)×\(height)",
            closest: nil))
      }
      return .success(StoreDisplay.playPhone)
    }
  }

  /// The stores `names` name (`--stores appstore,play`), each once, in the order given.
  ///
  /// - Throws: ``/DarkroomFoundation/DarkroomError`` for a name that is not a store's, with the closest.
  public static func named(_ names: [String]) throws(DarkroomError) -> [Store] {
    var stores: [Store] = []
    for name in names {
      guard let store = Store(rawValue: name) else {
        let known = allCases.map(\.rawValue)
        throw DarkroomError(
          "unknown store '\(name)' (expected \(known.joined(separator: ", ")))",
          suggestion: Suggestion.closest(to: name, in: known))
      }
      if !stores.contains(store) { stores.append(store) }
    }
    return stores
  }

  /// Stores in the order sets are listed: the App Store, then Google Play.
  public static func < (a: Store, b: Store) -> Bool { a.order < b.order }

  private var order: Int {
    switch self {
    case .appstore: 0
    case .play: 1
    }
  }
}

/// Why a store refuses an image's size, and the nearest size it takes.
public struct StoreSizeProblem: Error, Sendable {
  /// What is wrong, in words.
  public let message: String
  /// The accepted size nearest the one given, for a "did you mean".
  public let closest: String?
}

/// One kind of screen a store keeps a set of screenshots for: an App Store display
/// type (`APP_IPHONE_67`, the 6.9-inch iPhones) with its accepted sizes, or Google
/// Play's phones.
public struct StoreDisplay: Sendable, Hashable {
  /// The name file names and goldens carry: App Store Connect's display type, or
  /// `phone` for Google Play.
  public let name: String
  /// How people call it: "6.9-inch iPhone".
  public let title: String
  /// The sizes taken, portrait, in pixels (landscape is the same sizes turned).
  public let sizes: [[Int]]

  /// Whether an image of this size is one of the display's, either way up.
  func accepts(width: Int, height: Int) -> Bool {
    sizes.contains { $0 == [width, height] || $0 == [height, width] }
  }

  /// App Store Connect's display types for iPhones and iPads, largest first, with
  /// the sizes fastlane `deliver` detects each by (`app_screenshot.rb`).
  public static let appStore: [StoreDisplay] = [
    StoreDisplay(name: "APP_IPHONE_67", title: "6.9-inch iPhone", sizes: [[1320, 2868], [1290, 2796], [1260, 2736]]),
    StoreDisplay(name: "APP_IPHONE_65", title: "6.5-inch iPhone", sizes: [[1284, 2778], [1242, 2688]]),
    StoreDisplay(name: "APP_IPHONE_61", title: "6.3-inch iPhone", sizes: [[1206, 2622], [1179, 2556]]),
    StoreDisplay(name: "APP_IPHONE_58", title: "6.1-inch iPhone", sizes: [[1170, 2532], [1125, 2436], [1080, 2340]]),
    StoreDisplay(name: "APP_IPHONE_55", title: "5.5-inch iPhone", sizes: [[1242, 2208]]),
    StoreDisplay(name: "APP_IPHONE_47", title: "4.7-inch iPhone", sizes: [[750, 1334]]),
    // deliver resolves 2048×2732 (and, in older versions, 2064×2752) to the 12.9-inch
    // iPad Pro of 2017 unless the file name says `IPAD_PRO_3GEN_129`, which this
    // name does.
    StoreDisplay(name: "APP_IPAD_PRO_3GEN_129", title: "13-inch iPad", sizes: [[2064, 2752], [2048, 2732]]),
    StoreDisplay(
      name: "APP_IPAD_PRO_3GEN_11", title: "11-inch iPad", sizes: [[1488, 2266], [1668, 2420], [1668, 2388], [1640, 2360]]),
  ]

  /// Google Play's phones (supply's `phoneScreenshots`).
  public static let playPhone = StoreDisplay(name: "phone", title: "Google Play phone", sizes: [])

  /// The App Store size nearest `width`×`height`, as `1320x2868`.
  static func closest(width: Int, height: Int) -> String? {
    let all = appStore.flatMap(\.sizes).map { width <= height ? $0 : [$0[1], $0[0]] }
    let best = all.min { a, b in
      abs(a[0] - width) + abs(a[1] - height) < abs(b[0] - width) + abs(b[1] - height)
    }
    return best.map { "\($0[0])x\($0[1])" }
  }
}
