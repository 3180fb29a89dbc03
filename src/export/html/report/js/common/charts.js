// @ts-check
// --- charts ------------------------------------------------------------------------------
// Horizontal bar charts drawn as inline SVG by the page itself (no library, no request): where
// a picture reads faster than a table (shares, sizes, mixes, figures per run). Each chart is a
// <figure> whose SVG is role="img" named by its caption, each bar titled with its label and
// value, and whose numbers are also a table (class chart-data: read by screen readers, shown
// when the page is printed). Every bar carries data-label, data-series and data-value, so a
// test reads the figures the chart drew.
//   title: the caption; series: [[name, colour class], ...] (one or more); rows: [[label,
//   [value per series]], ...] in the order drawn; format: a value as text.
const SVG_NS = "http://www.w3.org/2000/svg";
function svgEl(name, attrs) {
  const e = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, String(v));
  return e;
}
function barChart(title, series, rows, format) {
  const fig = el("figure", "chart");
  fig.appendChild(el("figcaption", null, title));
  const labelW = 180, barW = 250, valueW = 70, barH = 14, gap = 6;
  const rowH = series.length * barH + gap;
  const legendH = series.length > 1 ? 20 : 0;
  const height = legendH + rows.length * rowH + 4;
  const svg = svgEl("svg", { width: labelW + barW + valueW, height, viewBox: `0 0 ${labelW + barW + valueW} ${height}`, role: "img" });
  svg.setAttribute("aria-label", title);
  let max = 0;
  for (const [, values] of rows) for (const v of values) max = Math.max(max, v);
  if (series.length > 1) {
    series.forEach(([name, cls], s) => {
      const x = labelW + s * 120;
      svg.appendChild(svgEl("rect", { x, y: 4, width: 10, height: 10, class: "bar " + cls }));
      const t = svgEl("text", { x: x + 14, y: 13, class: "legend" });
      t.textContent = name;
      svg.appendChild(t);
    });
  }
  rows.forEach(([label, values], r) => {
    const y = legendH + r * rowH;
    const name = svgEl("text", { x: labelW - 6, y: y + (series.length * barH) / 2 + 4, "text-anchor": "end", class: "label" });
    name.textContent = label.length > 30 ? label.slice(0, 29) + "…" : label;
    svg.appendChild(name);
    series.forEach(([sname, cls], s) => {
      const v = values[s] || 0;
      const w = max > 0 ? Math.max(v > 0 ? 1 : 0, (v / max) * barW) : 0;
      const bar = svgEl("rect", { x: labelW, y: y + s * barH, width: w.toFixed(1), height: barH - 2, class: "bar " + cls,
        "data-label": label, "data-series": sname, "data-value": v });
      const tip = svgEl("title");
      tip.textContent = label + (series.length > 1 ? " · " + sname : "") + ": " + format(v);
      bar.appendChild(tip);
      svg.appendChild(bar);
      const num = svgEl("text", { x: labelW + w + 4, y: y + s * barH + barH - 4, class: "value" });
      num.textContent = format(v);
      svg.appendChild(num);
    });
  });
  fig.appendChild(svg);
  const table = el("table", "chart-data");
  const head = el("tr");
  head.appendChild(el("th", null, ""));
  for (const [name] of series) head.appendChild(el("th", "num", name));
  table.appendChild(head);
  for (const [label, values] of rows) {
    const tr = el("tr");
    tr.appendChild(el("td", null, label));
    series.forEach((_, s) => tr.appendChild(el("td", "num", format(values[s] || 0))));
    table.appendChild(tr);
  }
  fig.appendChild(table);
  return fig;
}
// Charts side by side in `box` (emptied first); none drawn when `charts` is empty.
function drawCharts(box, charts) {
  box.textContent = "";
  for (const c of charts) box.appendChild(c);
}
