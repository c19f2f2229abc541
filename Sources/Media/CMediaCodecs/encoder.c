#include "CMediaCodecs.h"
#include "cmc_fail.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <dlfcn.h>
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/channel_layout.h>
#include <libavutil/frame.h>
#include <libavutil/log.h>
#include <libswscale/swscale.h>

/* ---- FFmpeg, opened on first use ------------------------------------------
 * The types come from the headers (the major versions cmc_open_library opens);
 * the functions from dlsym, so nothing is linked into the binary. */

#define CMC_ENC_AVUTIL(X) \
    X(av_frame_alloc) X(av_frame_free) X(av_frame_get_buffer) X(av_frame_make_writable) \
    X(av_dict_set) X(av_dict_free) X(av_strerror) X(av_channel_layout_default) X(av_log_set_level)
#define CMC_ENC_AVCODEC(X) \
    X(avcodec_find_encoder_by_name) X(avcodec_alloc_context3) X(avcodec_open2) X(avcodec_free_context) \
    X(avcodec_parameters_from_context) X(avcodec_send_frame) X(avcodec_receive_packet) \
    X(av_packet_alloc) X(av_packet_free) X(av_packet_rescale_ts) X(av_packet_unref)
#define CMC_ENC_AVFORMAT(X) \
    X(avformat_alloc_output_context2) X(avformat_new_stream) X(avformat_write_header) \
    X(av_interleaved_write_frame) X(av_write_trailer) X(avformat_free_context) \
    X(avio_open2) X(avio_closep) X(avio_flush)
#define CMC_ENC_SWSCALE(X) X(sws_getCachedContext) X(sws_scale) X(sws_freeContext)

#define CMC_ENC_FIELD(name) __typeof__(name) *name;
static struct {
    CMC_ENC_AVUTIL(CMC_ENC_FIELD)
    CMC_ENC_AVCODEC(CMC_ENC_FIELD)
    CMC_ENC_AVFORMAT(CMC_ENC_FIELD)
    CMC_ENC_SWSCALE(CMC_ENC_FIELD)
} ff;
#undef CMC_ENC_FIELD
static char ff_error[256];
static pthread_once_t ff_once = PTHREAD_ONCE_INIT;

