// Runs before the first paint (a blocking script in <head>): the remembered theme and language, so a
// dark-mode reader never sees a white flash. The React providers keep both in step afterwards.
(function () {
  try {
    var root = document.documentElement;
    var pref = localStorage.getItem("fawn:theme");
    var dark = pref === "dark" || (pref !== "light" && window.matchMedia("(prefers-color-scheme: dark)").matches);
    root.classList.toggle("dark", dark);
    root.style.colorScheme = dark ? "dark" : "light";
    var locale = localStorage.getItem("fawn:locale");
    if (locale === "en" || locale === "zh-CN") root.lang = locale;
  } catch (e) {
    // Storage blocked: light theme, English until the app decides.
  }
})();
