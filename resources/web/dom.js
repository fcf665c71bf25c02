// SPDX-License-Identifier: GPL-3.0-or-later
// The phone page's one DOM helper, shared by the shell and the game pages that build with it.

// One element with attributes and children; text children become text nodes.
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs ?? {})) {
    if (v === null || v === undefined || v === false)
      continue;
    if (k.startsWith("on"))
      el.addEventListener(k.slice(2), v);
    else if (k === "class")
      el.className = v;
    else if (k === "text")
      el.textContent = v;
    else
      el.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c !== null && c !== undefined && c !== false)
      el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}
