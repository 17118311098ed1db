// Save a text as a file the browser downloads (the share bar's scenario, the learner's progress):
// a Blob behind a link clicked once, its address released once the download has begun.
export function saveText(text, name) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}
