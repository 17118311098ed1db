"""The one small anywidget every table shares: it paints an SVG and reports which card was clicked.

Traits are the whole contract: Python sets ``svg``; the browser sets ``clicked`` to
``"<card code>#<counter>"`` for a click on any element carrying ``data-card`` (legal or not, so a
refused card can be explained).  No custom messages.
"""
from __future__ import annotations

import anywidget
import traitlets

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
.cardlab-panel { border-collapse: collapse; margin: 0 0 14px 0; min-width: 220px; font-size: 16px; }
.cardlab-panel caption { text-align: left; font-weight: 700; font-size: 17px; padding-bottom: 4px; }
.cardlab-panel th, .cardlab-panel td { padding: 4px 10px; border-bottom: 1px solid #d6d6d6; text-align: right; }
.cardlab-panel th:first-child, .cardlab-panel td:first-child { text-align: left; }
.cardlab-panel thead th { background: #1f5f3a; color: #fff; }
.cardlab-panel tfoot th { border-top: 2px solid #1f5f3a; font-size: 18px; }
.cardlab-winner { font-weight: 700; font-size: 18px; color: #1f5f3a; }
.cardlab-summary { margin: -8px 0 14px 0; color: #333; }
.cardlab-note { background: #fff8dc; border-left: 5px solid #d4a017; padding: 8px 12px; font-size: 17px; margin: 4px 0; }
.cardlab-refusal { background: #fdecea; border-left: 5px solid #b3261e; color: #6b0f0a; padding: 8px 12px;
                   font-size: 17px; font-weight: 600; margin: 4px 0; }
"""


class SvgView(anywidget.AnyWidget):
    _esm = _ESM
    _css = _CSS
    svg = traitlets.Unicode("").tag(sync=True)
    clicked = traitlets.Unicode("").tag(sync=True)
