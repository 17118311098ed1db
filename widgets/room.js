// The classroom's pages (widgets/classroom.py): the teacher's form, a learner's table and the
// teacher's room, speaking to the server over one websocket.  The server decides everything and
// sends each browser its own seat's view (whole once, then what changed: widgets/room_patch.py);
// this only paints it, redrawing the board only when it changed, paces the computer's frames with
// the lesson board's code, and sends clicks.  Tokens come from the address's fragment and go
// only into the websocket's hello.  Texts from people arrive escaped by the server (widgets/html.py);
// refusals and other sentences are set as text.  The page's own words are in its JSON block
// (widgets/room_words.py), in the room's language and escaped as HTML: `say` fills their slots.
import { clickTarget, pacer, pagePrefix, paintPicture, rovingHand, watchWidth } from "./board.js";

const PACE_MS = 700;
const RETRY_MS = [500, 1000, 2000, 4000, 8000];

const $ = (id) => document.getElementById(id);

const WORDS = JSON.parse(globalThis.document?.getElementById("room-text")?.textContent || "{}");

// The page's sentence `key` as HTML, its `{name}` slots filled from `values` (numbers, or texts
// the server escaped).
function say(key, values = {}) {
  return (WORDS[key] ?? key).replace(/\{(\w+)\}/g, (slot, name) => String(values[name] ?? slot));
}

// ----- the teacher's form: only the chosen game's rules -------------------------------------------

function openForm() {
  const game = $("room-game");
  const show = () => {
    for (const set of document.querySelectorAll(".room-options")) {
      const mine = set.dataset.game === game.value;
      set.hidden = !mine;
      set.disabled = !mine;
    }
  };
  game.addEventListener("change", show);
  show();
}

// ----- the connection ---------------------------------------------------------------------------

function socketAddress() {
  const path = location.pathname;
  const at = path.indexOf("/cardlab/room/");
  const code = document.body.dataset.code;
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const lang = encodeURIComponent(document.documentElement.lang);
  return `${scheme}//${location.host}${path.slice(0, at)}/cardlab/room/${encodeURIComponent(code)}/ws?lang=${lang}`;
}

// A picture sent as a patch (widgets/room_patch.py): a string is new pieces of the SVG joined by
// "<", [start, count] a run of pieces of the picture `before`; a whole picture is a string.
function patchedPicture(before, ops) {
  if (typeof ops === "string") return ops;
  const old = before.split("<");
  const pieces = [];
  for (const op of ops) {
    if (typeof op === "string") {
      pieces.push(...op.split("<"));
      continue;
    }
    const [start, count] = op;
    if (!(start >= 0 && count >= 1 && start + count <= old.length)) throw new RangeError(String(op));
    for (let at = start; at < start + count; at++) pieces.push(old[at]);
  }
  return pieces.join("<");
}

// A board (a learner's view, the teacher's open table) with `changes` made: its frames and its
// picture each patched against the picture before it; frames are only ever those of this message.
export function patchedBoard(before, changes) {
  const board = { ...before, ...changes, frames: [] };
  let shown = before.svg ?? "";
  for (const frame of changes.frames ?? []) {
    shown = patchedPicture(shown, frame.svg);
    board.frames.push({ ...frame, svg: shown });
  }
  if (changes.svg !== undefined) board.svg = patchedPicture(shown, changes.svg);
  return board;
}

// The teacher's room with `changes` made (its open table a board, or null).
export function patchedRoom(before, changes) {
  const room = { ...before, ...changes };
  if (changes.open) room.open = patchedBoard(before.open ?? {}, changes.open);
  return room;
}

