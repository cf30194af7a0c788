"""The figures of the web book: alt text from the engine, labels legible at every width, and full size on a click.

Every PNG the package draws (:func:`shogi_rules.diagrams.board.figure_png`) carries two text chunks:
``Description``, what it shows in words, and ``Smallest-text``, the height in image pixels of its smallest
text. When the HTML pages are written this extension reads them for every ``<img>`` of the book and

* gives the image that description as its alt text where the page has none but a file name (a notebook's
  picture otherwise has its path as alt text);
* gives it the width at which its smallest text is :data:`MIN_TEXT_PX` CSS pixels high (``--legible-width``),
  its ``min-width`` where the text column is the window's width: on a phone a large board keeps its labels
  legible and scrolls sideways inside its own frame (the output box, ``overflow-x: auto``), not the page (at a
  desktop width the figures are legible in the column as drawn: ``shogi_rules.diagrams.book.show``);
* marks it with its full width (``data-full-width``), at which a click shows it in a dialog (a few lines of
  script, no library); the picture then scrolls inside the dialog. Without the script, the link Sphinx puts
  round a scaled picture still opens its file.
"""

from __future__ import annotations

import html
import math
import re
from pathlib import Path

MIN_TEXT_PX = 10.0
"""The smallest text, in CSS pixels as displayed (the book's rule, ``shogi_rules.diagrams.book.MIN_TEXT_PX``)."""

PIXELS_PER_PX = 2
"""Image pixels a CSS pixel in the notebooks' figures that give no width (``shogi_rules.diagrams.book``)."""

_IMG = re.compile(r"<img\b[^>]*>")
_ATTR = re.compile(r'([a-zA-Z-]+)="([^"]*)"')


def figure_facts(png: Path) -> tuple[int, str, float | None]:
    """(width in pixels, description, smallest text in image pixels or None) of a PNG the package drew."""
    from PIL import Image

    with Image.open(png) as img:
        text = getattr(img, "text", {}) or {}
        small = text.get("Smallest-text")
        return img.width, text.get("Description", ""), float(small) if small else None


def _path_like(alt: str) -> bool:
    return not alt.strip() or (" " not in alt.strip() and bool(re.search(r"[/.](png|svg|jpe?g)$|/", alt)))


def rewrite_img(tag: str, page: Path) -> str:
    """One ``<img>`` tag of ``page`` with the alt text, the minimum width and the full width of its picture."""
    attrs = dict(_ATTR.findall(tag))
    src = attrs.get("src", "")
    if not src.endswith(".png") or "://" in src or "data-full-width" in attrs:  # not a picture, or done by a build before
        return tag
    png = (page.parent / html.unescape(src)).resolve()
    if not png.is_file():
        return tag
    width, description, small = figure_facts(png)
    style = attrs.get("style", "")
    shown = re.search(r"width:\s*(\d+(?:\.\d+)?)px", style)
    full = float(attrs["width"]) if attrs.get("width", "").isdigit() else float(shown.group(1)) if shown \
        else width / PIXELS_PER_PX
    new = tag
    if description and _path_like(html.unescape(attrs.get("alt", ""))):
        alt = f'alt="{html.escape(description, quote=True)}"'
        new = re.sub(r'alt="[^"]*"', alt, new) if "alt=" in new else new.replace("<img", f"<img {alt}", 1)
    extra = f' data-full-width="{round(full)}"'
    if small:
        least = min(round(full), math.ceil(MIN_TEXT_PX * width / small))  # the width at which the smallest text is legible
        style = (style.rstrip("; ") + "; " if style.strip() else "") + f"--legible-width: {least}px"
        new = re.sub(r'\sstyle="[^"]*"', "", new)
        extra += f' style="{style}"'
    classes = attrs.get("class", "")
    new = re.sub(r'\sclass="[^"]*"', "", new)
    extra += f' class="{(classes + " shogi-figure").strip()}"'
    end = -2 if new.endswith("/>") else -1  # after the attributes the page gave it
    return new[:end].rstrip() + extra + " " + new[end:]


