"""The one small anywidget every table shares: it paints an SVG and reports which card was clicked.

Traits are the whole contract: Python sets ``svg``; the browser sets ``clicked`` to
``"<card code>#<counter>"`` for a click on any element carrying ``data-card`` (legal or not, so a
refused card can be explained).  No custom messages.
"""
from __future__ import annotations

import anywidget
import traitlets

from cardlab.render.panels import PANEL_CSS

_ESM = """
function render({ model, el }) {
  el.classList.add("cardlab-svg");
  const paint = () => { el.innerHTML = model.get("svg"); };
  paint();
  model.on("change:svg", paint);
  let clicks = 0;
  el.addEventListener("click", (event) => {
    const card = event.target.closest("[data-card]");
    if (!card) return;
    clicks += 1;
    model.set("clicked", card.getAttribute("data-card") + "#" + Date.now() + "-" + clicks);
    model.save_changes();
  });
}
export default { render };
"""

_CSS = """
.cardlab-svg svg { max-width: 100%; height: auto; display: block; margin: 0 auto; }
.cardlab-svg [data-card] { cursor: pointer; }
.cardlab-svg .card.legal:hover { filter: brightness(1.08); }
.cardlab-table .widget-hbox { gap: 6px 12px; }
"""


class SvgView(anywidget.AnyWidget):
    _esm = _ESM
    _css = _CSS + PANEL_CSS
    svg = traitlets.Unicode("").tag(sync=True)
    clicked = traitlets.Unicode("").tag(sync=True)
