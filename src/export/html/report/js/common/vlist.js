// @ts-check
// A virtual list: only the rows in view exist in the DOM. Chromium lays out no element much
// taller than 33 million pixels, so past MAX_HEIGHT the spacer stays that tall and the scroll
// position maps proportionally onto the rows (a million queries stay reachable to the last).
const MAX_HEIGHT = 4000000;
function VList(container, spacer, rowHeight, render, headerHeight) {
  const offset = headerHeight || 0;
  let count = 0;
  let scheduled = false;
  const view = () => Math.max(1, container.clientHeight - offset);
  // Rows' pixels per scrolled pixel: 1 unless the list is taller than MAX_HEIGHT.
  const scale = () => {
    const total = count * rowHeight;
    return total <= MAX_HEIGHT ? 1 : Math.max(1, (total - view()) / Math.max(1, MAX_HEIGHT - view()));
  };
  function draw() {
    scheduled = false;
    const scroll = Math.max(0, container.scrollTop - offset);
    const k = scale();
    const virtual = scroll * k;
    const first = Math.max(0, Math.floor(virtual / rowHeight) - 5);
    const last = Math.min(count, Math.ceil((virtual + container.clientHeight) / rowHeight) + 5);
    spacer.textContent = "";
    for (let i = first; i < last; i++) {
      const row = render(i);
      row.style.top = i * rowHeight + (scroll - virtual) + "px";
      spacer.appendChild(row);
    }
  }
  const schedule = () => { if (!scheduled) { scheduled = true; requestAnimationFrame(draw); } };
  container.addEventListener("scroll", schedule);
  window.addEventListener("resize", schedule);
  return {
    setCount(n) { count = n; spacer.style.height = Math.min(n * rowHeight, MAX_HEIGHT) + "px"; draw(); },
    redraw: draw,
    schedule,
    reveal(i) {
      const k = scale();
      const top = i * rowHeight;
      if (k === 1) {
        if (top < container.scrollTop) container.scrollTop = top;
        else if (top + rowHeight > container.scrollTop + container.clientHeight) container.scrollTop = top + rowHeight - container.clientHeight;
      } else {
        let virtual = Math.max(0, container.scrollTop - offset) * k;
        if (top < virtual) virtual = top;
        else if (top + rowHeight > virtual + view()) virtual = top + rowHeight - view();
        container.scrollTop = offset + virtual / k;
      }
      draw();
    },
  };
}
