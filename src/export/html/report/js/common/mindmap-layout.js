// @ts-check
// The mind map's tree and its layout (no DOM: tests/js load it in node).
const NODE_W = 230, GAP_X = 60, GAP_Y = 10, LINE_H = 15, CHARS = 32;
function wrap(text) {
  const words = String(text).split(/\s+/);
  const lines = [];
  let line = "";
  for (const w of words) {
    if (line && (line + " " + w).length > CHARS) { lines.push(line); line = w; } else line = line ? line + " " + w : w;
    while (line.length > CHARS) { lines.push(line.slice(0, CHARS)); line = line.slice(CHARS); }
  }
  if (line) lines.push(line);
  if (lines.length > 4) { lines.length = 4; lines[3] = lines[3].slice(0, CHARS - 1) + "…"; }
  return lines.length ? lines : [""];
}

// A query and its stored tree as a node tree, built in pre-order so that a question whose
// folded text appeared earlier in the tree is marked as repeated.
function buildTree(q, nodes) {
  const root = { text: q, data: null, kids: [], open: true, depth: 0, repeat: false };
  const seen = new Set();
  const stack = [];
  const push = (list, parent) => { for (let i = (list || []).length - 1; i >= 0; i--) stack.push([list[i], parent]); };
  push(nodes, root);
  while (stack.length) {
    const [n, parent] = stack.pop();
    const f = fold(n[NODE.question]);
    const node = { text: n[NODE.question], data: n, kids: [], open: parent.depth < 2, depth: parent.depth + 1, repeat: seen.has(f) };
    seen.add(f);
    parent.kids.push(node);
    push(n[NODE.children], node);
  }
  return root;
}

// Tidy layout, left to right (the same as `paa map`, src/export/mind_map_layout.cpp): depth
// gives x; every subtree owns a horizontal band as tall as its node or its children's bands
// stacked, whichever is taller; sibling bands are stacked with a gap and each node is centred
// in its band. Bands of different subtrees never overlap, so neither do nodes.
function layout(root) {
  const order = [];
  const stack = [root];
  while (stack.length) {
    const n = stack.pop();
    n.lines = n.lines || wrap(n.text);
    n.h = n.lines.length * LINE_H + 12 + (n.repeat ? LINE_H : 0);
    n.x = n.depth * (NODE_W + GAP_X);
    order.push(n);
    const kids = n.open ? n.kids : [];
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
  }
  for (let i = order.length - 1; i >= 0; i--) {
    const n = order[i];
    const kids = n.open ? n.kids : [];
    let sum = kids.length ? GAP_Y * (kids.length - 1) : 0;
    for (const k of kids) sum += k.band;
    n.kidsBand = sum;
    n.band = Math.max(n.h, sum);
  }
  root.top = 0;
  for (const n of order) {
    n.y = n.top + (n.band - n.h) / 2;
    let top = n.top + (n.band - n.kidsBand) / 2;
    for (const k of n.open ? n.kids : []) { k.top = top; top += k.band + GAP_Y; }
  }
  return order;
}
