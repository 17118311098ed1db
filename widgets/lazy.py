"""Browser code shared by the small picture widgets (``widgets.preview``, ``widgets.quiz``): a
drawing is put into the page only when it comes within about one screen of view.

Why: a lesson holds several pictures of some 24 kB of SVG each; a class of browsers opening the
page at once on one machine pays for parsing and laying out all of them before anything is
playable, though a learner sees one or two at a time.  Until then a placeholder of the drawing's
size (its aspect read from the opening tag) keeps the page from jumping, and the widget's text
alternative stays where it is.  Voilà scrolls inside ``#rendered_cells``, not the document, so the
look-ahead is given as ``scrollMargin`` as well: ``rootMargin`` alone widens only the viewport,
and a picture inside a scrolled box would be drawn only once it is already in sight.
"""
from __future__ import annotations

LAZY_JS = """
// "width / height" of a drawing from its opening tag (viewBox, else width and height), or "".
function svgAspect(svg) {
  const head = svg.slice(0, svg.indexOf(">") + 1);
  const box = /viewBox="\\s*[-\\d.]+[\\s,]+[-\\d.]+[\\s,]+([\\d.]+)[\\s,]+([\\d.]+)/.exec(head);
  const width = box ? Number(box[1]) : Number((/\\swidth="([\\d.]+)"/.exec(head) || [])[1]);
  const height = box ? Number(box[2]) : Number((/\\sheight="([\\d.]+)"/.exec(head) || [])[1]);
  return width > 0 && height > 0 ? `${width} / ${height}` : "";
}

// Puts the model's "svg" into `holder` once it is within a screen of view, and every later
// drawing at once; `painted` runs after each.  Returns the function that stops watching.
function lazyPicture(model, holder, painted) {
  let near = false;
  const paint = () => {
    const svg = model.get("svg");
    if (near || !svg) {
      holder.innerHTML = svg;          // drawn by cardlab.render, which escapes its text
      painted();
      return;
    }
    const pending = document.createElement("div");
    pending.className = "cardlab-pending";
    pending.style.aspectRatio = svgAspect(svg);
    holder.replaceChildren(pending);
  };
  const watch = new IntersectionObserver((entries) => {
    if (!entries.some((entry) => entry.isIntersecting)) return;
    near = true;
    watch.disconnect();
    paint();
  }, { rootMargin: "100% 0px", scrollMargin: "100% 0px" });
  watch.observe(holder);
  paint();
  model.on("change:svg", paint);
  return () => { watch.disconnect(); model.off("change:svg", paint); };
}
"""

LAZY_CSS = """
.cardlab-pending { width: 100%; display: block; }
"""
