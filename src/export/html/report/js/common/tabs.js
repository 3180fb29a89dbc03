// @ts-check
// The tab bar: aria-selected and the active panel; arrows move between tabs. `pick(name)` is
// called on a click or an arrow; `select(name)` only marks the tab.
function Tabs(names, pick) {
  names.forEach((t, i) => {
    const b = $("tab-" + t);
    b.addEventListener("click", () => pick(t));
    b.addEventListener("keydown", (e) => {
      if (e.key !== "ArrowRight" && e.key !== "ArrowLeft") return;
      const n = names[(i + (e.key === "ArrowRight" ? 1 : names.length - 1)) % names.length];
      pick(n);
      $("tab-" + n).focus();
    });
  });
  return {
    select(name) {
      for (const t of names) {
        $("tab-" + t).setAttribute("aria-selected", t === name ? "true" : "false");
        $("panel-" + t).classList.toggle("active", t === name);
      }
    },
  };
}
