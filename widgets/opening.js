// The lesson's opening page (widgets/server.py, LessonPageHandler): a request without the visitor
// cookie gets this page, not a kernel. Set the cookie the server signed (in the page's meta tag) and
// load the page again, which now starts the lesson; a browser that keeps no cookie, or a page loaded
// again and again within half a minute, shows why instead of looping.
(() => {
  const cookie = document.querySelector('meta[name="cardlab-visitor"]').content;
  const name = cookie.split("=", 1)[0] + "=";
  const now = Date.now();
  const recent = JSON.parse(sessionStorage.getItem("cardlab-opening") || "[]").filter((t) => now - t < 30000);
  document.cookie = cookie;
  if (document.cookie.includes(name) && recent.length < 3) {
    sessionStorage.setItem("cardlab-opening", JSON.stringify([...recent, now]));
    location.reload();   // not location.replace(location.href): with a #fragment that only scrolls
  } else {
    addEventListener("DOMContentLoaded", () => {
      document.getElementById("cardlab-opening").hidden = true;
      document.getElementById("cardlab-no-cookie").hidden = false;
    });
  }
})();
