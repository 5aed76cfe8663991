import DarkroomFoundation
import DarkroomRendering

extension ScreenshotSet {
  /// Every page × device × locale in the modes of `modes` the set draws, as
  /// snapshots: mode by mode, then device by device in store order, then page by
  /// page, then locale by locale (only those of `locales` when given).
  public func snapshots(modes: [Mode], locales wanted: [LocaleID]? = nil) -> [Snapshot] {
    let chosen = Set(modes.map(\.name))
    var result: [Snapshot] = []
    for mode in self.modes where chosen.contains(mode.name) {
      // A page's pixels are the store's size whatever the mode's scale.
      var traits = mode.traits
      traits.scale = nil
      let pageMode = Mode(name: mode.name, traits: traits)
      for target in targets {
        for (index, spec) in pages.enumerated() {
          let page = ScreenshotPage(
            number: index + 1, spec: spec, target: target, frame: frame, file: file, compare: compare)
          for locale in locales where wanted == nil || locale.map({ wanted?.contains($0) ?? true }) ?? true {
            result.append(Snapshot(page: page, mode: pageMode, locale: locale, namesLocale: namesLocales))
          }
        }
      }
    }
    return result
  }
}
