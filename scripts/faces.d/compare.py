"""Face detectors compared on the same frames: recall, false positives, time.

Positives: the PASCAL VOC photos dlib ships with face boxes drawn by hand
(libdlib19.1: examples/faces/training.xml and testing.xml, 43 faces in 9 photos),
in frames of the glasses' low (360x640) and high (720x1280) streams two ways:
  group    each photo scaled to the frame's width on grey, every face at its place;
  close-up each face of 60 px or more cropped with a margin and scaled so the face
           is a quarter of the frame's width (a person across a table).
Negatives (frames without human faces): dogs.jpg from the same folder, frames of
the simulator's moving scene and of QR stills (PNG files named on the command
line), and a noise frame. Boxes that match no known face (IoU < 0.3) count as
false positives, in the positive frames too.

Usage: compare.py COMPARE_BINARY WORK_DIR [NEGATIVE.png ...]
"""
import os
import random
import statistics
import subprocess
import sys
import xml.etree.ElementTree as ET

from PIL import Image

FACES = "/usr/share/doc/libdlib19.1/examples/faces"
SIZES = {"low": (360, 640), "high": (720, 1280)}
DETECTORS = ["haar-default", "haar-alt2", "dlib-hog", "dlib-hog-up1"]


def annotated():
    for name in ("training.xml", "testing.xml"):
        for image in ET.parse(os.path.join(FACES, name)).getroot().iter("image"):
            boxes = [tuple(int(b.get(k)) for k in ("left", "top", "width", "height")) for b in image.iter("box")]
            yield image.get("file"), boxes


def canvas(size):
    return Image.new("L", size, 128)


def frames(work):
    """(pgm path, resolution, kind, known boxes) for every frame."""
    out = []

    def save(image, res, kind, boxes, tag):
        path = os.path.join(work, f"{res}-{kind}-{tag}.pgm")
        image.save(path)
        out.append((path, res, kind, boxes))

    for res, (w, h) in SIZES.items():
        for file, boxes in annotated():
            photo = Image.open(os.path.join(FACES, file)).convert("L")
            scale = w / photo.width
            scaled = photo.resize((w, round(photo.height * scale)), Image.BILINEAR)
            top = (h - scaled.height) // 2
            frame = canvas((w, h))
            frame.paste(scaled, (0, top))
            known = [(x * scale, top + y * scale, bw * scale, bh * scale) for x, y, bw, bh in boxes]
            save(frame, res, "group", known, file[:-4])
            for i, (x, y, bw, bh) in enumerate(boxes):
                if bw < 60:
                    continue
                m = bw // 2  # margin: the head and some shoulders around the face box
                crop = photo.crop((max(0, x - m), max(0, y - m), min(photo.width, x + bw + m), min(photo.height, y + bh + m)))
                s = (w / 4) / bw
                crop = crop.resize((round(crop.width * s), round(crop.height * s)), Image.BILINEAR)
                frame = canvas((w, h))
                left, top = (w - crop.width) // 2, h // 3
                frame.paste(crop, (left, top))
                fx, fy = left + (x - max(0, x - m)) * s, top + (y - max(0, y - m)) * s
                save(frame, res, "close-up", [(fx, fy, bw * s, bh * s)], f"{file[:-4]}-{i}")
        dogs = Image.open(os.path.join(FACES, "dogs.jpg")).convert("L")
        dogs = dogs.resize((w, round(dogs.height * w / dogs.width)), Image.BILINEAR)
        frame = canvas((w, h))
        frame.paste(dogs, (0, (h - dogs.height) // 2))
        save(frame, res, "negative", [], "dogs")
        rng = random.Random(7)
        save(Image.frombytes("L", (w, h), bytes(rng.randrange(256) for _ in range(w * h))), res, "negative", [], "noise")
        for i, path in enumerate(p for p in sys.argv[3:] if Image.open(p).size == (w, h)):
            save(Image.open(path).convert("L"), res, "negative", [], f"extra{i}")
    return out


def iou(a, b):
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    iw = max(0, min(ax + aw, bx + bw) - max(ax, bx))
    ih = max(0, min(ay + ah, by + bh) - max(ay, by))
    inter = iw * ih
    return inter / (aw * ah + bw * bh - inter)


def main():
    binary, work = sys.argv[1], sys.argv[2]
    all_frames = frames(work)
    result = subprocess.run([binary], input="\n".join(f[0] for f in all_frames) + "\n",
                            capture_output=True, text=True, check=True)
    found = {}
    for line in result.stdout.splitlines():
        path, detector, ms, boxes = (line.split(" ", 3) + [""])[:4]
        boxes = [tuple(float(v) for v in b.split(",")) for b in boxes.strip().split(";") if b]
        found[(path, detector)] = (float(ms), boxes)
    print("| detector | res | recall group | recall close-up | false positives in face frames | false positives in negative frames | ms per frame (median) |")
    print("|---|---|---|---|---|---|---|")
    for detector in DETECTORS:
        for res in SIZES:
            hits, faces, fp_pos, fp_neg, times, neg_frames = {"group": 0, "close-up": 0}, {"group": 0, "close-up": 0}, 0, 0, [], 0
            for path, r, kind, known in all_frames:
                if r != res:
                    continue
                ms, boxes = found[(path, detector)]
                times.append(ms)
                boxes = [b[:4] for b in boxes]
                if kind == "negative":
                    neg_frames += 1
                    fp_neg += len(boxes)
                    continue
                faces[kind] += len(known)
                hits[kind] += sum(1 for k in known if any(iou(k, b) >= 0.3 for b in boxes))
                fp_pos += sum(1 for b in boxes if all(iou(k, b) < 0.3 for k in known))
            pos_frames = len([f for f in all_frames if f[1] == res and f[2] != "negative"])
            print(f"| {detector} | {res} | {hits['group']}/{faces['group']} | {hits['close-up']}/{faces['close-up']} "
                  f"| {fp_pos} in {pos_frames} | {fp_neg} in {neg_frames} | {statistics.median(times):.1f} |")


if __name__ == "__main__":
    main()
