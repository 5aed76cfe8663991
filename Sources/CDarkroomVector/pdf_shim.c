#include "CDarkroomVector.h"
#include "cairo_surface.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

// The part of poppler-glib's C API this file calls, as its headers (poppler 0.82 and
// later) declare it (cairo_surface.h says why the headers are not included).
typedef struct _GBytes GBytes;
typedef struct _PopplerDocument PopplerDocument;
typedef struct _PopplerPage PopplerPage;

GBytes *g_bytes_new(const void *data, size_t size);
void g_bytes_unref(GBytes *bytes);
PopplerDocument *poppler_document_new_from_bytes(GBytes *bytes, const char *password, GError **error);
int poppler_document_get_n_pages(PopplerDocument *document);
PopplerPage *poppler_document_get_page(PopplerDocument *document, int index);
void poppler_page_get_size(PopplerPage *page, double *width, double *height);
void poppler_page_render(PopplerPage *page, cairo_t *cairo);
void *g_object_ref(void *object);

struct CDarkroomPDF_document {
  PopplerDocument *document;
  PopplerPage *page;
  double width;
  double height;
  /// A drawing that ran out of time may still be using the page.
  int abandoned;
};

// One drawing of a page, done by a thread of its own so the caller can stop
// waiting. The job holds its own reference to the page (which holds the document)
// and its own pixels, so it stays valid whoever finishes first; the last of the two
// to let go of it frees it.
typedef struct {
  PopplerPage *page;
  uint8_t *pixels;
  int width, height;
  double scale, dx, dy;
  int status;
  int done, abandoned;
  pthread_mutex_t lock;
  pthread_cond_t finished;
} drawing;

static void drawing_free(drawing *job) {
  g_object_unref(job->page);
  free(job->pixels);
  pthread_mutex_destroy(&job->lock);
  pthread_cond_destroy(&job->finished);
  free(job);
}

static void *drawing_run(void *argument) {
  drawing *job = argument;
  cairo_t *cr = CDarkroomVector_begin(job->pixels, job->width, job->height, job->scale, job->dx, job->dy);
  int status = CDarkroomVector_noMemory;
  if (cr != NULL) {
    poppler_page_render(job->page, cr);
    status = CDarkroomVector_end(cr, job->pixels, job->width, job->height) ? CDarkroomVector_ok : CDarkroomVector_corrupt;
  }
  pthread_mutex_lock(&job->lock);
  job->status = status;
  job->done = 1;
  int abandoned = job->abandoned;
  pthread_cond_signal(&job->finished);
  pthread_mutex_unlock(&job->lock);
  if (abandoned) drawing_free(job);
  return NULL;
}

int CDarkroomPDF_open(const uint8_t *data, size_t size, CDarkroomPDF_document **out, char *message,
                      size_t capacity) {
  *out = NULL;
  GBytes *bytes = g_bytes_new(data, size);
  if (bytes == NULL) return CDarkroomVector_noMemory;
  GError *error = NULL;
  PopplerDocument *document = poppler_document_new_from_bytes(bytes, NULL, &error);
  g_bytes_unref(bytes);
  if (document == NULL) {
    CDarkroomVector_message(message, capacity, error != NULL && error->message != NULL ? error->message : "not a PDF document");
    if (error != NULL) g_error_free(error);
    return CDarkroomVector_corrupt;
  }
  PopplerPage *page = poppler_document_get_n_pages(document) > 0 ? poppler_document_get_page(document, 0) : NULL;
  if (page == NULL) {
    g_object_unref(document);
    CDarkroomVector_message(message, capacity, "the PDF has no page");
    return CDarkroomVector_corrupt;
  }
  CDarkroomPDF_document *opened = calloc(1, sizeof *opened);
  if (opened == NULL) {
    g_object_unref(page);
    g_object_unref(document);
    return CDarkroomVector_noMemory;
  }
  opened->document = document;
  opened->page = page;
  poppler_page_get_size(page, &opened->width, &opened->height);
  *out = opened;
  return CDarkroomVector_ok;
}

void CDarkroomPDF_size(const CDarkroomPDF_document *document, double *width, double *height) {
  *width = document->width;
  *height = document->height;
}

int CDarkroomPDF_draw(CDarkroomPDF_document *document, double scale, double dx, double dy, uint8_t *pixels,
                      int width, int height, double seconds, char *message, size_t capacity) {
  if (document->abandoned) {
    CDarkroomVector_message(message, capacity, "an earlier drawing of the page did not finish");
    return CDarkroomVector_timeout;
  }
  drawing *job = calloc(1, sizeof *job);
  if (job == NULL) return CDarkroomVector_noMemory;
  job->pixels = calloc((size_t)width * (size_t)height, 4);
  if (job->pixels == NULL) {
    free(job);
    return CDarkroomVector_noMemory;
  }
  job->page = g_object_ref(document->page);
  job->width = width;
  job->height = height;
  job->scale = scale;
  job->dx = dx;
  job->dy = dy;
  pthread_mutex_init(&job->lock, NULL);
  // The deadline is on a clock the system time cannot move (macOS has no choice of
  // clock for a condition variable: there, the system time's).
  pthread_condattr_t attributes;
  pthread_condattr_init(&attributes);
#ifndef __APPLE__
  pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC);
#endif
  pthread_cond_init(&job->finished, &attributes);
  pthread_condattr_destroy(&attributes);
  pthread_t thread;
  if (pthread_create(&thread, NULL, drawing_run, job) != 0) {
    drawing_free(job);
    return CDarkroomVector_noMemory;
  }
  struct timespec deadline;
#ifndef __APPLE__
  clock_gettime(CLOCK_MONOTONIC, &deadline);
#else
  clock_gettime(CLOCK_REALTIME, &deadline);
#endif
  double whole = (double)(long)seconds;
  deadline.tv_sec += (time_t)whole;
  deadline.tv_nsec += (long)((seconds - whole) * 1e9);
  if (deadline.tv_nsec >= 1000000000L) {
    deadline.tv_sec += 1;
    deadline.tv_nsec -= 1000000000L;
  }
  pthread_mutex_lock(&job->lock);
  while (!job->done) {
    if (pthread_cond_timedwait(&job->finished, &job->lock, &deadline) == ETIMEDOUT) break;
  }
  if (!job->done) {
    job->abandoned = 1;
    pthread_mutex_unlock(&job->lock);
    pthread_detach(thread);
    document->abandoned = 1;
    char text[160];
    snprintf(text, sizeof text, "poppler did not finish drawing the page in %g s", seconds);
    CDarkroomVector_message(message, capacity, text);
    return CDarkroomVector_timeout;
  }
  pthread_mutex_unlock(&job->lock);
  pthread_join(thread, NULL);
  int status = job->status;
  if (status == CDarkroomVector_ok) memcpy(pixels, job->pixels, (size_t)width * (size_t)height * 4);
  if (status == CDarkroomVector_corrupt) CDarkroomVector_message(message, capacity, "the page cannot be drawn");
  drawing_free(job);
  return status;
}

void CDarkroomPDF_close(CDarkroomPDF_document *document) {
  if (document == NULL) return;
  g_object_unref(document->page);
  g_object_unref(document->document);
  free(document);
}

