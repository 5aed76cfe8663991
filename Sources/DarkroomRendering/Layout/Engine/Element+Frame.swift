import DarkroomFoundation

extension Frame {
  /// The frame's settings laid over an element's own: a size or limit given here
  /// wins, opacities multiply (a disabled button's 40% and an `opacity:`).
  func apply(to element: inout Element) {
    if case .points(let w) = width { element.width = w }
    if case .points(let h) = height { element.height = h }
    element.fills = FillAxes(width: width == .fill, height: height == .fill)
    element.opacity *= opacity
    element.traits = traits
    element.mirrors = mirror
    if let ratio = aspectRatio { element.aspectRatio = ratio }
    element.priority = priority
    element.fixedSize = fixed
    if let scalesWith { element.scalesWith = scalesWith }
    if let shownAt { element.shownAt = shownAt }
    element.limits.minWidth = limits.minWidth ?? element.limits.minWidth
    element.limits.maxWidth = limits.maxWidth ?? element.limits.maxWidth
    element.limits.minHeight = limits.minHeight ?? element.limits.minHeight
    element.limits.maxHeight = limits.maxHeight ?? element.limits.maxHeight
  }
}
