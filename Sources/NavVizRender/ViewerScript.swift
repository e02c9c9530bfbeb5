/// The zoom and pan both of navviz's viewers share (a rendered `index.html` and `navviz serve`'s page),
/// as JavaScript to inline in a `<script>`: it defines `navvizZoom(targets)`, where `targets()` returns the
/// diagrams on screen (inline `<svg>` or `<img>`, each the only child of a scrolling `.canvas`).
///
/// A diagram is drawn at 100% when it fits its canvas's width, else fitted to the width, never smaller;
/// `+` and `-` zoom every diagram on screen by the same factor, `0` goes back to that, Ctrl + wheel (a
/// trackpad pinch) zooms, dragging pans. Each diagram's scale is in its `data-scale` attribute. Call `.zoom()` after showing other diagrams and
/// `.reload(img)` when an image's source changed.
public enum ViewerScript {
    /// The script.
    public static let zoomAndPan = #"""
        function navvizZoom(targets) {
          // Each diagram's scale: 100% when it fits the width, else fitted to it, times the zoom.
          var factor = 1;
          function natural(el) {
            if (!el.dataset.w) {
              var image = el.tagName === "IMG";
              var w = image ? el.naturalWidth : el.width.baseVal.value, h = image ? el.naturalHeight : el.height.baseVal.value;
              if (!w) return null;
              el.dataset.w = w; el.dataset.h = h;
            }
            return [parseFloat(el.dataset.w), parseFloat(el.dataset.h)];
          }
          function zoom() {
            targets().forEach(function (el) {
              var size = natural(el);
              if (!size) return;
              var fit = Math.min(1, (el.parentNode.clientWidth - 2) / size[0]);
              var s = Math.max(0.1, Math.min(4, fit * factor));
              el.style.width = (size[0] * s) + "px"; el.style.height = (size[1] * s) + "px";
              el.dataset.scale = s.toFixed(3);
            });
          }
          function by(f) { factor = Math.max(0.1, Math.min(8, factor * f)); zoom(); }
          document.addEventListener("keydown", function (e) {
            if (e.ctrlKey || e.metaKey || e.altKey) return;
            if (e.key === "+" || e.key === "=") { by(1.25); e.preventDefault(); }
            else if (e.key === "-" || e.key === "_") { by(1 / 1.25); e.preventDefault(); }
            else if (e.key === "0") { factor = 1; zoom(); e.preventDefault(); }
          });
          document.addEventListener("wheel", function (e) {
            if (!e.ctrlKey || !e.target.closest(".canvas")) return;
            by(e.deltaY < 0 ? 1.1 : 1 / 1.1); e.preventDefault();
          }, { passive: false });
          var drag = null;
          document.addEventListener("mousedown", function (e) {
            var canvas = e.target.closest(".canvas");
            if (!canvas || e.button !== 0) return;
            drag = { canvas: canvas, x: e.clientX, y: e.clientY, left: canvas.scrollLeft, top: canvas.scrollTop };
            canvas.classList.add("dragging"); e.preventDefault();
          });
          document.addEventListener("mousemove", function (e) {
            if (!drag) return;
            drag.canvas.scrollLeft = drag.left - (e.clientX - drag.x); drag.canvas.scrollTop = drag.top - (e.clientY - drag.y);
          });
          document.addEventListener("mouseup", function () { if (drag) drag.canvas.classList.remove("dragging"); drag = null; });
          window.addEventListener("resize", zoom);
          return { zoom: zoom, reload: function (el) { delete el.dataset.w; delete el.dataset.scale; zoom(); } };
        }
        """#
}
