import Foundation

extension LocaleID {
  /// `text` in capitals by this locale's rules (Turkish i is İ, German ß is SS), as
  /// SwiftUI's `.textCase(.uppercase)` shows it.
  package func uppercased(_ text: String) -> String {
    text.uppercased(with: Locale(identifier: identifier))
  }
}
