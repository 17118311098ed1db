// The served lesson page watches its own kernel (widgets/server.py puts this script in the
// page's <head>, before Voila's scripts open the kernel's websocket). When the connection to the
// server is lost, or the kernel stops or restarts, the cards no longer answer: the page says so
// in a sentence and offers Reload (which keeps the address, so a table that writes its state
// into the address comes back as it was).
(() => {
  "use strict";
  const CHANNELS = /\/api\/kernels\/([0-9a-f-]{36})\/channels/;
  const GRACE_MS = 4000; // the page's own reconnection gets this long before we ask the server
  // The server keeps a websocket open when its kernel is shut down or culled, so we also ask.
  const POLL_MS = 5000;
  const SENTENCES = {
    server: "The connection to the server was lost, so the cards no longer answer.",
    stopped: "This table's kernel (the Python program behind the cards) has stopped, " +
      "or the server restarted, so the cards no longer answer.",
    restarted: "This table's kernel (the Python program behind the cards) restarted and " +
      "forgot the game, so the cards no longer answer.",
  };
  let unloading = false;
  let shown = false;
  let kernelId = null;
  let openSockets = 0;
  let pending = null;

  window.addEventListener("beforeunload", () => { unloading = true; });

  function show(reason) {
    if (shown || unloading) return;
    shown = true;
    const bar = document.createElement("div");
    bar.className = "cardlab-connection";
    bar.dataset.reason = reason;
    bar.setAttribute("role", "alert");
    bar.style.cssText = "position:fixed;top:0;left:0;right:0;z-index:10000;display:flex;" +
      "gap:12px;align-items:center;padding:12px 16px;font:16px/1.4 sans-serif;" +
      "background:#fff3cd;color:#3d2c00;border-bottom:2px solid #8a6d00";
    const text = document.createElement("span");
    text.textContent = SENTENCES[reason] + " Reload the page to sit down again.";
    const button = document.createElement("button");
    button.type = "button";
    button.className = "cardlab-reload";
    button.textContent = "Reload";
    button.addEventListener("click", () => window.location.reload());
    bar.append(text, button);
    document.body.append(bar);
    button.focus();
  }

  function baseUrl() {
    const el = document.getElementById("jupyter-config-data");
    try {
      return JSON.parse(el.textContent).baseUrl || "/";
    } catch (e) {
      return "/";
    }
  }

  // The page's _xsrf cookie, sent back as a header as JupyterLab's own requests do: a
  // JupyterHub user's server (4.1 and later) refuses a script's request without it.
  function xsrfToken() {
    const found = document.cookie.match(/(?:^|;\s*)_xsrf=([^;]*)/);
    return found ? found[1] : "";
  }

  async function probe() {
    try {
      const reply = await fetch(`${baseUrl()}api/kernels/${kernelId}`,
                                {cache: "no-store", credentials: "same-origin",
                                 headers: {"X-XSRFToken": xsrfToken()}});
      if (reply.status === 404) show("stopped");
      else if (!reply.ok) show("server");
    } catch (e) {
      show("server");
    }
  }

  // Kernel status of one websocket frame: JSON text, or the binary v1 protocol
  // (8-byte count, 8-byte offsets, then channel, header, parent header, metadata, content).
  function kernelStatus(data) {
    let header, content;
    if (typeof data === "string") {
      const msg = JSON.parse(data);
      header = msg.header || msg;
      content = msg.content;
      if (header.msg_type !== "status") return null;
    } else if (data instanceof ArrayBuffer) {
      const view = new DataView(data);
      const count = Number(view.getBigUint64(0, true));
      if (count < 6) return null;
      const offset = (i) => Number(view.getBigUint64(8 * (i + 1), true));
      const part = (i) => new TextDecoder().decode(new Uint8Array(data, offset(i), offset(i + 1) - offset(i)));
      header = JSON.parse(part(1));
      if (header.msg_type !== "status") return null;
      content = JSON.parse(part(4));
    } else {
      return null;
    }
    return content && content.execution_state;
  }

  function watch(socket, id) {
    if (kernelId === null) setInterval(() => { if (!shown) probe(); }, POLL_MS);
    kernelId = id;
    let open = false;
    socket.addEventListener("open", () => {
      open = true;
      openSockets += 1;
      clearTimeout(pending);
    });
    socket.addEventListener("close", () => {
      if (open) openSockets -= 1;
      if (unloading) return;
      clearTimeout(pending);
      pending = setTimeout(() => { if (openSockets === 0) probe(); }, GRACE_MS);
    });
    socket.addEventListener("message", (event) => {
      let status = null;
      try {
        status = kernelStatus(event.data);
      } catch (e) {
        return;
      }
      if (status === "restarting") show("restarted");
      else if (status === "dead") show("stopped");
    });
  }

  const NativeWebSocket = window.WebSocket;
  class WatchedWebSocket extends NativeWebSocket {
    constructor(url, protocols) {
      super(url, protocols);
      const match = CHANNELS.exec(String(url));
      if (match) watch(this, match[1]);
    }
  }
  window.WebSocket = WatchedWebSocket;
})();
