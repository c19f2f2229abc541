#include "CMediaCodecs.h"
#include "cmc_fail.h"

#include <dlfcn.h>
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/avutil.h>
#include <libswscale/swscale.h>

/* ---- FFmpeg's functions, resolved on first use --------------------------------
 * The types come from the headers; the functions from dlsym, so nothing here is
 * linked and a run that never plays footage never loads FFmpeg. */

#define CMC_DEC_AVUTIL(X) \
    X(av_frame_alloc) X(av_frame_free) X(av_strerror) X(av_log_set_level) X(av_dict_set) X(av_dict_free)
#define CMC_DEC_AVCODEC(X) \
    X(avcodec_alloc_context3) X(avcodec_free_context) X(avcodec_parameters_to_context) X(avcodec_open2) \
    X(avcodec_send_packet) X(avcodec_receive_frame) X(avcodec_flush_buffers) X(avcodec_get_name) \
    X(av_packet_alloc) X(av_packet_free) X(av_packet_unref)
#define CMC_DEC_AVFORMAT(X) \
    X(avformat_open_input) X(avformat_find_stream_info) X(av_find_best_stream) X(av_read_frame) \
    X(av_seek_frame) X(avformat_close_input)
#define CMC_DEC_SWSCALE(X) \
    X(sws_getCachedContext) X(sws_setColorspaceDetails) X(sws_getCoefficients) X(sws_scale) X(sws_freeContext)

#define CMC_DEC_FIELD(name) __typeof__(name) *name;
static struct {
    CMC_DEC_AVUTIL(CMC_DEC_FIELD) CMC_DEC_AVCODEC(CMC_DEC_FIELD)
    CMC_DEC_AVFORMAT(CMC_DEC_FIELD) CMC_DEC_SWSCALE(CMC_DEC_FIELD)
} av;
static char av_error[512];
static pthread_once_t av_once = PTHREAD_ONCE_INIT;


