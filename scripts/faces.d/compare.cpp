// Runs OpenCV's Haar cascades and dlib's HOG frontal-face detector on the same
// grey frames (binary PGM files named on stdin, one a line) and prints, per
// frame and detector, the CPU time of the detection and the boxes found:
//   FILE DETECTOR MILLISECONDS x,y,w,h,score;x,y,w,h,score;...
// scripts/faces-compare builds it, makes the frames and turns the lines into the table.
#include <dlib/image_processing/frontal_face_detector.h>
#include <opencv2/imgproc.hpp>
#include <opencv2/objdetect.hpp>

#include <cstdio>
#include <ctime>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

static double cpu_ms() {
    timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static bool read_pgm(const std::string &path, int &w, int &h, std::vector<unsigned char> &pixels) {
    std::ifstream in(path, std::ios::binary);
    std::string magic;
    int maxval = 0;
    if (!(in >> magic >> w >> h >> maxval) || magic != "P5" || maxval != 255) return false;
    in.get();
    pixels.resize(size_t(w) * size_t(h));
    return bool(in.read(reinterpret_cast<char *>(pixels.data()), std::streamsize(pixels.size())));
}

struct Found { int x, y, w, h; double score; };

static void print(const std::string &file, const char *name, double ms, const std::vector<Found> &found) {
    std::printf("%s %s %.3f ", file.c_str(), name, ms);
    for (auto &f : found) std::printf("%d,%d,%d,%d,%.3f;", f.x, f.y, f.w, f.h, f.score);
    std::printf("\n");
}

int main(int argc, char **argv) {
    std::string cascades = argc > 1 ? argv[1] : "/usr/share/opencv4/haarcascades";
    cv::CascadeClassifier haar_default(cascades + "/haarcascade_frontalface_default.xml");
    cv::CascadeClassifier haar_alt2(cascades + "/haarcascade_frontalface_alt2.xml");
    if (haar_default.empty() || haar_alt2.empty()) { std::fprintf(stderr, "no cascades in %s\n", cascades.c_str()); return 1; }
    dlib::frontal_face_detector hog = dlib::get_frontal_face_detector();
    std::string file;
    while (std::getline(std::cin, file)) {
        int w, h;
        std::vector<unsigned char> pixels;
        if (!read_pgm(file, w, h, pixels)) { std::fprintf(stderr, "cannot read %s\n", file.c_str()); return 1; }
        cv::Mat grey(h, w, CV_8UC1, pixels.data());
        for (auto [name, cascade] : {std::pair{"haar-default", &haar_default}, std::pair{"haar-alt2", &haar_alt2}}) {
            double start = cpu_ms();
            cv::Mat equalised;
            cv::equalizeHist(grey, equalised);
            std::vector<cv::Rect> boxes;
            std::vector<int> neighbours;
            cascade->detectMultiScale(equalised, boxes, neighbours, 1.1, 3, 0, cv::Size(24, 24));
            double ms = cpu_ms() - start;
            std::vector<Found> found;
            for (size_t i = 0; i < boxes.size(); i++)
                found.push_back({boxes[i].x, boxes[i].y, boxes[i].width, boxes[i].height, double(neighbours[i])});
            print(file, name, ms, found);
        }
        dlib::array2d<unsigned char> image(h, w);
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++) image[y][x] = pixels[size_t(y) * size_t(w) + size_t(x)];
        for (int upsample = 0; upsample <= 1; upsample++) {
            double start = cpu_ms();
            std::vector<dlib::rect_detection> detections;
            if (upsample) {
                dlib::array2d<unsigned char> larger;
                dlib::pyramid_up(image, larger, dlib::pyramid_down<2>());
                hog(larger, detections, 0.0);
                for (auto &d : detections) d.rect = dlib::rectangle(d.rect.left() / 2, d.rect.top() / 2, d.rect.right() / 2, d.rect.bottom() / 2);
            } else {
                hog(image, detections, 0.0);
            }
            double ms = cpu_ms() - start;
            std::vector<Found> found;
            for (auto &d : detections)
                found.push_back({int(d.rect.left()), int(d.rect.top()), int(d.rect.width()), int(d.rect.height()), d.detection_confidence});
            print(file, upsample ? "dlib-hog-up1" : "dlib-hog", ms, found);
        }
    }
    return 0;
}
