#include "CDarkroomMarkdown.h"

#include <cmark-gfm-core-extensions.h>
#include <cmark-gfm-extension_api.h>
#include <cmark-gfm.h>
#include <pthread.h>
#include <string.h>

// cmark-gfm keeps its extensions in a process-wide registry whose registration is
// not safe to race: it is done once, before any parse.
static pthread_once_t registered = PTHREAD_ONCE_INIT;
static void register_extensions(void) { cmark_gfm_core_extensions_ensure_registered(); }

// A parser with an extension adds the extension's characters (strikethrough's `~`)
// to a table all parsers share, and freeing it takes them out again: two parses at
// once would lose each other's `~`. Parses take turns; a line parses in microseconds.
static pthread_mutex_t parsing = PTHREAD_MUTEX_INITIALIZER;

// Where the stretches are written, and whether they fitted.
typedef struct {
  char *text;
  size_t used, capacity;
  int32_t *lengths;
  uint8_t *flags;
  int32_t count, spans;
  int overflow;
} output;

static void emit(output *out, const char *literal, size_t length, uint8_t flags) {
  if (length == 0) return;
  if (out->used + length > out->capacity || out->count >= out->spans) {
    out->overflow = 1;
    return;
  }
  memcpy(out->text + out->used, literal, length);
  out->used += length;
  // A stretch in the same styles as the one before joins it.
  if (out->count > 0 && out->flags[out->count - 1] == flags) {
    out->lengths[out->count - 1] += (int32_t)length;
    return;
  }
  out->lengths[out->count] = (int32_t)length;
  out->flags[out->count] = flags;
  out->count += 1;
}

// The style bit an inline container adds to the text inside it.
static uint8_t style_of(cmark_node *node, cmark_syntax_extension *strikethrough) {
  switch (cmark_node_get_type(node)) {
  case CMARK_NODE_STRONG: return CDarkroomMarkdown_strong;
  case CMARK_NODE_EMPH: return CDarkroomMarkdown_emphasis;
  case CMARK_NODE_LINK: return CDarkroomMarkdown_link;
  default: break;
  }
  if (strikethrough != NULL && cmark_node_get_syntax_extension(node) == strikethrough) return CDarkroomMarkdown_strikethrough;
  return 0;
}

int32_t CDarkroomMarkdown_parse(const char *markdown, size_t size, char *text, size_t text_capacity,
                                int32_t *lengths, uint8_t *flags, int32_t capacity) {
  pthread_once(&registered, register_extensions);
  cmark_syntax_extension *strikethrough = cmark_find_syntax_extension("strikethrough");
  pthread_mutex_lock(&parsing);
  cmark_parser *parser = cmark_parser_new(CMARK_OPT_DEFAULT);
  if (parser == NULL) {
    pthread_mutex_unlock(&parsing);
    return CDarkroomMarkdown_failed;
  }
  if (strikethrough != NULL) cmark_parser_attach_syntax_extension(parser, strikethrough);
  cmark_parser_feed(parser, markdown, size);
  cmark_node *document = cmark_parser_finish(parser);
  cmark_parser_free(parser);
  pthread_mutex_unlock(&parsing);
  if (document == NULL) return CDarkroomMarkdown_failed;

  cmark_node *paragraph = cmark_node_first_child(document);
  // Text that parses to no paragraph at all (a link reference definition) or to
  // anything but one paragraph is not inline text.
  if ((paragraph == NULL && size > 0) ||
      (paragraph != NULL &&
       (cmark_node_get_type(paragraph) != CMARK_NODE_PARAGRAPH || cmark_node_next(paragraph) != NULL))) {
    cmark_node_free(document);
    return CDarkroomMarkdown_notInline;
  }
  output out = {text, 0, text_capacity, lengths, flags, 0, capacity, 0};
  if (paragraph != NULL) {
    // The styles in force are the bits of the containers the walk is inside; a
    // container's bit is taken off when the walk leaves it, unless an outer
    // container of the same kind still holds it.
    int counts[5] = {0};
    cmark_iter *iter = cmark_iter_new(paragraph);
    cmark_event_type event;
    while ((event = cmark_iter_next(iter)) != CMARK_EVENT_DONE) {
      cmark_node *node = cmark_iter_get_node(iter);
      if (node == paragraph) continue;
      uint8_t style = style_of(node, strikethrough);
      if (style != 0) {
        int bit = 0;
        while ((1 << bit) != style) bit += 1;
        counts[bit] += event == CMARK_EVENT_ENTER ? 1 : -1;
        continue;
      }
      if (event != CMARK_EVENT_ENTER) continue;
      uint8_t current = 0;
      for (int bit = 0; bit < 5; bit++)
        if (counts[bit] > 0) current |= (uint8_t)(1 << bit);
      const char *literal;
      switch (cmark_node_get_type(node)) {
      case CMARK_NODE_CODE:
        literal = cmark_node_get_literal(node);
        if (literal != NULL) emit(&out, literal, strlen(literal), current | CDarkroomMarkdown_code);
        break;
      case CMARK_NODE_TEXT:
      case CMARK_NODE_HTML_INLINE:
        literal = cmark_node_get_literal(node);
        if (literal != NULL) emit(&out, literal, strlen(literal), current);
        break;
      case CMARK_NODE_SOFTBREAK: emit(&out, " ", 1, current); break;
      case CMARK_NODE_LINEBREAK: emit(&out, "\n", 1, current); break;
      default: break;
      }
    }
    cmark_iter_free(iter);
  }
  cmark_node_free(document);
  return out.overflow ? CDarkroomMarkdown_tooSmall : out.count;
}
