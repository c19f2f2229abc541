// dlib's HOG frontal-face detector (README: Faces, for why dlib over OpenCV's
// cascades). Built as its own shared library, libGlassesFaces, so that dlib and
// its BLAS and LAPACK load only in runs that ask a frame for faces. No C++
// exception leaves this file: each becomes an error message.
#include "CFaceDetector.h"

#include <dlib/image_processing/frontal_face_detector.h>

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <mutex>
#include <new>

namespace {

// The detector's model is compiled into dlib's header; building it costs a few
// milliseconds, so it is built once. Detection reuses scratch buffers inside the
// detector, so calls (from several runtimes' threads) take turns.
std::mutex detector_lock;

dlib::frontal_face_detector &detector() {
    static dlib::frontal_face_detector shared = dlib::get_frontal_face_detector();
    return shared;
}

int fail(char *err, const char *detail) {
    if (err) std::snprintf(err, CFD_ERROR_CAPACITY, "face detection: %s", detail);
    return -1;
}

}  // namespace

extern "C" int cfd_abi_version(void) { return CFD_ABI_VERSION; }

extern "C" void cfd_free(cfd_face *faces) { std::free(faces); }

extern "C" int cfd_detect(const uint8_t *grey, int width, int height, cfd_face **faces, int *count, char *err) {
    if (!grey || !faces || !count || width <= 0 || height <= 0 || width > 16384 || height > 16384)
        return fail(err, "invalid image size");
    *faces = nullptr;
    *count = 0;
    try {
        dlib::array2d<unsigned char> image(height, width);
        for (int y = 0; y < height; y++)
            for (int x = 0; x < width; x++) image[y][x] = grey[size_t(y) * size_t(width) + size_t(x)];
        std::vector<dlib::rect_detection> found;
        {
            std::lock_guard<std::mutex> hold(detector_lock);
            detector()(image, found, 0.0);
        }
        if (found.empty()) return 0;
        auto *list = static_cast<cfd_face *>(std::calloc(found.size(), sizeof(cfd_face)));
        if (!list) return fail(err, "out of memory");
        for (size_t i = 0; i < found.size(); i++) {
            // dlib's boxes may reach past the picture's edges; clip them to it.
            const dlib::rectangle box = found[i].rect.intersect(dlib::rectangle(0, 0, width - 1, height - 1));
            list[i] = {int(box.left()), int(box.top()), int(box.width()), int(box.height()), found[i].detection_confidence};
        }
        *faces = list;
        *count = int(found.size());
        return 0;
    } catch (const std::bad_alloc &) {
        return fail(err, "out of memory");
    } catch (const std::exception &e) {
        return fail(err, e.what());
    } catch (...) {
        return fail(err, "dlib failed with an unknown error");
    }
}
