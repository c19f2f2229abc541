#ifndef CSPEECHLIBRARIES_H
#define CSPEECHLIBRARIES_H

#include <stddef.h>
#include <stdint.h>

/* Speech for the simulated glasses: PocketSphinx (a real offline recogniser, with its
 * en-us model) transcribes what the microphone hears, and the espeak-ng program
 * synthesises test speech. PocketSphinx is opened with dlopen on first use, its few
 * prototypes declared here rather than taken from headers, and espeak-ng is run only
 * when text is spoken, so a machine without them still builds and runs everything
 * else; a missing library, model or program gives a one-line message naming the
 * Debian package.
 *
 * A recogniser is not thread-safe: it is used from one thread at a time;
 * csl_synthesize may be called from any thread. Every
 * function that can fail returns 0 on success or -1 with a message in `err`
 * (CSL_ERROR_CAPACITY bytes). */

#define CSL_ERROR_CAPACITY 512

typedef struct csl_recognizer csl_recognizer;

/* Opens a decoder over the en-us model in `model_dir` (the folder holding `en-us/`,
 * `en-us.lm.bin` and `cmudict-en-us.dict`), ready for 16 kHz mono 16-bit samples,
 * with an utterance already started. */
int csl_recognizer_open(const char *model_dir, csl_recognizer **out, char *err);
void csl_recognizer_close(csl_recognizer *recognizer);

/* Decodes samples; `in_speech` tells whether the voice activity detector hears
 * speech after them. */
int csl_recognizer_process(csl_recognizer *recognizer, const int16_t *samples, size_t count, int *in_speech, char *err);

/* The current best hypothesis of the utterance (NUL-terminated, truncated to `capacity`). */
void csl_recognizer_hypothesis(csl_recognizer *recognizer, char *text, size_t capacity);

/* Ends the utterance: its final text and posterior probability (0...1, or -1 when the
 * decoder has none), then starts the next one. */
int csl_recognizer_end(csl_recognizer *recognizer, char *text, size_t capacity, float *confidence, char *err);

/* Synthesises UTF-8 `text` with espeak-ng (voice en-us+f2, 130 words a minute) into newly allocated
 * 16-bit mono samples (`*samples`, freed with free()) at `*rate` Hz. Speech longer than
 * `max_seconds` is not kept: espeak-ng is killed as soon as its output passes that length
 * and CSL_SPEECH_TOO_LONG is returned (no samples, `err` untouched), so no text makes more
 * than that much audio or keeps the caller waiting for the rest. */
#define CSL_SPEECH_TOO_LONG (-2)
int csl_synthesize(const char *text, double max_seconds, int16_t **samples, size_t *count, int *rate, char *err);

#endif
