import DarkroomRaster

/// What of the screen a node being placed is seen in, for the truncation audit:
/// the part the clipping containers it is in let show, what the screen draws over
/// content there (pinned bars, the home indicator, the status bar), and where the
/// scrolling containers it is in end.
///
/// A scroll view's content runs on past its visible end — under a tab bar or the
/// home indicator, below the screen — and rests there until it is scrolled to, so
/// the audit looks only at the part of a label before that end.
struct Sight: Sendable {
  /// Something drawn over content, and where.
  struct Cover: Sendable {
    /// What it is.
    var what: Truncation.Cover
    /// Where it covers, in points.
    var rect: Rect
  }

  /// The part of the screen the clipping containers let show.
  var visible: Rect
  /// The part the clipping containers inside the innermost scrolling container
  /// let show; nil when none clips there. Those do not scroll: what they cut is cut
  /// wherever it lies.
  var clipInScroll: Rect? = nil
  /// What is drawn over content here.
  var covers: [Cover] = []
  /// Where the vertically scrolling containers' visible part ends, if any.
  var scrollBottom: Double? = nil
  /// Where the horizontally scrolling containers' visible part ends on the right
  /// (left to right) or starts on the left (right to left), if any.
  var scrollRight: Double? = nil
  var scrollLeft: Double? = nil

  /// Sight inside a container that scrolls along `axis` and is placed in `frame`:
  /// its visible part ends at its frame, at what clips it, at the safe area's edge
  /// (the home indicator's, the screen's bottom inset) and at the top of a bar over
  /// its content — as a scroll view's content inset does. Content past an end of
  /// any of the scrolling containers it is in scrolls.
  func scrolling(_ axis: StackAxis, in frame: Rect, safe: Rect, rightToLeft: Bool) -> Sight {
    var inside = self
    inside.clipInScroll = nil
    switch (axis, rightToLeft) {
    case (.vertical, _):
      var end = min(frame.maxY, visible.maxY, safe.maxY)
      for cover in covers where cover.rect.y > frame.y + 0.5 && cover.rect.x < frame.maxX && cover.rect.maxX > frame.x {
        end = min(end, cover.rect.y)
      }
      inside.scrollBottom = min(scrollBottom ?? end, end)
    case (.horizontal, false):
      let end = min(frame.maxX, visible.maxX, safe.maxX)
      inside.scrollRight = min(scrollRight ?? end, end)
    case (.horizontal, true):
      let start = max(frame.x, visible.x, safe.x)
      inside.scrollLeft = max(scrollLeft ?? start, start)
    }
    return inside
  }

  /// Sight inside a container that clips to `frame`.
  func clipped(to frame: Rect) -> Sight {
    var inside = self
    inside.visible = TruncationLog.intersection(visible, frame)
    if scrollBottom != nil || scrollRight != nil || scrollLeft != nil {
      inside.clipInScroll = TruncationLog.intersection(clipInScroll ?? frame, frame)
    }
    return inside
  }

  /// The part of `ink` before the ends of the scrolling containers it is in; nil
  /// when all of it lies past one (a half point is forgiven).
  func beforeScrollEnds(_ ink: Rect) -> Rect? {
    var seen = ink
    if let bottom = scrollBottom {
      guard seen.y < bottom - 0.5 else { return nil }
      seen.height = min(seen.maxY, bottom) - seen.y
    }
    if let right = scrollRight {
      guard seen.x < right - 0.5 else { return nil }
      seen.width = min(seen.maxX, right) - seen.x
    }
    if let left = scrollLeft {
      guard seen.maxX > left + 0.5 else { return nil }
      let x = max(seen.x, left)
      seen.width = seen.maxX - x
      seen.x = x
    }
    return seen
  }
}