static void cmc_encoder_load(void) {
    static const cmc_library order[] = { CMC_LIBAVUTIL, CMC_LIBAVCODEC, CMC_LIBAVFORMAT, CMC_LIBSWSCALE };
    void *library[4] = { NULL };
    for (int i = 0; i < 4; i++) {
        library[i] = cmc_open_library(order[i], ff_error, sizeof ff_error);
        if (!library[i]) return;
    }
#define CMC_ENC_UTIL(name) CMC_ENC_RESOLVE_NAMED(0, name)
#define CMC_ENC_CODEC(name) CMC_ENC_RESOLVE_NAMED(1, name)
#define CMC_ENC_FORMAT(name) CMC_ENC_RESOLVE_NAMED(2, name)
#define CMC_ENC_SCALE(name) CMC_ENC_RESOLVE_NAMED(3, name)
#define CMC_ENC_RESOLVE_NAMED(index, name) \
    if (!(ff.name = (__typeof__(name) *)dlsym(library[index], #name))) { \
        snprintf(ff_error, sizeof ff_error, "recording needs a newer FFmpeg: no %s", #name); \
        return; \
    }
    CMC_ENC_AVUTIL(CMC_ENC_UTIL)
    CMC_ENC_AVCODEC(CMC_ENC_CODEC)
    CMC_ENC_AVFORMAT(CMC_ENC_FORMAT)
    CMC_ENC_SWSCALE(CMC_ENC_SCALE)
#undef CMC_ENC_RESOLVE_NAMED
    /* Failures come back as return values; FFmpeg's own log (AAC's "Qavg: ...") would
     * only interleave with the script's output on stderr. */
    ff.av_log_set_level(AV_LOG_QUIET);
}

/* ---- Errors ---------------------------------------------------------------- */

/* `what` and FFmpeg's text for `code`. */
static int fail_av(char *error, size_t capacity, const char *what, int code) {
    char text[128] = "unknown error";
    ff.av_strerror(code, text, sizeof text);
    return cmc_fail(error, capacity, "%s: %s", what, text);
}

/* ---- The encoder ------------------------------------------------------------ */

struct cmc_encoder {
    AVFormatContext *format;
    AVCodecContext *video;
    AVCodecContext *audio;
    AVStream *video_stream;
    AVStream *audio_stream;
    AVFrame *picture;
    AVFrame *sound;
    AVPacket *packet;
    struct SwsContext *scaler;
    int quantiser;
    int64_t last_pts;
    /* How long the frame being encoded shows: MPEG-4 without B-frames hands
     * back each packet for the frame just sent, so it is that packet's duration. */
    int64_t frame_duration;
    /* Samples in `sound` so far, and samples sent before it. */
    int buffered;
    int64_t samples_sent;
    /* AAC's priming: the decoder's first `initial_padding` samples are the encoder's
     * delay. A fragment written before the end cannot carry the edit list that trims
     * them, so the first packet starts at 0 and as many input samples are skipped:
     * decoded sample n is then the input's sample n, in step with the video. */
    int64_t to_skip;
};

/* Writes every packet `codec` has ready into the file, flushing each fragment out. */
static int drain(cmc_encoder *e, AVCodecContext *codec, AVStream *stream, char *error, size_t capacity) {
    for (;;) {
        int rc = ff.avcodec_receive_packet(codec, e->packet);
        if (rc == AVERROR(EAGAIN) || rc == AVERROR_EOF) return 0;
        if (rc < 0) return fail_av(error, capacity, "encoding failed", rc);
        if (codec == e->video) e->packet->duration = e->frame_duration;
        e->packet->stream_index = stream->index;
        ff.av_packet_rescale_ts(e->packet, codec->time_base, stream->time_base);
        rc = ff.av_interleaved_write_frame(e->format, e->packet);
        ff.av_packet_unref(e->packet);
        if (rc < 0) return fail_av(error, capacity, "writing the recording failed", rc);
        ff.avio_flush(e->format->pb);
    }
}

static AVCodecContext *open_codec(cmc_encoder *e, const char *name, AVStream **stream,
                                  void (*configure)(AVCodecContext *, const cmc_encoder_settings *),
                                  const cmc_encoder_settings *settings, char *error, size_t capacity) {
    const AVCodec *codec = ff.avcodec_find_encoder_by_name(name);
    if (!codec) {
        cmc_fail(error, capacity, "this FFmpeg has no '%s' encoder", name);
        return NULL;
    }
    AVCodecContext *context = ff.avcodec_alloc_context3(codec);
    *stream = ff.avformat_new_stream(e->format, NULL);
    if (!context || !*stream) {
        ff.avcodec_free_context(&context);
        cmc_fail(error, capacity, "out of memory");
        return NULL;
    }
    configure(context, settings);
    /* Bit-exact, single-threaded: the same input gives the same bytes. */
    context->flags |= AV_CODEC_FLAG_BITEXACT;
    context->thread_count = 1;
    if (e->format->oformat->flags & AVFMT_GLOBALHEADER) context->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
    int rc = ff.avcodec_open2(context, codec, NULL);
    if (rc < 0) {
        ff.avcodec_free_context(&context);
        fail_av(error, capacity, name, rc);
        return NULL;
    }
    rc = ff.avcodec_parameters_from_context((*stream)->codecpar, context);
    if (rc < 0) {
        ff.avcodec_free_context(&context);
        fail_av(error, capacity, name, rc);
        return NULL;
    }
    (*stream)->time_base = context->time_base;
    if (context->framerate.num > 0) (*stream)->avg_frame_rate = context->framerate;
    return context;
}

static void configure_video(AVCodecContext *c, const cmc_encoder_settings *s) {
    c->width = s->width;
    c->height = s->height;
    c->pix_fmt = AV_PIX_FMT_YUV420P;
    c->time_base = (AVRational){ 1, s->ticks_per_second };
    c->framerate = (AVRational){ s->frame_rate, 1 };
    /* Keyframes come when the caller asks (once a second); this is only a ceiling. */
    c->gop_size = 600;
    c->max_b_frames = 0;
    c->flags |= AV_CODEC_FLAG_QSCALE;
    c->global_quality = FF_QP2LAMBDA * s->quantiser;
}

static void configure_audio(AVCodecContext *c, const cmc_encoder_settings *s) {
    c->sample_fmt = AV_SAMPLE_FMT_FLTP;
    c->sample_rate = s->audio_rate;
    ff.av_channel_layout_default(&c->ch_layout, 1);
    c->bit_rate = 64000;
    c->time_base = (AVRational){ 1, s->audio_rate };
}

cmc_encoder *cmc_encoder_open(const char *path, const cmc_encoder_settings *s, char *error, size_t capacity) {
    pthread_once(&ff_once, cmc_encoder_load);
    if (ff_error[0]) {
        cmc_fail(error, capacity, "%s", ff_error);
        return NULL;
    }
    if (!path || !s || s->width <= 0 || s->height <= 0 || s->width % 2 || s->height % 2 || s->frame_rate <= 0
        || s->ticks_per_second <= 0 || s->ticks_per_second > 65535 || s->quantiser < 2 || s->quantiser > 31
        || s->audio_rate < 0) {
        cmc_fail(error, capacity, "invalid recording settings");
        return NULL;
    }
    cmc_encoder *e = calloc(1, sizeof *e);
    if (!e) {
        cmc_fail(error, capacity, "out of memory");
        return NULL;
    }
    e->quantiser = s->quantiser;
    e->last_pts = INT64_MIN;
    int rc = ff.avformat_alloc_output_context2(&e->format, NULL, s->container, NULL);
    if (rc < 0 || !e->format) {
        fail_av(error, capacity, "no such container", rc);
        goto failed;
    }
    /* No creation time, no encoder version string: the same recording gives the same bytes. */
    e->format->flags |= AVFMT_FLAG_BITEXACT;
    e->video = open_codec(e, "mpeg4", &e->video_stream, configure_video, s, error, capacity);
    if (!e->video) goto failed;
    if (s->audio_rate > 0) {
        e->audio = open_codec(e, "aac", &e->audio_stream, configure_audio, s, error, capacity);
        if (!e->audio) goto failed;
    }
    e->picture = ff.av_frame_alloc();
    e->sound = ff.av_frame_alloc();
    e->packet = ff.av_packet_alloc();
    if (!e->picture || !e->sound || !e->packet) {
        cmc_fail(error, capacity, "out of memory");
        goto failed;
    }
    e->picture->format = AV_PIX_FMT_YUV420P;
    e->picture->width = s->width;
    e->picture->height = s->height;
    if ((rc = ff.av_frame_get_buffer(e->picture, 0)) < 0) {
        fail_av(error, capacity, "out of memory", rc);
        goto failed;
    }
    if (e->audio) {
        e->sound->format = AV_SAMPLE_FMT_FLTP;
        e->sound->sample_rate = s->audio_rate;
        e->sound->nb_samples = e->audio->frame_size;
        ff.av_channel_layout_default(&e->sound->ch_layout, 1);
        e->to_skip = e->audio->initial_padding;
        if ((rc = ff.av_frame_get_buffer(e->sound, 0)) < 0) {
            fail_av(error, capacity, "out of memory", rc);
            goto failed;
        }
    }
    /* "file:" so a name with a colon is never taken for another protocol. */
    size_t length = strlen(path) + 6;
    char *url = malloc(length);
    if (!url) {
        cmc_fail(error, capacity, "out of memory");
        goto failed;
    }
    snprintf(url, length, "file:%s", path);
    AVDictionary *protocol = NULL;
    ff.av_dict_set(&protocol, "protocol_whitelist", "file", 0);
    rc = ff.avio_open2(&e->format->pb, url, AVIO_FLAG_WRITE, NULL, &protocol);
    ff.av_dict_free(&protocol);
    free(url);
    if (rc < 0) {
        fail_av(error, capacity, "cannot create the file", rc);
        goto failed;
    }
    /* Fragmented: a moov that needs nothing from the end, then a fragment per keyframe. */
    AVDictionary *options = NULL;
    ff.av_dict_set(&options, "movflags", "frag_keyframe+empty_moov+default_base_moof", 0);
    rc = ff.avformat_write_header(e->format, &options);
    ff.av_dict_free(&options);
    if (rc < 0) {
        fail_av(error, capacity, "cannot start the recording", rc);
        /* A file without its header is not a recording: leave none behind. */
        ff.avio_closep(&e->format->pb);
        unlink(path);
        goto failed;
    }
    ff.avio_flush(e->format->pb);
    return e;
failed:
    if (e->format && e->format->pb) ff.avio_closep(&e->format->pb);
    ff.avcodec_free_context(&e->video);
    ff.avcodec_free_context(&e->audio);
    ff.av_frame_free(&e->picture);
    ff.av_frame_free(&e->sound);
    ff.av_packet_free(&e->packet);
    if (e->format) ff.avformat_free_context(e->format);
    free(e);
    return NULL;
}

int cmc_encoder_video(cmc_encoder *e, const uint8_t *rgb, int width, int height,
                      int64_t pts, int64_t duration, int keyframe, char *error, size_t capacity) {
    if (!e || !rgb || width <= 0 || height <= 0 || width > 16384 || height > 16384)
        return cmc_fail(error, capacity, "invalid frame");
    if (pts <= e->last_pts) return cmc_fail(error, capacity, "frame timestamps must increase");
    /* Exact arithmetic so the same pixels always give the same YUV. */
    e->scaler = ff.sws_getCachedContext(e->scaler, width, height, AV_PIX_FMT_RGB24,
                                        e->video->width, e->video->height, AV_PIX_FMT_YUV420P,
                                        SWS_BILINEAR | SWS_BITEXACT | SWS_ACCURATE_RND, NULL, NULL, NULL);
    if (!e->scaler) return cmc_fail(error, capacity, "cannot convert a %dx%d frame", width, height);
    int rc = ff.av_frame_make_writable(e->picture);
    if (rc < 0) return fail_av(error, capacity, "out of memory", rc);
    const uint8_t *planes[1] = { rgb };
    const int strides[1] = { width * 3 };
    if (ff.sws_scale(e->scaler, planes, strides, 0, height, e->picture->data, e->picture->linesize) != e->video->height)
        return cmc_fail(error, capacity, "cannot convert a %dx%d frame", width, height);
    e->picture->pts = pts;
    e->picture->pict_type = keyframe ? AV_PICTURE_TYPE_I : AV_PICTURE_TYPE_NONE;
    e->picture->quality = FF_QP2LAMBDA * e->quantiser;
    e->frame_duration = duration > 0 ? duration : 1;
    e->last_pts = pts;
    rc = ff.avcodec_send_frame(e->video, e->picture);
    if (rc < 0) return fail_av(error, capacity, "encoding failed", rc);
    return drain(e, e->video, e->video_stream, error, capacity);
}

/* Encodes the samples buffered so far (a whole frame, or the last short one). */
static int send_sound(cmc_encoder *e, char *error, size_t capacity) {
    e->sound->nb_samples = e->buffered;
    e->sound->pts = e->samples_sent + e->audio->initial_padding;
    int rc = ff.avcodec_send_frame(e->audio, e->sound);
    if (rc < 0) return fail_av(error, capacity, "encoding audio failed", rc);
    e->samples_sent += e->buffered;
    e->buffered = 0;
    return drain(e, e->audio, e->audio_stream, error, capacity);
}

int cmc_encoder_audio(cmc_encoder *e, const float *samples, size_t count, char *error, size_t capacity) {
    if (!e || !e->audio) return cmc_fail(error, capacity, "this recording has no audio");
    if (count > 0 && !samples) return cmc_fail(error, capacity, "invalid samples");
    size_t skip = e->to_skip < (int64_t)count ? (size_t)e->to_skip : count;
    e->to_skip -= (int64_t)skip;
    samples += skip;
    count -= skip;
    while (count > 0) {
        if (e->buffered == 0) {
            int rc = ff.av_frame_make_writable(e->sound);
            if (rc < 0) return fail_av(error, capacity, "out of memory", rc);
        }
        size_t room = (size_t)(e->audio->frame_size - e->buffered);
        size_t take = count < room ? count : room;
        memcpy((float *)e->sound->data[0] + e->buffered, samples, take * sizeof *samples);
        e->buffered += (int)take;
        samples += take;
        count -= take;
        if (e->buffered == e->audio->frame_size && send_sound(e, error, capacity) != 0) return -1;
    }
    return 0;
}

int cmc_encoder_close(cmc_encoder *e, char *error, size_t capacity) {
    if (!e) return 0;
    int result = 0;
    /* The last short audio frame (AAC takes one), then each encoder's delayed packets. */
    if (e->audio && e->buffered > 0) result = send_sound(e, error, capacity);
    if (result == 0 && e->audio) {
        ff.avcodec_send_frame(e->audio, NULL);
        result = drain(e, e->audio, e->audio_stream, error, capacity);
    }
    if (result == 0) {
        ff.avcodec_send_frame(e->video, NULL);
        result = drain(e, e->video, e->video_stream, error, capacity);
    }
    int rc = ff.av_write_trailer(e->format);
    if (rc < 0 && result == 0) result = fail_av(error, capacity, "finishing the recording failed", rc);
    ff.avio_closep(&e->format->pb);
    ff.sws_freeContext(e->scaler);
    ff.avcodec_free_context(&e->video);
    ff.avcodec_free_context(&e->audio);
    ff.av_frame_free(&e->picture);
    ff.av_frame_free(&e->sound);
    ff.av_packet_free(&e->packet);
    ff.avformat_free_context(e->format);
    free(e);
    return result;
}