def rewrite_pages(app, exception) -> None:
    if exception is not None or app.builder.format != "html":
        return
    for page in Path(app.outdir).rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        if "<img" not in text:
            continue
        new = _IMG.sub(lambda m: rewrite_img(m.group(0), page), text)
        if new != text:
            page.write_text(new, encoding="utf-8")


CSS = """/* figures: legible at every width (they scroll in their own frame), full size in a dialog on a click */
div.cell_output, div.output, .piece-diagram { overflow-x: auto; }
/* where the text column is the window's width (phones, narrow windows), a picture is never shown narrower than
   the width at which its smallest text is 10 px: it scrolls in its frame instead */
@media (max-width: 991.98px) { img.shogi-figure { min-width: var(--legible-width, 0); } }
img.shogi-figure.zoomable { cursor: zoom-in; }
dialog.shogi-zoom { max-width: 96vw; max-height: 92vh; padding: 0; border: 1px solid #888; overflow: auto;
  background: #fff; }
dialog.shogi-zoom::backdrop { background: rgba(0, 0, 0, 0.6); }
dialog.shogi-zoom img { display: block; max-width: none; background: #fff; }
dialog.shogi-zoom .shogi-zoom-bar { position: sticky; top: 0; left: 0; display: flex; justify-content: space-between;
  gap: 1rem; padding: 0.3rem 0.6rem; background: #f4f4f4; color: #1a1a1a; font-size: 0.9rem; }
dialog.shogi-zoom button { font: inherit; }
"""

JS = """// figures: a picture shown smaller than its full size opens full size in a dialog on a click (or Enter)
(function () {
  function zoom(img) {
    const dialog = document.createElement("dialog");
    dialog.className = "shogi-zoom";
    const bar = document.createElement("div");
    bar.className = "shogi-zoom-bar";
    const said = document.createElement("span");
    said.textContent = img.alt;
    const close = document.createElement("button");
    close.type = "button";
    close.textContent = "Close";
    close.addEventListener("click", () => dialog.close());
    bar.append(said, close);
    const big = document.createElement("img");
    big.src = img.currentSrc || img.src;
    big.alt = img.alt;
    big.width = Number(img.dataset.fullWidth);
    dialog.append(bar, big);
    dialog.addEventListener("click", (e) => { if (e.target === dialog) dialog.close(); });
    dialog.addEventListener("close", () => dialog.remove());
    document.body.append(dialog);
    dialog.showModal();
    close.focus();
  }
  function mark() {
    for (const img of document.querySelectorAll("img.shogi-figure[data-full-width]")) {
      const smaller = img.clientWidth && Number(img.dataset.fullWidth) > img.clientWidth + 2;
      img.classList.toggle("zoomable", Boolean(smaller));
      if (smaller && !img.dataset.zoomReady) {
        img.dataset.zoomReady = "true";
        img.tabIndex = 0;
        img.setAttribute("role", "button");
        img.title = "Click to see it full size";
        // Sphinx links a scaled picture to its file: with the script the dialog opens instead (without it,
        // the link still shows the picture full size)
        img.addEventListener("click", (e) => { if (img.classList.contains("zoomable")) { e.preventDefault(); zoom(img); } });
        img.addEventListener("keydown", (e) => {
          if ((e.key === "Enter" || e.key === " ") && img.classList.contains("zoomable")) { e.preventDefault(); zoom(img); }
        });
      }
    }
  }
  if (document.readyState === "complete") mark(); else window.addEventListener("load", mark);
  window.addEventListener("resize", mark);
})();
"""


def _write_assets(app, exc) -> None:
    if exc is None and app.builder.format == "html":
        static = Path(app.outdir) / "_static"
        static.mkdir(exist_ok=True)
        (static / "figures.css").write_text(CSS, encoding="utf-8")
        (static / "figures.js").write_text(JS, encoding="utf-8")


def setup(app):
    app.add_css_file("figures.css")
    app.add_js_file("figures.js")
    app.connect("build-finished", _write_assets)
    app.connect("build-finished", rewrite_pages)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
