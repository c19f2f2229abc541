#include "CSpeechLibraries.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- espeak-ng (libespeak-ng1, with espeak-ng-data), resolved on first use. The constants
 * are speak_lib.h's: AUDIO_OUTPUT_SYNCHRONOUS, POS_CHARACTER, espeakCHARS_UTF8,
 * espeakINITIALIZE_DONT_EXIT (so that missing voice data fails here instead of exiting), and
 * the parameters espeakRATE and espeakWORDGAP. */

enum { CSL_AUDIO_OUTPUT_SYNCHRONOUS = 2, CSL_POS_CHARACTER = 1, CSL_CHARS_UTF8 = 1, CSL_INITIALIZE_DONT_EXIT = 0x8000 };
enum { CSL_RATE = 1, CSL_WORDGAP = 7 };
/* The voice PocketSphinx's en-us model hears best of those tried (espeak-ng's default `en` at
 * 175 words a minute it mostly mishears): American English, 130 words a minute, 50 ms between
 * words; the same as `espeak-ng -v en-us -s 130 -g 5`. */
#define CSL_VOICE "en-us"
#define CSL_WORDS_PER_MINUTE 130
#define CSL_WORD_GAP_10MS 5

typedef int csl_synth_callback(short *wav, int count, void *events);
typedef int espeak_Initialize_fn(int output, int buffer_length, const char *path, int options);
typedef void espeak_SetSynthCallback_fn(csl_synth_callback *callback);
typedef int espeak_SetVoiceByName_fn(const char *name);
typedef int espeak_SetParameter_fn(int parameter, int value, int relative);
typedef int espeak_Synth_fn(const void *text, size_t size, unsigned position, int position_type, unsigned end_position,
                            unsigned flags, unsigned *identifier, void *user_data);
typedef int espeak_Synchronize_fn(void);

#define CSL_ESPEAK_FUNCTIONS(X) X(espeak_Initialize) X(espeak_SetSynthCallback) X(espeak_SetVoiceByName) X(espeak_SetParameter) X(espeak_Synth) X(espeak_Synchronize)

#define CSL_FIELD(name) name##_fn *name;
static struct { CSL_ESPEAK_FUNCTIONS(CSL_FIELD) } espeak;
static char espeak_problem[CSL_ERROR_CAPACITY];
static int espeak_rate;
static pthread_once_t espeak_once = PTHREAD_ONCE_INIT;
/* espeak-ng has one global state, and the callback below writes into `collected`. */
static pthread_mutex_t espeak_lock = PTHREAD_MUTEX_INITIALIZER;
static struct { int16_t *samples; size_t count, capacity; int failed; } collected;

#if defined(__APPLE__)
#define CSL_ESPEAK_SONAME "libespeak-ng.1.dylib"
#else
#define CSL_ESPEAK_SONAME "libespeak-ng.so.1"
#endif

static int csl_collect(short *wav, int count, void *events) {
    (void)events;
    if (!wav || count <= 0) return 0;
    if (collected.count + (size_t)count > collected.capacity) {
        size_t capacity = (collected.capacity ? collected.capacity * 2 : 65536) + (size_t)count;
        int16_t *grown = realloc(collected.samples, capacity * sizeof *grown);
        if (!grown) {
            collected.failed = 1;
            return 1; /* stops the synthesis */
        }
        collected.samples = grown;
        collected.capacity = capacity;
    }
    memcpy(collected.samples + collected.count, wav, (size_t)count * sizeof *wav);
    collected.count += (size_t)count;
    return 0;
}

static void csl_open_espeak(void) {
    void *library = dlopen(CSL_ESPEAK_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(espeak_problem, sizeof espeak_problem,
                 "synthesised speech needs espeak-ng (Debian: apt-get install libespeak-ng1): %s", dlerror());
        return;
    }
#define CSL_RESOLVE(name) \
    if (!(espeak.name = (name##_fn *)dlsym(library, #name))) { \
        snprintf(espeak_problem, sizeof espeak_problem, "synthesised speech needs a newer espeak-ng: %s has no %s", CSL_ESPEAK_SONAME, #name); \
        return; \
    }
    CSL_ESPEAK_FUNCTIONS(CSL_RESOLVE)
#undef CSL_RESOLVE
    espeak_rate = espeak.espeak_Initialize(CSL_AUDIO_OUTPUT_SYNCHRONOUS, 0, NULL, CSL_INITIALIZE_DONT_EXIT);
    if (espeak_rate <= 0 || espeak.espeak_SetVoiceByName(CSL_VOICE) != 0) {
        snprintf(espeak_problem, sizeof espeak_problem,
                 "espeak-ng found no %s voice data (Debian: apt-get install espeak-ng-data)", CSL_VOICE);
        return;
    }
    espeak.espeak_SetParameter(CSL_RATE, CSL_WORDS_PER_MINUTE, 0);
    espeak.espeak_SetParameter(CSL_WORDGAP, CSL_WORD_GAP_10MS, 0);
    espeak.espeak_SetSynthCallback(csl_collect);
}

int csl_synthesize(const char *text, int16_t **samples, size_t *count, int *rate, char *err) {
    pthread_once(&espeak_once, csl_open_espeak);
    if (espeak_problem[0]) {
        snprintf(err, CSL_ERROR_CAPACITY, "%s", espeak_problem);
        return -1;
    }
    pthread_mutex_lock(&espeak_lock);
    collected.samples = NULL;
    collected.count = collected.capacity = 0;
    collected.failed = 0;
    int status = espeak.espeak_Synth(text, strlen(text) + 1, 0, CSL_POS_CHARACTER, 0, CSL_CHARS_UTF8, NULL, NULL);
    if (status == 0) status = espeak.espeak_Synchronize();
    int16_t *result = collected.samples;
    size_t length = collected.count;
    int failed = collected.failed || status != 0;
    collected.samples = NULL;
    pthread_mutex_unlock(&espeak_lock);
    if (failed) {
        free(result);
        snprintf(err, CSL_ERROR_CAPACITY, "espeak-ng could not synthesise the text (error %d)", status);
        return -1;
    }
    *samples = result;
    *count = length;
    *rate = espeak_rate;
    return 0;
}
