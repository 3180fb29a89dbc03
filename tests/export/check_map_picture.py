#!/usr/bin/env python3
"""Reads `paa map`'s PNG (Pillow) and PDF (poppler's pdfinfo, pdftoppm, pdftotext) back and
checks them against the SVG of the same tree, which gives the layout: every box, its fill and
every connecting curve.

- PNG: its size is twice the SVG's; each box's fill (sampled inside its top-right corner, clear
  of text) is the SVG rect's; each curve's midpoint (the cubic's t = 1/2) has the edges' colour;
  the page around is white; each box holds dark text pixels (a box without them lost its text).
- PDF: one page of the SVG's size in points; rendered at 72 dpi by pdftoppm, the same fills and
  curves; its text layer (pdftotext) holds the first line of every box.

usage: check_map_picture.py MAP.svg MAP.png MAP.pdf
Prints "boxes=N edges=N png=WxH pdf=WxH" on success; exits 1 naming the first difference.
"""
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

from PIL import Image

NS = "{http://www.w3.org/2000/svg}"
EDGE = (0xB6, 0xC3, 0xD9)
WHITE = (255, 255, 255)


def fail(message):
    print(message, file=sys.stderr)
    sys.exit(1)


def hex_rgb(text):
    text = text.lstrip("#")
    return tuple(int(text[i:i + 2], 16) for i in (0, 2, 4))


def close(got, want, tolerance):
    return all(abs(a - b) <= tolerance for a, b in zip(got[:3], want))


def read_svg(path):
    root = ET.parse(path).getroot()
    width, height = float(root.get("width")), float(root.get("height"))
    top = root.find(NS + "g")
    ox, oy = (float(v) for v in re.match(r"translate\(([-\d.]+),([-\d.]+)\)", top.get("transform")).groups())
    boxes, edges = [], []
    for path_el in top.iter(NS + "path"):
        nums = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", path_el.get("d"))]
        x1, y1, _, _, _, _, x2, y2 = nums
        edges.append(((x1 + x2) / 2 + ox, (y1 + y2) / 2 + oy))  # the cubic's midpoint (symmetric controls)
    for g in top.iter(NS + "g"):
        m = re.match(r"translate\(([-\d.]+),([-\d.]+)\)", g.get("transform") or "")
        rect = g.find(NS + "rect")
        if not m or rect is None:
            continue
        x, y = float(m.group(1)) + ox, float(m.group(2)) + oy
        lines = [t.text or "" for t in g.iter(NS + "tspan")]
        boxes.append({"x": x, "y": y, "w": float(rect.get("width")), "h": float(rect.get("height")),
                      "fill": hex_rgb(rect.get("fill")), "first": lines[0] if lines else ""})
    return width, height, boxes, edges


def check_picture(image, scale, boxes, edges, label, tolerance):
    pixels = image.convert("RGB").load()
    w, h = image.size
    for (x, y) in ((1, 1), (w - 2, h - 2)):
        if not close(pixels[x, y], WHITE, 2):
            fail(f"{label}: the page at ({x},{y}) is {pixels[x, y]}, not white")
    for i, b in enumerate(boxes):
        px, py = int((b["x"] + b["w"] - 5) * scale), int((b["y"] + 4) * scale)
        if not close(pixels[px, py], b["fill"], tolerance):
            fail(f"{label}: box {i} ('{b['first']}') is {pixels[px, py]} at ({px},{py}), the SVG fills it {b['fill']}")
        dark = 0
        for yy in range(int(b["y"] * scale) + 2, int((b["y"] + b["h"]) * scale) - 2):
            for xx in range(int(b["x"] * scale) + 2, int((b["x"] + b["w"]) * scale) - 2):
                p = pixels[xx, yy]
                if i == 0:  # the root's text is white on blue
                    dark += p[0] > 200 and p[1] > 200 and p[2] > 200
                else:
                    dark += sum(p[:3]) < 300
        if dark < 10 * scale * scale:
            fail(f"{label}: box {i} ('{b['first']}') holds {dark} text pixels: its text is missing")
    for i, (x, y) in enumerate(edges):
        # The curve is 1.3 units wide: the nearest pixel to its midpoint, or one beside it.
        near = [pixels[int(x * scale) + dx, int(y * scale) + dy] for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
        if not any(close(p, EDGE, 40) for p in near):
            fail(f"{label}: no edge colour near curve {i}'s middle ({x:.1f},{y:.1f}): {near}")


def main():
    svg, png, pdf = sys.argv[1:4]
    width, height, boxes, edges = read_svg(svg)
    if len(boxes) < 2 or not edges:
        fail(f"{svg}: {len(boxes)} boxes and {len(edges)} curves; the check needs a tree")
    image = Image.open(png)
    if image.format != "PNG":
        fail(f"{png} is {image.format}, not PNG")
    want = (round(width * 2), round(height * 2))
    if image.size != want:
        fail(f"{png} is {image.size[0]}x{image.size[1]} pixels, want twice the SVG's {width}x{height}: {want}")
    check_picture(image, 2, boxes, edges, png, 6)

    info = subprocess.run(["pdfinfo", pdf], capture_output=True, text=True, check=True).stdout
    pages = int(re.search(r"^Pages:\s+(\d+)", info, re.M).group(1))
    pw, ph = (float(v) for v in re.search(r"^Page size:\s+([\d.]+) x ([\d.]+) pts", info, re.M).groups())
    if pages != 1 or abs(pw - width) > 0.5 or abs(ph - height) > 0.5:
        fail(f"{pdf}: {pages} pages of {pw}x{ph} pts, want one of the SVG's {width}x{height}")
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(["pdftoppm", "-r", "72", "-png", "-singlefile", pdf, str(Path(tmp) / "page")], check=True)
        check_picture(Image.open(Path(tmp) / "page.png"), 1, boxes, edges, pdf + " (at 72 dpi)", 12)
    text = subprocess.run(["pdftotext", "-layout", pdf, "-"], capture_output=True, text=True, check=True).stdout
    flat = " ".join(text.split())
    for b in boxes:
        if " ".join(b["first"].split()) not in flat:
            fail(f"{pdf}: its text does not hold '{b['first']}'")
    print(f"boxes={len(boxes)} edges={len(edges)} png={image.size[0]}x{image.size[1]} pdf={pw:g}x{ph:g}")


if __name__ == "__main__":
    main()
