import DarkroomRaster
import Foundation

/// WCAG 2 contrast: relative luminance from linearised sRGB, and the ratio
/// (L1 + 0.05) / (L2 + 0.05) of the lighter to the darker, unrounded.
public enum Contrast {
  /// The relative luminance of an opaque colour (its alpha is ignored), 0…1.
  public static func luminance(_ color: RGBA8) -> Double {
    0.2126 * linear(color.r) + 0.7152 * linear(color.g) + 0.0722 * linear(color.b)
  }

  /// The contrast ratio of two opaque colours, 1…21, whichever is lighter.
  public static func ratio(_ a: RGBA8, _ b: RGBA8) -> Double {
    let la = luminance(a), lb = luminance(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
  }

  /// WCAG's large text: 18 points and up, or 14 points and up in bold.
  public static func isLarge(size: Double, bold: Bool) -> Bool { size >= 18 || (bold && size >= 14) }

  /// The minimum ratio for text of this kind (level AA): 3 for large text, else 4.5.
  public static func required(size: Double, bold: Bool) -> Double { isLarge(size: size, bold: bold) ? 3 : 4.5 }

  /// `foreground` drawn over the opaque `background`, straight alpha, correctly
  /// rounded: what a reader sees where text is translucent.
  public static func composite(_ foreground: RGBA8, over background: RGBA8) -> RGBA8 {
    let a = Int(foreground.a)
    func channel(_ f: UInt8, _ b: UInt8) -> UInt8 { UInt8((Int(f) * a + Int(b) * (255 - a) + 127) / 255) }
    return RGBA8(r: channel(foreground.r, background.r), g: channel(foreground.g, background.g), b: channel(foreground.b, background.b))
  }

  // sRGB's transfer function, as WCAG 2.x writes it (threshold 0.04045).
  private static func linear(_ v: UInt8) -> Double {
    let c = Double(v) / 255
    return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
  }
}

/// Three decimals, the precision WCAG ratios are quoted with.
package func format3(_ v: Double) -> String {
  let thousandths = Int((v * 1000).rounded())
  let fraction = String(thousandths % 1000)
  return String(thousandths / 1000) + "." + String(repeating: "0", count: 3 - fraction.count) + fraction
}
