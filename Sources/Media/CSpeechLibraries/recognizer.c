#include "CSpeechLibraries.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- PocketSphinx 5prealpha (libpocketsphinx3 over libsphinxbase3), resolved on first use.
 * Declared here, not included: the -dev headers pull in sphinxbase's, which Debian ships
 * apart, and only these opaque handles and ten functions are used. */

typedef struct cmd_ln_s cmd_ln_t;
typedef struct arg_s arg_t;
typedef struct ps_decoder_s ps_decoder_t;
typedef struct logmath_s logmath_t;

typedef const arg_t *ps_args_fn(void);
typedef cmd_ln_t *cmd_ln_init_fn(cmd_ln_t *config, const arg_t *definitions, int32_t strict, ...);
typedef int cmd_ln_free_r_fn(cmd_ln_t *config);
typedef ps_decoder_t *ps_init_fn(cmd_ln_t *config);
typedef int ps_free_fn(ps_decoder_t *decoder);
typedef int ps_start_utt_fn(ps_decoder_t *decoder);
typedef int ps_end_utt_fn(ps_decoder_t *decoder);
typedef int ps_process_raw_fn(ps_decoder_t *decoder, const int16_t *data, size_t count, int no_search, int full_utt);
typedef const char *ps_get_hyp_fn(ps_decoder_t *decoder, int32_t *best_score);
typedef int32_t ps_get_prob_fn(ps_decoder_t *decoder);
typedef uint8_t ps_get_in_speech_fn(ps_decoder_t *decoder);
typedef logmath_t *ps_get_logmath_fn(ps_decoder_t *decoder);
typedef double logmath_exp_fn(logmath_t *logmath, int log_value);
typedef void err_set_logfp_fn(FILE *stream);

#define CSL_PS_FUNCTIONS(X) \
    X(ps_args) X(cmd_ln_init) X(cmd_ln_free_r) X(ps_init) X(ps_free) X(ps_start_utt) X(ps_end_utt) \
    X(ps_process_raw) X(ps_get_hyp) X(ps_get_prob) X(ps_get_in_speech) X(ps_get_logmath) X(logmath_exp) X(err_set_logfp)

#define CSL_FIELD(name) name##_fn *name;
static struct { CSL_PS_FUNCTIONS(CSL_FIELD) } ps;
static char ps_problem[CSL_ERROR_CAPACITY];
static pthread_once_t ps_once = PTHREAD_ONCE_INIT;

#if defined(__APPLE__)
#define CSL_PS_SONAME "libpocketsphinx.3.dylib"
#else
#define CSL_PS_SONAME "libpocketsphinx.so.3"
#endif

