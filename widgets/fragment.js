// The page address's fragment as the share bar writes it: "#<key>=<address>&…", each name and
// value made of letters, digits, "-" and "_" (widgets/share.py); shared by the share bar and the
// preview, which wakes when the address holds its table.
const SAFE = /^[A-Za-z0-9_-]*$/;

// The fragment as name -> value pairs, or null when it is not ours to change.
export function fragmentParts() {
  const raw = location.hash.replace(/^#/, "");
  const parts = new Map();
  if (raw === "") return parts;
  for (const part of raw.split("&")) {
    const eq = part.indexOf("=");
    if (eq < 1 || !SAFE.test(part.slice(0, eq)) || !SAFE.test(part.slice(eq + 1))) return null;
    parts.set(part.slice(0, eq), part.slice(eq + 1));
  }
  return parts;
}

export function addressWith(parts, key, address) {
  const next = new Map(parts);
  if (address) next.set(key, address); else next.delete(key);
  const fragment = [...next].map(([name, value]) => name + "=" + value).join("&");
  return location.href.split("#")[0] + (fragment ? "#" + fragment : "");
}