// Opens the room's websocket, says hello with `token` and the screen, hands every message to
// `receive` (a patch as the whole view it makes, with the `changes`), and reconnects (saying so)
// when the connection drops.  Returns `send(message)`.
function connect(token, screen, receive) {
  const state = $("room-state");
  let socket = null;
  let tries = 0;
  let greeted = false;      // the room knows this page's seat: it may send more than its hello
  let turnedAway = false;   // the hello was refused: trying again would be refused again
  let held = null;          // the whole view this page shows: {view} or {teacher}, patched as they come
  const patched = (changes) => {
    if (!held) return null;       // a whole view was asked for: the patches before it are dropped
    try {
      return held.view ? { view: patchedBoard(held.view, changes) }
        : { teacher: patchedRoom(held.teacher, changes) };
    } catch {
      held = null;
      socket.send(JSON.stringify({ full: true }));
      return null;
    }
  };
  const open = () => {
    socket = new WebSocket(socketAddress());
    greeted = false;
    held = null;
    socket.addEventListener("open", () => {
      tries = 0;
      socket.send(JSON.stringify({ hello: token, patches: true, ...screen() }));
    });
    socket.addEventListener("message", (event) => {
      let message = JSON.parse(event.data);
      const changes = message.patch;
      if (changes) {
        message = patched(changes);
        if (!message) return;
      }
      if (message.view || message.teacher) {
        held = message;
        greeted = true;
        state.innerHTML = say("connected");
        state.classList.remove("room-lost");
      } else if ((message.refused !== undefined && !greeted) || message.closed !== undefined) {
        turnedAway = true;      // refused, or a newer page of this link took its place: no trying again
        state.innerHTML = say("not_connected");
        state.classList.add("room-lost");
        if (message.closed !== undefined) refused(message.closed);
        socket.close();
      }
      receive(message, changes);
    });
    socket.addEventListener("close", () => {
      if (turnedAway) return;
      state.innerHTML = say("lost");
      state.classList.add("room-lost");
      setTimeout(open, RETRY_MS[Math.min(tries++, RETRY_MS.length - 1)]);
    });
  };
  if (!token) {
    state.innerHTML = say("no_seat");
    state.classList.add("room-lost");
    return () => {};
  }
  open();
  return (message) => { if (greeted && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message)); };
}

// ----- a board: the pictures, paced; clicks on cards ---------------------------------------------

function boardView(holder, onCard) {
  const prefix = pagePrefix();
  const words = $("room-words");
  const step = $("room-step");
  const choose = (code) => {
    if (pace.busy()) pace.finish();
    if (!holder.querySelector(`[data-card="${CSS.escape(code)}"]`)) return;
    hand.chosen(code);
    onCard(code);
  };
  const hand = rovingHand(holder, choose);
  const pace = pacer(({ svg, alt, line }) => {
    const hadFocus = holder.contains(document.activeElement);
    paintPicture(holder, svg, prefix);
    if (words) words.textContent = alt;
    if (line !== null) step.innerHTML = line;     // the step lines are made by widgets/html.py
    requestAnimationFrame(() => hand.rove(hadFocus, true));
  }, () => PACE_MS, (more) => holder.classList.toggle("room-playing", more));
  holder.addEventListener("click", (event) => {
    const code = clickTarget(event);
    if (pace.busy()) pace.finish();
    if (code) choose(code);
  });
  return (view) => {
    pace.play(view.frames.map((frame) => ({ ...frame }))
      .concat([{ svg: view.svg, alt: view.alt, line: view.step }]));
  };
}

function showMessage(html) {
  $("room-message").innerHTML = html;      // made by widgets/html.py
}

function refused(sentence) {
  const box = document.createElement("div");
  box.className = "cardlab-refusal";
  box.setAttribute("role", "alert");
  box.textContent = sentence;
  $("room-message").replaceChildren(box);
}

// The pause, said once (`sentence`: to a learner that the teacher paused, to the teacher how it ends).
function showBanner(paused, sentence) {
  const banner = $("room-banner");
  banner.hidden = !paused;
  banner.innerHTML = paused ? sentence : "";
}

function seatList(list, seats) {
  list.replaceChildren(...seats.map((seat) => {
    const item = document.createElement("li");
    item.className = "room-seat" + (seat.you ? " room-you" : "") + (seat.connected ? " room-on" : "");
    item.dataset.seat = seat.seat;
    const state = !seat.person ? "" : say(seat.connected ? "present" : seat.computer ? "absent_computer" : "absent");
    item.innerHTML = `<b>${seat.seat}</b> ${seat.name}`;      // the name escaped by widgets/html.py
    if (state) {
      const mark = document.createElement("span");
      mark.className = "room-presence";
      mark.innerHTML = state;
      item.append(" ", mark);
    }
    return item;
  }));
}

// ----- the table shown to the class, and the class poll -----------------------------------------

// A still picture in `holder` (a new drawing only when it changed); clicks and the keys on its
// cards call `onCard(code)`.  Returns `paint(svg)`.
function pictureView(holder, onCard) {
  const prefix = pagePrefix();
  const hand = rovingHand(holder, onCard);
  let drawn = null;
  holder.addEventListener("click", (event) => {
    const code = clickTarget(event);
    if (code) { hand.chosen(code); onCard(code); }
  });
  return (svg) => {
    if (svg === drawn) return;
    const hadFocus = holder.contains(document.activeElement);
    drawn = svg;
    paintPicture(holder, svg, prefix);
    requestAnimationFrame(() => hand.rove(hadFocus));
  };
}

