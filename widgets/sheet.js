// A stylesheet's carrier (widgets/front.py StyleSheet): anywidget puts its CSS into the page; the
// view itself shows nothing.
function render({ el }) {
  el.hidden = true;
}
export default { render };
