// The quiz's picture (widgets/quiz.py): the position asked about, drawn once near the screen; a
// click on a card or on a seat's part of the drawing is an answer, the width picks the layout.
import { drawLaterPictures, clickTarget, lazyPicture, sendClick, watchWidth } from "./board.js";

function render({ model, el }) {
  el.classList.add("cardlab-quiz-board");
  const board = document.createElement("div");
  el.append(board);
  const painted = () => {
    // the answer buttons under the picture are the keyboard's way; a card here would be announced
    // "not playable" by the table's drawing, which is the question, not a fact
    for (const card of board.querySelectorAll("[data-hand]")) {
      for (const name of ["role", "tabindex", "aria-label"]) card.removeAttribute(name);
    }
  };
  board.addEventListener("click", (event) => {
    const target = clickTarget(event, { seats: true });
    if (target) sendClick(model, target);
  });
  const stopWidth = watchWidth(el, (width) => {
    model.set("width", width);
    model.save_changes();
  });
  const stopPicture = lazyPicture(model, board, painted);
  return () => { stopWidth(); stopPicture(); };
}
// the lesson's big pictures are drawn as they come near, once any view's model is made (board.js)
export default { initialize() { drawLaterPictures(); }, render };