// The shown table on a learner's page: the picture (the poll's, to click, while a question is
// open), the step, the question and the learner's answer, then the expert's card and reason.
function learnerShown(paint, shown, poll) {
  const part = $("room-shown");
  part.hidden = !shown && !poll;
  if (part.hidden) return;
  $("room-shown-title").innerHTML = shown ? say("looks_at", { title: shown.title }) : say("question");
  const svg = poll?.svg ?? shown?.svg;
  $("room-shown-board").hidden = !svg;
  if (svg) paint(svg);
  $("room-shown-step").innerHTML = shown?.step ?? "";
  $("room-shown-note").innerHTML = shown?.note ?? "";      // every text here made by widgets/html.py
  const question = $("room-poll-question");
  question.hidden = !poll;
  // a learner at the asked table (poll.hidden) hears the answer only once the card is played there
  const more = poll?.revealed ? "" : poll?.hidden ? say("answer_when_played")
    : poll?.cards.length ? say("click_card") : "";
  question.innerHTML = poll ? poll.question + (more ? " " + more : "") : "";
  $("room-poll-answer").innerHTML = poll?.answer ?? "";
  $("room-reveal-box").innerHTML = poll?.revealed ?? "";
}

// The poll's counts on the projector: one row a card, its count large, the expert's marked.
function tallyRows(poll) {
  $("room-tally").replaceChildren(...poll.tally.map((row) => {
    const item = document.createElement("li");
    item.className = "room-tally-row" + (row.expert ? " room-expert-card" : "");
    item.dataset.card = row.card;
    const name = document.createElement("span");
    name.className = "room-tally-name";
    name.innerHTML = row.name;                   // escaped by widgets/html.py
    const bar = document.createElement("span");
    bar.className = "room-tally-bar";
    bar.style.setProperty("--share", poll.answers ? row.count / poll.answers : 0);
    const count = document.createElement("span");
    count.className = "room-tally-count";
    count.textContent = row.count;
    item.append(name, bar, count);
    return item;
  }));
  $("room-poll-count").innerHTML = poll.counted;        // made by widgets/classroom.py
}

// ----- a learner's table --------------------------------------------------------------------------

function playPage() {
  const token = location.hash.slice(1);
  const holder = $("room-board");
  let width = 0;      // watchWidth measures it at once; the hello carries it if the socket opens later
  const screen = () => ({ width, presenter: false });
  const send = connect(token, screen, receive);
  const paint = boardView(holder, (code) => send({ play: code }));
  const paintShown = pictureView($("room-shown-board"), (code) => send({ answer: code }));
  watchWidth(holder, (now) => { width = now; send({ width }); });
  $("room-next").addEventListener("click", () => send({ next: true }));

  function receive(message, changes) {
    if (message.refused !== undefined) { refused(message.refused); return; }
    const view = message.view;
    if (!view) return;
    showBanner(view.paused, say("paused"));
    $("room-title").textContent = view.game;
    $("room-where").innerHTML = view.where;       // the name escaped by widgets/html.py
    seatList($("room-seats"), view.seats);
    learnerShown(paintShown, view.shown, view.poll);
    $("room-round").hidden = !view.duplicate;
    $("room-duplicate").innerHTML = view.duplicate;   // made by widgets/html.py
    if (view.waiting) return;
    if (!changes || ["svg", "frames", "alt", "step"].some((key) => key in changes)) paint(view);
    $("room-caption").innerHTML = view.caption;
    showMessage(view.message);
    showCalls(view.calls, (index) => send({ call: index }));
    $("room-next").hidden = !view.next;
    $("room-points").innerHTML = view.points;
    $("room-match").innerHTML = view.match;
  }
}

function showCalls(calls, onCall) {
  $("room-calls").replaceChildren(...calls.map((call) => {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = call.label;
    button.title = call.title;
    button.disabled = call.disabled;
    button.addEventListener("click", () => onCall(call.index));
    return button;
  }));
}

// ----- the teacher's room -------------------------------------------------------------------------