static void cmc_decoder_libraries_open(void) {
    void *library;
#define CMC_DEC_RESOLVE(name) \
    if (!(av.name = (__typeof__(name) *)dlsym(library, #name))) { \
        snprintf(av_error, sizeof av_error, "video files need a newer FFmpeg: it has no %s", #name); \
        return; \
    }
    if (!(library = cmc_open_library(CMC_LIBAVUTIL, av_error, sizeof av_error))) return;
    CMC_DEC_AVUTIL(CMC_DEC_RESOLVE)
    if (!(library = cmc_open_library(CMC_LIBAVCODEC, av_error, sizeof av_error))) return;
    CMC_DEC_AVCODEC(CMC_DEC_RESOLVE)
    if (!(library = cmc_open_library(CMC_LIBAVFORMAT, av_error, sizeof av_error))) return;
    CMC_DEC_AVFORMAT(CMC_DEC_RESOLVE)
    if (!(library = cmc_open_library(CMC_LIBSWSCALE, av_error, sizeof av_error))) return;
    CMC_DEC_SWSCALE(CMC_DEC_RESOLVE)
#undef CMC_DEC_RESOLVE
    /* Errors reach scripts through return values; a damaged file must not also
     * scribble FFmpeg's diagnostics over the script's own output. */
    av.av_log_set_level(AV_LOG_QUIET);
}

/* ---- The decoder ----------------------------------------------------------- */

/* More frames than anyone streams from one file (38 hours at 30 fps): bounds the
 * timetable (12 bytes a frame) that opening builds. */
#define CMC_MAX_FRAMES (1 << 22)
/* Frame threads per decoder: fixed, not the machine's core count, so even a damaged
 * file's concealed frames are the same on every machine. */
#define CMC_DECODER_THREADS 4
/* Going forwards, a keyframe this many frames ahead is worth a seek rather than decoding up to it. */
#define CMC_SEEK_AHEAD 64

struct cmc_decoder {
    AVFormatContext *format;
    AVCodecContext *codec;
    AVPacket *packet;
    int stream;
    AVRational time_base;
    /* Every frame's presentation time relative to the first, ascending, in time_base units. */
    int64_t *times;
    int count;
    /* Which of them are keyframes (seek targets). */
    uint8_t *keyframe;
    int64_t first_time;   /* the first frame's presentation time, absolute */
    int64_t lowest_time;  /* the lowest timestamp of any packet (decoding may start before presentation) */
    int64_t end;          /* where the loop wraps, relative, in time_base units */
    double duration;
    /* The frame last decoded at or before the one asked for, and the one decoded after it. */
    AVFrame *current, *ahead;
    int current_index, ahead_index;
    int at_end, draining;
    struct SwsContext *gray_scaler, *rgb_scaler;
};

static const char *av_text(int code, char *buffer, size_t capacity) {
    if (av.av_strerror(code, buffer, capacity) < 0) snprintf(buffer, capacity, "FFmpeg error %d", code);
    return buffer;
}

/* The index of the last frame whose relative time is at or before `time` (0 if none is). */
static int index_at(const cmc_decoder *d, int64_t time) {
    int low = 0, high = d->count;  /* the answer + 1 lies in [low, high] */
    while (low < high) {
        int middle = low + (high - low) / 2;
        if (d->times[middle] <= time) low = middle + 1; else high = middle;
    }
    return low > 0 ? low - 1 : 0;
}

static int compare_times(const void *a, const void *b) {
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

/* Reads every packet of the video stream once, without decoding: the frames'
 * times, which are keyframes, and where the loop ends. */
/* The largest frame time or duration taken, in the stream's time base. */
#define CMC_MAX_TIME (INT64_MAX / 8)

static int build_timetable(cmc_decoder *d, const char *path, char *error, size_t capacity) {
    size_t capacity_frames = 1024;
    int64_t *times = malloc(capacity_frames * sizeof *times);
    int64_t *keys = malloc(capacity_frames * sizeof *keys);
    size_t count = 0, key_count = 0;
    int64_t lowest = INT64_MAX, end = INT64_MIN, spacing = 0;
    int result = 0;
    char text[128];
    if (!times || !keys) { result = cmc_fail(error, capacity, "out of memory reading %s", path); goto done; }
    for (;;) {
        int rc = av.av_read_frame(d->format, d->packet);
        if (rc == AVERROR_EOF) break;
        if (rc < 0) {
            result = cmc_fail(error, capacity, "cannot read %s (%s): the file may be damaged or cut short; re-encode it, "
                          "e.g. ffmpeg -i IN -c:v libx264 clip.mp4", path, av_text(rc, text, sizeof text));
            goto done;
        }
        if (d->packet->stream_index == d->stream) {
            int64_t time = d->packet->pts != AV_NOPTS_VALUE ? d->packet->pts : d->packet->dts;
            if (d->packet->dts != AV_NOPTS_VALUE && d->packet->dts < lowest) lowest = d->packet->dts;
            if (time != AV_NOPTS_VALUE) {
                /* Differences and sums of these stay far inside int64: a damaged or crafted
                 * file cannot make the timetable overflow. */
                if (time > CMC_MAX_TIME || time < -CMC_MAX_TIME || d->packet->duration > CMC_MAX_TIME) {
                    result = cmc_fail(error, capacity, "%s has impossible frame times and may be damaged: "
                                  "re-encode it, e.g. ffmpeg -i IN -c:v libx264 clip.mp4", path);
                    goto done;
                }
                if (count == CMC_MAX_FRAMES) {
                    result = cmc_fail(error, capacity, "%s has more than %d frames: cut the part you need, "
                                  "e.g. ffmpeg -i IN -t 600 -c copy clip.mp4", path, CMC_MAX_FRAMES);
                    goto done;
                }
                if (count == capacity_frames) {
                    capacity_frames *= 2;
                    int64_t *grown = realloc(times, capacity_frames * sizeof *times);
                    if (!grown) { result = cmc_fail(error, capacity, "out of memory reading %s", path); goto done; }
                    times = grown;
                    grown = realloc(keys, capacity_frames * sizeof *keys);
                    if (!grown) { result = cmc_fail(error, capacity, "out of memory reading %s", path); goto done; }
                    keys = grown;
                }
                times[count++] = time;
                if (d->packet->flags & AV_PKT_FLAG_KEY) keys[key_count++] = time;
                if (time < lowest) lowest = time;
                if (d->packet->duration > 0 && time + d->packet->duration > end) end = time + d->packet->duration;
                if (d->packet->duration > spacing) spacing = d->packet->duration;
            }
        }
        av.av_packet_unref(d->packet);
    }
    if (count == 0) {
        result = cmc_fail(error, capacity, "%s has no video frames: the file may be damaged or cut short; re-encode it, "
                      "e.g. ffmpeg -i IN -c:v libx264 clip.mp4", path);
        goto done;
    }
    qsort(times, count, sizeof *times, compare_times);
    d->count = (int)count;
    d->first_time = times[0];
    d->lowest_time = lowest;
    d->keyframe = calloc(count, 1);
    if (!d->keyframe) { result = cmc_fail(error, capacity, "out of memory reading %s", path); goto done; }
    for (size_t i = 0; i < count; i++) times[i] -= d->first_time;
    d->times = times;
    times = NULL;
    for (size_t k = 0; k < key_count; k++) {
        int i = index_at(d, keys[k] - d->first_time);
        d->keyframe[i] = 1;
    }
    /* The last frame lasts as its packet says, or as long as the frames before it on average. */
    if (spacing <= 0) {
        AVRational rate = d->format->streams[d->stream]->avg_frame_rate;
        if (d->count > 1) spacing = d->times[d->count - 1] / (d->count - 1);
        else if (rate.num > 0 && rate.den > 0)
            spacing = (int64_t)((double)rate.den / rate.num / av_q2d(d->time_base));
        if (spacing <= 0) spacing = 1;
    }
    int64_t last_end = d->times[d->count - 1] + spacing;
    d->end = end == INT64_MIN ? last_end : (end - d->first_time > last_end ? end - d->first_time : last_end);
    d->duration = (double)d->end * av_q2d(d->time_base);
done:
    free(times);
    free(keys);
    return result;
}

/* Back to the keyframe at or before absolute time `time`, with nothing decoded. */
static void seek_to(cmc_decoder *d, int64_t time) {
    av.av_seek_frame(d->format, d->stream, time, AVSEEK_FLAG_BACKWARD);
    av.avcodec_flush_buffers(d->codec);
    d->current_index = d->ahead_index = -1;
    d->at_end = d->draining = 0;
}

/* Decodes the next frame into d->ahead: 1 when there is one, 0 at the end of the
 * stream, -1 when the decoder failed. Packets it cannot decode are skipped. */
static int decode_next(cmc_decoder *d) {
    for (;;) {
        int rc = av.avcodec_receive_frame(d->codec, d->ahead);
        if (rc == 0) {
            int64_t time = d->ahead->best_effort_timestamp;
            d->ahead_index = time == AV_NOPTS_VALUE ? d->current_index + 1 : index_at(d, time - d->first_time);
            if (d->ahead_index >= d->count) d->ahead_index = d->count - 1;
            return 1;
        }
        if (rc == AVERROR_EOF) return 0;
        if (rc != AVERROR(EAGAIN)) return -1;
        if (d->draining) return 0;
        rc = av.av_read_frame(d->format, d->packet);
        if (rc < 0) {
            d->draining = 1;
            av.avcodec_send_packet(d->codec, NULL);
            continue;
        }
        if (d->packet->stream_index == d->stream) av.avcodec_send_packet(d->codec, d->packet);
        av.av_packet_unref(d->packet);
    }
}

/* Makes d->current frame `index`, or failing that the last decodable frame before it. */
static int show(cmc_decoder *d, int index, char *error, size_t capacity) {
    if (index < 0 || index >= d->count) return cmc_fail(error, capacity, "frame %d is not in the video", index);
    if (d->current_index == index) return 0;
    int from_start = 0, seek = d->current_index < 0 || index < d->current_index;
    if (!seek && index - d->current_index > CMC_SEEK_AHEAD) {
        int key = index;
        while (key > d->current_index && !d->keyframe[key]) key--;
        seek = key > d->current_index;
    }
    if (seek) seek_to(d, d->first_time + d->times[index]);
    for (;;) {
        if (d->ahead_index >= 0) {
            if (d->ahead_index <= index) {
                AVFrame *swap = d->current;
                d->current = d->ahead;
                d->ahead = swap;
                d->current_index = d->ahead_index;
                d->ahead_index = -1;
                if (d->current_index == index) return 0;
                continue;
            }
            if (d->current_index >= 0) return 0;
            /* The seek landed after the frame asked for (a keyframe whose decoding
             * time came before its presentation time): play from the start instead. */
            if (from_start) {
                AVFrame *swap = d->current;
                d->current = d->ahead;
                d->ahead = swap;
                d->current_index = d->ahead_index;
                d->ahead_index = -1;
                return 0;
            }
            seek_to(d, d->lowest_time);
            from_start = 1;
            continue;
        }
        if (d->at_end) {
            if (d->current_index >= 0) return 0;
            if (!from_start) { seek_to(d, d->lowest_time); from_start = 1; continue; }
            return cmc_fail(error, capacity, "no frame at or before frame %d could be decoded", index);
        }
        int rc = decode_next(d);
        if (rc == 0) d->at_end = 1;
        if (rc < 0) return cmc_fail(error, capacity, "the decoder failed before frame %d", index);
    }
}

static int scale(cmc_decoder *d, struct SwsContext **scaler, int index, enum AVPixelFormat format, int flags,
                 uint8_t *out, int width, int height, int bytes_per_pixel, char *error, size_t capacity) {
    if (!out || width <= 0 || height <= 0 || width > 16384 || height > 16384)
        return cmc_fail(error, capacity, "invalid output size %dx%d", width, height);
    if (show(d, index, error, capacity) != 0) return -1;
    AVFrame *frame = d->current;
    *scaler = av.sws_getCachedContext(*scaler, frame->width, frame->height, frame->format, width, height, format,
                                      flags | SWS_ACCURATE_RND | SWS_BITEXACT, NULL, NULL, NULL);
    if (!*scaler) return cmc_fail(error, capacity, "cannot convert %dx%d frames of pixel format %d", frame->width, frame->height, frame->format);
    int colorspace = frame->colorspace == AVCOL_SPC_UNSPECIFIED ? SWS_CS_DEFAULT : (int)frame->colorspace;
    const int *coefficients = av.sws_getCoefficients(colorspace);
    /* Full-range output: luma 0..255 like the stills' BT.601 luma, whatever range the footage uses. */
    av.sws_setColorspaceDetails(*scaler, coefficients, frame->color_range == AVCOL_RANGE_JPEG, coefficients, 1,
                                0, 1 << 16, 1 << 16);
    uint8_t *planes[4] = {out, NULL, NULL, NULL};
    int strides[4] = {width * bytes_per_pixel, 0, 0, 0};
    if (av.sws_scale(*scaler, (const uint8_t *const *)frame->data, frame->linesize, 0, frame->height, planes, strides) != height)
        return cmc_fail(error, capacity, "cannot scale frame %d to %dx%d", index, width, height);
    return 0;
}

int cmc_decoder_gray(cmc_decoder *d, int index, uint8_t *out, int width, int height, char *error, size_t capacity) {
    if (!d) return cmc_fail(error, capacity, "no decoder");
    return scale(d, &d->gray_scaler, index, AV_PIX_FMT_GRAY8, SWS_POINT, out, width, height, 1, error, capacity);
}

int cmc_decoder_rgb(cmc_decoder *d, int index, uint8_t *out, int width, int height, char *error, size_t capacity) {
    if (!d) return cmc_fail(error, capacity, "no decoder");
    return scale(d, &d->rgb_scaler, index, AV_PIX_FMT_RGB24, SWS_BILINEAR, out, width, height, 3, error, capacity);
}

int cmc_decoder_frame_at(const cmc_decoder *d, double seconds) {
    if (!d || d->count <= 1 || !(seconds > 0) || !(d->duration > 0)) return 0;
    double looped = fmod(seconds, d->duration);
    /* Containers round frame times to their time base (Matroska: 1 ms, so the
     * frame at 2/30 s is stored as 0.067), so a frame counts as shown from one
     * tick before its stored time: a 30 fps stream then sees each frame of a
     * 30 fps file once. */
    double ticks = floor(looped / av_q2d(d->time_base) + 1e-6) + 1;
    return index_at(d, ticks >= (double)INT64_MAX ? INT64_MAX : (int64_t)ticks);
}

double cmc_decoder_frame_time(const cmc_decoder *d, int index) {
    if (!d || index < 0 || index >= d->count) return 0;
    return (double)d->times[index] * av_q2d(d->time_base);
}

void cmc_decoder_close(cmc_decoder *d) {
    if (!d) return;
    if (d->gray_scaler) av.sws_freeContext(d->gray_scaler);
    if (d->rgb_scaler) av.sws_freeContext(d->rgb_scaler);
    av.av_frame_free(&d->current);
    av.av_frame_free(&d->ahead);
    av.av_packet_free(&d->packet);
    av.avcodec_free_context(&d->codec);
    if (d->format) av.avformat_close_input(&d->format);
    free(d->times);
    free(d->keyframe);
    free(d);
}

/* Opens `path` as a container and reads its streams' parameters. */
static int open_format(AVFormatContext **format, const char *path, char *error, size_t capacity) {
    char text[128];
    /* Only local files, and only the containers named: FFmpeg would otherwise
     * follow a playlist or concat script inside a ".mp4" to other files and URLs. */
    AVDictionary *options = NULL;
    av.av_dict_set(&options, "protocol_whitelist", "file", 0);
    av.av_dict_set(&options, "format_whitelist", "mov,mp4,m4a,3gp,3g2,mj2,matroska,webm", 0);
    size_t url_size = strlen(path) + 6;
    char *url = malloc(url_size);
    if (!url) { av.av_dict_free(&options); cmc_fail(error, capacity, "out of memory opening %s", path); return -1; }
    snprintf(url, url_size, "file:%s", path);
    int rc = av.avformat_open_input(format, url, NULL, &options);
    free(url);
    av.av_dict_free(&options);
    if (rc == AVERROR(ENOENT)) {
        cmc_fail(error, capacity, "%s does not exist: check the path", path);
        return -1;
    }
    if (rc < 0) {
        cmc_fail(error, capacity, "%s is not an MP4, MOV or MKV file FFmpeg can read (%s): convert it, "
             "e.g. ffmpeg -i IN -c:v libx264 clip.mp4", path, av_text(rc, text, sizeof text));
        return -1;
    }
    if ((rc = av.avformat_find_stream_info(*format, NULL)) < 0) {
        cmc_fail(error, capacity, "cannot read the streams of %s (%s): the file may be damaged; re-encode it, "
             "e.g. ffmpeg -i IN -c:v libx264 clip.mp4", path, av_text(rc, text, sizeof text));
        return -1;
    }
    return 0;
}

int cmc_video_probe(const char *path, int *width, int *height, char *error, size_t capacity) {
    if (!path || !width || !height) { cmc_fail(error, capacity, "no file named"); return -1; }
    pthread_once(&av_once, cmc_decoder_libraries_open);
    if (av_error[0]) { cmc_fail(error, capacity, "%s", av_error); return -1; }
    AVFormatContext *format = NULL;
    if (open_format(&format, path, error, capacity) != 0) { av.avformat_close_input(&format); return -1; }
    int stream = av.av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, NULL, 0);
    if (stream < 0) {
        av.avformat_close_input(&format);
        cmc_fail(error, capacity, "%s has no video stream: use a file with H.264 or HEVC video", path);
        return -1;
    }
    *width = format->streams[stream]->codecpar->width;
    *height = format->streams[stream]->codecpar->height;
    av.avformat_close_input(&format);
    return 0;
}

cmc_decoder *cmc_decoder_open(const char *path, cmc_video_info *info, char *error, size_t capacity) {
    if (!path || !info) { cmc_fail(error, capacity, "no file named"); return NULL; }
    pthread_once(&av_once, cmc_decoder_libraries_open);
    if (av_error[0]) { cmc_fail(error, capacity, "%s", av_error); return NULL; }

    cmc_decoder *d = calloc(1, sizeof *d);
    if (!d) { cmc_fail(error, capacity, "out of memory opening %s", path); return NULL; }
    d->current_index = d->ahead_index = -1;
    char text[128];
    int rc;
    if (open_format(&d->format, path, error, capacity) != 0) goto failed;
    d->stream = av.av_find_best_stream(d->format, AVMEDIA_TYPE_VIDEO, -1, -1, NULL, 0);
    if (d->stream < 0) {
        cmc_fail(error, capacity, "%s has no video stream: use a file with H.264 or HEVC video", path);
        goto failed;
    }
    const AVCodec *decoder = NULL;
    if (av.av_find_best_stream(d->format, AVMEDIA_TYPE_VIDEO, d->stream, -1, &decoder, 0) < 0 || !decoder) {
        const AVCodecParameters *parameters = d->format->streams[d->stream]->codecpar;
        uint32_t tag = parameters->codec_tag;
        if (parameters->codec_id == AV_CODEC_ID_NONE && tag)
            snprintf(text, sizeof text, "'%c%c%c%c'", tag & 0xff, (tag >> 8) & 0xff, (tag >> 16) & 0xff, tag >> 24);
        else
            snprintf(text, sizeof text, "%s", av.avcodec_get_name(parameters->codec_id));
        cmc_fail(error, capacity, "%s: FFmpeg here cannot decode its video (codec %s); re-encode it as H.264 or HEVC, "
             "e.g. ffmpeg -i IN -c:v libx264 clip.mp4", path, text);
        goto failed;
    }
    AVStream *stream = d->format->streams[d->stream];
    for (unsigned i = 0; i < d->format->nb_streams; i++)
        if ((int)i != d->stream) d->format->streams[i]->discard = AVDISCARD_ALL;
    d->time_base = stream->time_base;
    if (d->time_base.num <= 0 || d->time_base.den <= 0) {
        cmc_fail(error, capacity, "%s: its video has no time base; remux it, e.g. ffmpeg -i IN -c copy clip.mp4", path);
        goto failed;
    }
    d->codec = av.avcodec_alloc_context3(decoder);
    d->packet = av.av_packet_alloc();
    d->current = av.av_frame_alloc();
    d->ahead = av.av_frame_alloc();
    if (!d->codec || !d->packet || !d->current || !d->ahead) { cmc_fail(error, capacity, "out of memory opening %s", path); goto failed; }
    if ((rc = av.avcodec_parameters_to_context(d->codec, stream->codecpar)) < 0) {
        cmc_fail(error, capacity, "%s: %s", path, av_text(rc, text, sizeof text));
        goto failed;
    }
    /* Decoding is what a footage feed costs, so frames decode on worker threads,
     * a fixed number of them: frame threading gives the same pixels as one
     * thread (FFmpeg's own tests hold it to that), and which frame a time shows
     * comes from the timetable, never from when a thread finishes. */
    d->codec->thread_count = CMC_DECODER_THREADS;
    d->codec->thread_type = FF_THREAD_FRAME;
    if ((rc = av.avcodec_open2(d->codec, decoder, NULL)) < 0) {
        cmc_fail(error, capacity, "%s: cannot open the %s decoder (%s); re-encode it as H.264, e.g. ffmpeg -i IN -c:v libx264 clip.mp4",
             path, decoder->name, av_text(rc, text, sizeof text));
        goto failed;
    }
    if (build_timetable(d, path, error, capacity) != 0) goto failed;
    if (show(d, 0, text, sizeof text) != 0) {
        cmc_fail(error, capacity, "no frame of %s could be decoded: the file may be damaged; re-encode it, "
             "e.g. ffmpeg -i IN -c:v libx264 clip.mp4", path);
        goto failed;
    }
    info->width = d->current->width;
    info->height = d->current->height;
    info->frame_count = d->count;
    info->duration = d->duration;
    snprintf(info->codec, sizeof info->codec, "%s", decoder->name);
    return d;
failed:
    cmc_decoder_close(d);
    return NULL;
}
