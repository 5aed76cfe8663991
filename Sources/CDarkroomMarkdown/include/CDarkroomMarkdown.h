#ifndef CDARKROOM_MARKDOWN_H
#define CDARKROOM_MARKDOWN_H

// Darkroom's only door to cmark-gfm, the CommonMark parser with GitHub's extensions
// (the dialect Foundation's AttributedString(markdown:) reads): one line of inline Markdown in,
// its text out as stretches with the inline styles each is in. The parser's tree
// and its allocations stay in this file.

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The inline styles a stretch of text is in (bits of a stretch's flags).
enum {
  CDarkroomMarkdown_strong = 1,
  CDarkroomMarkdown_emphasis = 2,
  CDarkroomMarkdown_code = 4,
  CDarkroomMarkdown_strikethrough = 8,
  CDarkroomMarkdown_link = 16,
};

/// Results other than a count of stretches.
enum {
  /// The parser could not be made or failed.
  CDarkroomMarkdown_failed = -1,
  /// The line parsed as something other than one paragraph of inline text.
  CDarkroomMarkdown_notInline = -2,
  /// `text` or the stretch arrays were too small; call again with more room.
  CDarkroomMarkdown_tooSmall = -3,
};

/// Parses `size` bytes of UTF-8 Markdown (one line) with the strikethrough
/// extension. Writes the shown text, stretch after stretch, into `text`
/// (`text_capacity` bytes), and each stretch's length in bytes and style bits into
/// `lengths` and `flags` (`capacity` entries each). Returns the number of
/// stretches, or one of the negative results above.
int32_t CDarkroomMarkdown_parse(const char *markdown, size_t size, char *text, size_t text_capacity,
                                int32_t *lengths, uint8_t *flags, int32_t capacity);

#ifdef __cplusplus
}
#endif

#endif