function teacherPage() {
  const token = location.hash.slice(1);
  $("room-close-token").value = token;     // "Close the room" proves the teacher by the token, never in an address
  const holder = $("room-board");
  let width = 0;
  let opened = null;
  let presenter = false;
  let shownAt = 0;
  const screen = () => ({ width, presenter });
  const send = connect(token, screen, receive);
  const paint = boardView(holder, () => {});
  const paintShown = pictureView($("room-shown-board"), () => {});
  watchWidth(holder, (now) => { width = now; if (opened !== null) send({ width }); });
  watchWidth($("room-shown-board"), (now) => { width = now; send({ width }); });
  const source = $("room-show-source");
  source.addEventListener("change", () => {
    $("room-show-paste").hidden = source.value !== "paste";
    $("room-show-open").disabled = source.value.startsWith("table:");
  });
  $("room-show").addEventListener("submit", (event) => {
    event.preventDefault();
    const seat = $("room-show-seat").value;
    const [kind, name] = source.value.split(/:(.*)/s);
    if (kind === "table") send({ show: { table: Number(name), seat } });
    else send({ show: { scenario: kind === "paste" ? $("room-show-text").value : name, seat,
      open: $("room-show-open").checked } });
  });
  const stepTo = (to) => send({ step: to });
  $("room-shown-start").addEventListener("click", () => stepTo(1));
  $("room-shown-back").addEventListener("click", () => stepTo(shownAt - 1));
  $("room-shown-forward").addEventListener("click", () => stepTo(shownAt + 1));
  $("room-shown-end").addEventListener("click", () => stepTo(1000));
  $("room-ask").addEventListener("click", () => send({ ask: true }));
  $("room-reveal").addEventListener("click", () => send({ reveal: true }));
  $("room-close-poll").addEventListener("click", () => send({ close_poll: true }));
  $("room-hide").addEventListener("click", () => send({ hide: true }));
  const projector = (on) => {
    presenter = on;
    document.body.classList.toggle("room-projector", on);
    $("room-projector").setAttribute("aria-pressed", String(on));
    send({ presenter: on });
  };
  $("room-projector").addEventListener("click", () => projector(!presenter));
  $("room-duplicate-form").addEventListener("submit", (event) => {
    event.preventDefault();
    send({ duplicate: Number($("room-deals").value) });
  });
  $("room-computers").addEventListener("click", () => send({ computers: true }));
  $("room-pause").addEventListener("click", () => send({ pause: true }));
  $("room-resume").addEventListener("click", () => send({ resume: true }));
  $("room-take-back").addEventListener("click", () => send({ take_back: opened }));
  $("room-teacher-next").addEventListener("click", () => send({ next: opened }));
  $("room-move").addEventListener("submit", (event) => {
    event.preventDefault();
    const who = $("room-move-from").value, to = $("room-move-to").value;
    if (!who || !to) return;
    const [table, seat] = to.split(":");
    send({ move: { who, table: Number(table), seat } });
  });

  function receive(message, changes) {
    if (message.refused !== undefined) { refused(message.refused); return; }
    if (message.misses !== undefined) { $("room-misses").innerHTML = message.misses; return; }   // made by widgets/classroom.py
    const room = message.teacher;
    if (!room) return;
    $("room-misses").innerHTML = room.misses;
    $("room-game-title").innerHTML = room.game ?? "";        // the game's title, escaped by widgets/classroom.py
    $("room-pause").hidden = room.paused;
    $("room-resume").hidden = !room.paused;
    showBanner(room.paused, say("paused_teacher"));
    tables(room.tables);
    moves(room.tables);
    showChoices(room);
    classView(room.shown, room.poll);
    $("room-duplicate").innerHTML = room.duplicate;    // made by widgets/html.py
    const open = room.open;
    $("room-open").hidden = !open;
    if (!open) return;
    $("room-open-title").innerHTML = say("open_table", { number: open.number });
    if (!changes || changes.open) paint(open);
    $("room-teacher-next").hidden = !open.over;
    $("room-points").innerHTML = open.points;
    $("room-match").innerHTML = open.match;
  }

  function tables(rows) {
    const body = $("room-tables").tBodies[0];
    $("room-tables").hidden = !rows.length;
    $("room-nobody").hidden = rows.length > 0;
    body.replaceChildren(...rows.map((row) => {
      const line = document.createElement("tr");
      line.dataset.table = row.number;
      const seats = document.createElement("ul");
      seats.className = "room-seats";
      seatList(seats, row.seats);
      const look = document.createElement("button");
      look.type = "button";
      look.innerHTML = say(row.number === opened ? "looking" : "look");
      look.addEventListener("click", () => { opened = row.number; send({ open: row.number }); });
      const cells = [document.createElement("th"), document.createElement("td"), document.createElement("td"),
        document.createElement("td"), document.createElement("td")];
      cells[0].innerHTML = say("table", { number: row.number });
      cells[1].append(seats);
      cells[2].innerHTML = row.step ?? "";          // escaped by widgets/html.py
      cells[3].innerHTML = row.points ?? "";
      cells[4].append(look);
      line.append(...cells);
      return line;
    }));
  }

  function classView(shown, poll) {
    $("room-shown").hidden = !shown;
    if (!shown && presenter) projector(false);       // the projector's button leaves with the table
    if (!shown) return;
    shownAt = shown.at ?? 1;
    $("room-shown-title").innerHTML = say(shown.open_hands ? "shown_open" : "shown",
      { title: shown.title, seat: shown.seat });
    if (shown.svg) paintShown(shown.svg);
    $("room-shown-step").innerHTML = shown.step ?? "";     // made by widgets/html.py
    $("room-shown-back").disabled = $("room-shown-start").disabled = shownAt <= 1;
    $("room-shown-forward").disabled = $("room-shown-end").disabled = shownAt >= shown.steps;
    $("room-poll").hidden = !poll;
    $("room-ask").hidden = Boolean(poll && !poll.revealed);
    $("room-reveal").hidden = !poll || Boolean(poll.revealed);
    $("room-close-poll").hidden = !poll;
    $("room-reveal-box").innerHTML = poll?.revealed ?? "";
    if (!poll) return;
    $("room-poll-question").innerHTML = poll.question;
    tallyRows(poll);
  }

  let choices = "";
  function showChoices(room) {
    $("room-duplicate-form").querySelector("[type=submit]").disabled = room.round || room.tables.length < 2;
    const now = JSON.stringify([room.tables.length, room.scenarios, room.seats, room.deals]);
    if (now === choices) return;        // an open list is not rebuilt under the teacher's pointer
    choices = now;
    const keep = [source.value, $("room-show-seat").value, $("room-deals").value];
    const option = (value, html) => {
      const item = document.createElement("option");
      item.value = value;
      item.innerHTML = html;                       // titles escaped by widgets/html.py
      return item;
    };
    source.replaceChildren(...room.tables.map((row) => option(`table:${row.number}`, say("source_table", row))),
      ...room.scenarios.map((scene) => option(`scenario:${scene.name}`, say("source_prepared", scene))),
      option("paste", say("source_paste")));
    $("room-show-seat").replaceChildren(option("", say("seat_to_play")), ...room.seats.map((seat) => option(seat, seat)));
    $("room-deals").replaceChildren(...room.deals.map((count) => option(String(count), say("deals", { count }))));
    if ([...source.options].some((item) => item.value === keep[0])) source.value = keep[0];
    $("room-show-seat").value = keep[1];
    if (keep[2]) $("room-deals").value = keep[2];
    $("room-show-paste").hidden = source.value !== "paste";
    $("room-show-open").disabled = source.value.startsWith("table:");
  }

  function moves(rows) {
    const from = $("room-move-from"), to = $("room-move-to");
    const keep = [from.value, to.value];
    const option = (value, html) => {
      const item = document.createElement("option");
      item.value = value;
      item.innerHTML = html;                       // names escaped by widgets/html.py
      return item;
    };
    from.replaceChildren(...rows.flatMap((row) => row.seats.filter((seat) => seat.person)
      .map((seat) => option(seat.key, say("move_who", { name: seat.name, number: row.number, seat: seat.seat })))));
    const fresh = rows.length + 1;      // moving someone to the table after the last opens it
    to.replaceChildren(...rows.flatMap((row) => row.seats
      .map((seat) => option(`${row.number}:${seat.seat}`,
        say("move_to", { number: row.number, seat: seat.seat, name: seat.name }))))
      .concat((rows[0]?.seats ?? []).map((seat) => option(`${fresh}:${seat.seat}`,
        say("move_new", { number: fresh, seat: seat.seat })))));
    $("room-move").hidden = !from.options.length;
    if (keep[0]) from.value = keep[0];
    if (keep[1]) to.value = keep[1];
  }
}

// ----- which page this is -------------------------------------------------------------------------

export function start() {
  const pages = { open: openForm, play: playPage, teacher: teacherPage };
  const page = pages[document.body.dataset.page];
  if (page) page();
}

if (globalThis.document) start();