static void csl_open_pocketsphinx(void) {
    /* libsphinxbase comes in as libpocketsphinx's dependency, and dlsym on this handle finds
     * its symbols too. */
    void *library = dlopen(CSL_PS_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(ps_problem, sizeof ps_problem,
                 "live transcription needs PocketSphinx (Debian: apt-get install libpocketsphinx3 pocketsphinx-en-us): %s", dlerror());
        return;
    }
#define CSL_RESOLVE(name) \
    if (!(ps.name = (name##_fn *)dlsym(library, #name))) { \
        snprintf(ps_problem, sizeof ps_problem, "live transcription needs PocketSphinx 5prealpha: %s has no %s", CSL_PS_SONAME, #name); \
        return; \
    }
    CSL_PS_FUNCTIONS(CSL_RESOLVE)
#undef CSL_RESOLVE
    /* Its INFO lines would interleave with the script's output. */
    ps.err_set_logfp(NULL);
}

static int csl_fail(char *err, const char *message, const char *detail) {
    if (err) snprintf(err, CSL_ERROR_CAPACITY, "%s%s", message, detail ? detail : "");
    return -1;
}

struct csl_recognizer {
    cmd_ln_t *config;
    ps_decoder_t *decoder;
};

/* Joins `directory` and `name` into `path`; 0 when it names a readable file. */
static int csl_model_file(char *path, size_t capacity, const char *directory, const char *name) {
    snprintf(path, capacity, "%s/%s", directory, name);
    return access(path, R_OK);
}

int csl_recognizer_open(const char *model_dir, csl_recognizer **out, char *err) {
    pthread_once(&ps_once, csl_open_pocketsphinx);
    if (ps_problem[0]) return csl_fail(err, ps_problem, NULL);
    char hmm[1024], lm[1024], dict[1024], mdef[1024];
    if (csl_model_file(mdef, sizeof mdef, model_dir, "en-us/mdef") || csl_model_file(lm, sizeof lm, model_dir, "en-us.lm.bin")
        || csl_model_file(dict, sizeof dict, model_dir, "cmudict-en-us.dict")) {
        char detail[CSL_ERROR_CAPACITY];
        snprintf(detail, sizeof detail, "%s (Debian: apt-get install pocketsphinx-en-us)", model_dir);
        return csl_fail(err, "live transcription needs PocketSphinx's en-us model in ", detail);
    }
    snprintf(hmm, sizeof hmm, "%s/en-us", model_dir);
    csl_recognizer *recognizer = calloc(1, sizeof *recognizer);
    if (!recognizer) return csl_fail(err, "out of memory opening the recogniser", NULL);
    recognizer->config = ps.cmd_ln_init(NULL, ps.ps_args(), 1, "-hmm", hmm, "-lm", lm, "-dict", dict, NULL);
    if (!recognizer->config) {
        free(recognizer);
        return csl_fail(err, "PocketSphinx refused its configuration for the model in ", model_dir);
    }
    recognizer->decoder = ps.ps_init(recognizer->config);
    if (!recognizer->decoder || ps.ps_start_utt(recognizer->decoder) < 0) {
        csl_recognizer_close(recognizer);
        return csl_fail(err, "PocketSphinx could not load the en-us model in ", model_dir);
    }
    *out = recognizer;
    return 0;
}

void csl_recognizer_close(csl_recognizer *recognizer) {
    if (!recognizer) return;
    if (recognizer->decoder) ps.ps_free(recognizer->decoder);
    if (recognizer->config) ps.cmd_ln_free_r(recognizer->config);
    free(recognizer);
}

int csl_recognizer_process(csl_recognizer *recognizer, const int16_t *samples, size_t count, int *in_speech, char *err) {
    if (ps.ps_process_raw(recognizer->decoder, samples, count, 0, 0) < 0)
        return csl_fail(err, "PocketSphinx failed to decode the microphone's samples", NULL);
    *in_speech = ps.ps_get_in_speech(recognizer->decoder) != 0;
    return 0;
}

static void csl_copy(char *text, size_t capacity, const char *hypothesis) {
    if (capacity == 0) return;
    snprintf(text, capacity, "%s", hypothesis ? hypothesis : "");
}

void csl_recognizer_hypothesis(csl_recognizer *recognizer, char *text, size_t capacity) {
    int32_t score = 0;
    csl_copy(text, capacity, ps.ps_get_hyp(recognizer->decoder, &score));
}

int csl_recognizer_end(csl_recognizer *recognizer, char *text, size_t capacity, float *confidence, char *err) {
    if (ps.ps_end_utt(recognizer->decoder) < 0) return csl_fail(err, "PocketSphinx could not end the utterance", NULL);
    int32_t score = 0;
    const char *hypothesis = ps.ps_get_hyp(recognizer->decoder, &score);
    csl_copy(text, capacity, hypothesis);
    *confidence = -1;
    if (hypothesis && hypothesis[0]) {
        double posterior = ps.logmath_exp(ps.ps_get_logmath(recognizer->decoder), ps.ps_get_prob(recognizer->decoder));
        if (posterior >= 0 && posterior <= 1) *confidence = (float)posterior;
    }
    if (ps.ps_start_utt(recognizer->decoder) < 0) return csl_fail(err, "PocketSphinx could not start the next utterance", NULL);
    return 0;
}
