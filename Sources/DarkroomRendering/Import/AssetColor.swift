import DarkroomFoundation

/// One `color` object of an asset catalog colour set: components in a colour space,
/// or a reference to a system colour.
///
/// Components are written three ways, as Xcode's inspector offers them: floats
/// (`"0.235"`), 8-bit integers (`"60"`) and hex bytes (`"0x3C"`). A value with a
/// decimal point is a float; alpha is always a float or hex.
enum AssetColor {
  static func parse(_ node: YAMLNode) throws(DarkroomError) -> (ColorExpression, [ColorDefinition.Reference]) {
    let fields = try node.mapping("a colour")
    if let reference = fields["reference"] {
      let text = try reference.string("a system colour reference")
      // UIColor's fixed colours are values, not names: a source's own colour named
      // `white` must not take their place.
      let fixed = ["whiteColor": "white", "blackColor": "black", "clearColor": "clear"]
      if let builtIn = fixed[text], let value = Theme.builtIns[builtIn] { return (.literal(value), []) }
      guard let name = SystemColors.name(forUIKit: text) else {
        throw DarkroomError(
          "unknown system colour '\(Quoted.text(text))'", at: reference.textLocation,
          suggestion: Suggestion.closest(to: text, in: SystemColors.uikitNames + fixed.keys))
      }
      return (.named(name), [ColorDefinition.Reference(name: name, location: reference.textLocation)])
    }
    guard let spaceNode = fields["color-space"] else {
      throw DarkroomError("a colour needs a 'color-space' or a system colour 'reference'", at: node.location)
    }
    let space = try spaceNode.choice("colour space", as: ColorSpace.self)
    guard let componentsNode = fields["components"] else {
      throw DarkroomError("a colour needs 'components'", at: node.location)
    }
    let components = try componentsNode.mapping("components")
    let names = space.isGray ? ["white", "alpha"] : ["red", "green", "blue", "alpha"]
    try components.checkKeys(allowed: names, in: "\(space.rawValue) components")
    var values: [Double] = []
    for name in names.dropLast() {
      guard let value = components[name] else {
        throw DarkroomError("\(space.rawValue) components need '\(name)'", at: componentsNode.location)
      }
      values.append(try component(value, name: name, space: space))
    }
    let alpha = try components["alpha"].map { (node) throws(DarkroomError) in try component(node, name: "alpha", space: .sRGB) } ?? 1
    return (.literal(space.sRGB(values, alpha: alpha)), [])
  }

  /// A component as a 0…1 value (or beyond, in an extended space).
  private static func component(_ node: YAMLNode, name: String, space: ColorSpace) throws(DarkroomError) -> Double {
    let text = try node.string("component '\(name)'").trimmingCharacters(in: .whitespaces)
    let value: Double
    if text.lowercased().hasPrefix("0x") {
      guard let byte = UInt8(text.dropFirst(2), radix: 16) else {
        throw DarkroomError("component '\(name)': '\(text)' is not a hex byte (0x00…0xFF)", at: node.textLocation)
      }
      value = Double(byte) / 255
    } else if let number = Double(text), number.isFinite {
      if text.contains(".") || text.contains("e") || text.contains("E") || name == "alpha" {
        value = number
      } else {
        guard number >= 0, number <= 255 else {
          throw DarkroomError("component '\(name)': \(text) is outside 0…255", at: node.textLocation)
        }
        value = number / 255
      }
    } else {
      throw DarkroomError(
        "component '\(name)': '\(text)' is not a number (write 0.235, 60 or 0x3C)", at: node.textLocation)
    }
    if !space.isExtended && !(0...1).contains(value) {
      throw DarkroomError(
        "component '\(name)': \(text) is outside 0…1 in \(space.rawValue) (use an extended colour space)",
        at: node.textLocation)
    }
    return value
  }
}
